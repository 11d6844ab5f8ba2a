/**
 * Parameters in every place (path, query, header, cookie, querystring), as the client's input
 * object and the tool's input schema carry them: matched by place and wire name (path parameters
 * by their position in the path), then compared as request values that travel as text.
 */
import type { InputFieldModel } from '../../model/types.js';
import { code, operationOf, type CompareContext, type OperationPair } from './context.js';
import type { SchemaMemo } from './schema-walk.js';
import { compareSchemas } from './schemas.js';

const PLACES = new Set(['path', 'query', 'header', 'cookie', 'querystring']);

function parametersOf(fields: readonly InputFieldModel[]): InputFieldModel[] {
  return fields.filter((f) => PLACES.has(f.in));
}

function key(field: InputFieldModel): string {
  return `${field.in} ${field.in === 'header' ? field.wireName.toLowerCase() : field.wireName}`;
}

/** Old path parameter names mapped to the new ones at the same position of the path. */
function pathRenames(oldPath: string, newPath: string): Map<string, string> {
  const names = (path: string) => [...path.matchAll(/\{([^}]*)\}/g)].map((m) => m[1] as string);
  const a = names(oldPath);
  const b = names(newPath);
  const renames = new Map<string, string>();
  if (a.length !== b.length) return renames;
  a.forEach((name, i) => {
    if (name !== b[i]) renames.set(name, b[i] as string);
  });
  return renames;
}

export function compareParameters(ctx: CompareContext, pair: OperationPair, memo: SchemaMemo): void {
  const { old: a, new: b } = pair;
  const operation = operationOf(b);
  const renames = pathRenames(a.path, b.path);
  const olds = parametersOf(a.input);
  const news = parametersOf(b.input);
  const newByKey = new Map(news.map((f) => [key(f), f]));
  const matched = new Set<InputFieldModel>();
  for (const was of olds) {
    const renamed = was.in === 'path' ? renames.get(was.wireName) : undefined;
    const is = newByKey.get(renamed === undefined ? key(was) : `path ${renamed}`);
    const at = { operation, oldPointer: was.pointer };
    if (is && !matched.has(is)) {
      matched.add(is);
      if (renamed !== undefined)
        ctx.report({
          rule: 'path-parameter-renamed',
          ...at,
          newPointer: is.pointer,
          message: `path parameter ${code(was.wireName)} is now ${code(is.wireName)}`,
        });
      compareParameter(ctx, pair, was, is, memo);
      continue;
    }
    const moved = news.find((f) => !matched.has(f) && f.wireName.toLowerCase() === was.wireName.toLowerCase() && f.in !== was.in);
    if (moved) {
      matched.add(moved);
      ctx.report({
        rule: 'parameter-location-changed',
        ...at,
        newPointer: moved.pointer,
        message: `parameter ${code(was.wireName)} moved from ${was.in} to ${moved.in}`,
      });
      compareParameter(ctx, pair, was, moved, memo);
      continue;
    }
    ctx.report({ rule: 'parameter-removed', ...at, newPointer: b.pointer, message: `${was.in} parameter ${code(was.wireName)} removed` });
  }
  for (const is of news) {
    if (matched.has(is)) continue;
    const rule = is.required ? 'parameter-added-required' : 'parameter-added-optional';
    ctx.report({
      rule,
      operation,
      oldPointer: a.pointer,
      newPointer: is.pointer,
      message: `${is.required ? 'required' : 'optional'} ${is.in} parameter ${code(is.wireName)} added`,
    });
  }
}

function compareParameter(ctx: CompareContext, pair: OperationPair, was: InputFieldModel, is: InputFieldModel, memo: SchemaMemo): void {
  const operation = operationOf(pair.new);
  const at = { operation, oldPointer: was.pointer, newPointer: is.pointer };
  const label = `${is.in} parameter ${code(is.wireName)}`;
  if (!was.required && is.required) ctx.report({ rule: 'parameter-became-required', ...at, message: `${label} is now required` });
  if (was.required && !is.required) ctx.report({ rule: 'parameter-became-optional', ...at, message: `${label} is now optional` });
  if (was.name !== is.name && key(was) === key(is))
    ctx.report({ rule: 'parameter-input-name-changed', ...at, message: `${label} is ${code(is.name)} in the input object, was ${code(was.name)}` });
  if ((was.style ?? '') !== (is.style ?? '') || (was.explode ?? '') !== (is.explode ?? ''))
    ctx.report({
      rule: 'parameter-style-changed',
      ...at,
      message: `${label} is serialized otherwise (style ${was.style ?? 'default'} -> ${is.style ?? 'default'}, explode ${was.explode ?? 'default'} -> ${is.explode ?? 'default'})`,
    });
  if ((was.contentType ?? '') !== (is.contentType ?? ''))
    ctx.report({ rule: 'parameter-content-type-changed', ...at, message: `${label} content ${was.contentType ?? 'none'} -> ${is.contentType ?? 'none'}` });
  if (!was.deprecated && is.deprecated) ctx.report({ rule: 'parameter-deprecated', ...at, message: `${label} is now deprecated` });
  const findings = compareSchemas({
    old: ctx.old,
    new: ctx.new,
    scope: { direction: 'request', serialized: true },
    memo,
    oldAt: { schema: was.schema, pointer: was.pointer },
    newAt: { schema: is.schema, pointer: is.pointer },
    where: `${is.in} parameter ${is.wireName}`,
  });
  for (const finding of findings) ctx.report({ ...finding, operation });
}
