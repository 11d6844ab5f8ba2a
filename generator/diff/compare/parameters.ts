/**
 * Parameters in every place (path, query, header, cookie, querystring), as the client's input
 * object and the tool's input schema carry them: matched by place and wire name (path parameters
 * by their position in the path), then compared as request values that travel as text.
 */
import type { InputFieldModel } from '../../model/types.js';
import { code, type CompareContext, type OperationPair, operationOf } from './context.js';
import { parameterLifecycle, sunsetMove } from './lifecycle.js';
import { type ChangeRecord, sameName } from './record.js';
import type { SchemaMemo } from './schema-walk.js';
import { compareSchemas } from './schemas.js';

const PLACES = new Set(['path', 'query', 'header', 'cookie', 'querystring']);

function parametersOf(fields: readonly InputFieldModel[]): InputFieldModel[] {
  return fields.filter((f) => PLACES.has(f.in));
}

function key(field: InputFieldModel): string {
  return `${field.in} ${field.in === 'header' ? field.wireName.toLowerCase() : field.wireName}`;
}

/** `query parameter `limit``: a parameter as messages name it. */
export function parameterLabel(field: Pick<InputFieldModel, 'in' | 'wireName'>): string {
  return `${field.in} parameter ${code(field.wireName)}`;
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

/** What a record of a parameter's presence says of it. */
function presence(field: InputFieldModel): { in: string; name: string; input: string; required: boolean } {
  return { in: field.in, name: field.wireName, input: field.name, required: field.required };
}

export function compareParameters(ctx: CompareContext, pair: OperationPair, memo: SchemaMemo): void {
  const { old: a, new: b } = pair;
  const operations = [operationOf(b)];
  const renames = pathRenames(a.path, b.path);
  const olds = parametersOf(a.input);
  const news = parametersOf(b.input);
  const newByKey = new Map(news.map((f) => [key(f), f]));
  const matched = new Set<InputFieldModel>();
  for (const was of olds) {
    const renamed = was.in === 'path' ? renames.get(was.wireName) : undefined;
    const is = newByKey.get(renamed === undefined ? key(was) : `path ${renamed}`);
    const record = { family: 'parameter' as const, direction: 'request' as const, operations, oldPointer: was.pointer };
    if (is && !matched.has(is)) {
      matched.add(is);
      if (renamed !== undefined)
        ctx.record({ ...record, keyword: 'pathName', where: parameterLabel(is), old: was.wireName, new: is.wireName, newPointer: is.pointer });
      compareParameter(ctx, pair, was, is, memo);
      continue;
    }
    const moved = news.find((f) => !matched.has(f) && f.wireName.toLowerCase() === was.wireName.toLowerCase() && f.in !== was.in);
    if (moved) {
      matched.add(moved);
      ctx.record({ ...record, keyword: 'location', where: parameterLabel(moved), old: was.in, new: moved.in, newPointer: moved.pointer });
      compareParameter(ctx, pair, was, moved, memo);
      continue;
    }
    ctx.record({
      ...record,
      keyword: 'presence',
      where: parameterLabel(was),
      old: presence(was),
      newPointer: b.pointer,
      facts: { lifecycle: parameterLifecycle(ctx.old, was) },
    });
  }
  for (const is of news) {
    if (matched.has(is)) continue;
    ctx.record({
      family: 'parameter',
      keyword: 'presence',
      direction: 'request',
      where: parameterLabel(is),
      new: presence(is),
      oldPointer: a.pointer,
      newPointer: is.pointer,
      operations,
    });
  }
}

function compareParameter(ctx: CompareContext, pair: OperationPair, was: InputFieldModel, is: InputFieldModel, memo: SchemaMemo): void {
  const operations = [operationOf(pair.new)];
  const record = (keyword: string, old: unknown, next: unknown, more: Partial<ChangeRecord> = {}) =>
    ctx.record({
      family: 'parameter',
      keyword,
      direction: 'request',
      where: parameterLabel(is),
      ...(old !== undefined ? { old } : {}),
      ...(next !== undefined ? { new: next } : {}),
      oldPointer: was.pointer,
      newPointer: is.pointer,
      operations,
      ...more,
    });
  if (was.required !== is.required) record('required', was.required, is.required);
  if (was.name !== is.name && key(was) === key(is)) record('inputName', was.name, is.name);
  if ((was.style ?? '') !== (is.style ?? '') || (was.explode ?? '') !== (is.explode ?? ''))
    record('style', { style: was.style, explode: was.explode }, { style: is.style, explode: is.explode });
  if ((was.contentType ?? '') !== (is.contentType ?? '')) record('contentType', was.contentType, is.contentType);
  const [a, b] = [parameterLifecycle(ctx.old, was), parameterLifecycle(ctx.new, is)];
  if (!was.deprecated && is.deprecated) record('deprecated', false, true, { facts: { lifecycle: b } });
  const moved = sunsetMove(a, b);
  if (moved) record('sunset', moved.old, moved.new, { facts: moved.facts });
  const found = compareSchemas({
    old: ctx.old,
    new: ctx.new,
    scope: { direction: 'request', serialized: true },
    memo,
    oldAt: { schema: was.schema, pointer: was.pointer },
    newAt: { schema: is.schema, pointer: is.pointer },
    where: sameName(`${is.in} parameter ${is.wireName}`),
  });
  for (const found1 of found) ctx.record({ ...found1, family: 'schema', direction: 'request', operations });
}
