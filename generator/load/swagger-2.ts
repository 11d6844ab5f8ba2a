import { upgrade } from '@scalar/openapi-upgrader';
import { decodeToken, escapeToken, getByPointer } from '../json-pointer.js';
import { withLazyPlace, type Problem } from '../problems.js';

/**
 * Swagger 2.0, read by converting it to OpenAPI 3.0 in memory (@scalar/openapi-upgrader): `body`
 * and `formData` parameters become request bodies (a `type: file` field a binary string),
 * `collectionFormat` a parameter's `style` and `explode`, `x-nullable` `nullable`, `produces` and
 * `consumes` the content types of responses and request bodies, `securityDefinitions` security
 * schemes (oauth2's `flow` its `flows`), `host`, `basePath` and `schemes` the servers.
 *
 * The user wrote the 2.0 document, so the lint reads it as written (redocly's oas2 rules) and every
 * later problem, which points into the converted document, is placed back in it with
 * {@link originalPointer}.
 */
export function convertSwagger2(bundled: unknown): Record<string, unknown> {
  // The converter changes what it is given, and the bundle may be the parsed root lint reads; its
  // result may hold one node in two places (a response schema under each content type): the JSON
  // round trips give the later stages a tree of their own, as JSON.parse makes it.
  const input = JSON.parse(JSON.stringify(bundled)) as Record<string, unknown>;
  inlineBodyParameters(input);
  nullableRefs(input);
  const converted = JSON.parse(JSON.stringify(upgrade(input, '3.0'))) as Record<string, unknown>;
  requireFormBodies(bundled, converted);
  return converted;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'];

/**
 * `x-nullable: true` beside a `$ref` (the usual way 2.0 documents make a referenced schema nullable;
 * the tools that write them read it so) becomes `allOf: [$ref]` beside it: converted as it is, it
 * would be `nullable` beside a `$ref`, which OpenAPI 3.0 ignores.
 */
function nullableRefs(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const item of node) nullableRefs(item);
    return;
  }
  const record = node as Record<string, unknown>;
  if (typeof record.$ref === 'string' && record['x-nullable'] === true) {
    record.allOf = [{ $ref: record.$ref }];
    delete record.$ref;
  }
  for (const value of Object.values(record)) nullableRefs(value);
}

type RawParameter = { $ref?: unknown; in?: unknown; name?: unknown; required?: unknown };

/**
 * Gives every operation its `body` and `formData` parameters inline, as the converter reads them:
 * it turns one named by `$ref` (`#/parameters/Pet`) into a `parameters` entry naming a request body,
 * and leaves a path item's own to no operation. Each such parameter is copied in place of its
 * `$ref`, and a path item's into each of its operations that has none of the same name and place.
 */
function inlineBodyParameters(document: Record<string, unknown>): void {
  const resolve = (parameter: unknown): RawParameter | undefined => {
    const ref = (parameter as RawParameter | undefined)?.$ref;
    return (typeof ref === 'string' ? getByPointer(document, ref) : parameter) as RawParameter | undefined;
  };
  const inBody = (parameter: RawParameter | undefined) => parameter?.in === 'body' || parameter?.in === 'formData';
  const inline = (list: unknown[]) =>
    list.map((parameter) => {
      const target = resolve(parameter);
      return inBody(target) && parameter !== target ? JSON.parse(JSON.stringify(target)) : parameter;
    });
  for (const item of Object.values((document.paths ?? {}) as Record<string, Record<string, unknown> | undefined>)) {
    if (!item || typeof item !== 'object') continue;
    const shared = Array.isArray(item.parameters) ? inline(item.parameters) : [];
    const moved = shared.filter((p) => inBody(p as RawParameter));
    if (Array.isArray(item.parameters)) item.parameters = shared.filter((p) => !inBody(p as RawParameter));
    for (const method of METHODS) {
      const operation = item[method] as { parameters?: unknown } | undefined;
      if (!operation || typeof operation !== 'object') continue;
      const own = Array.isArray(operation.parameters) ? inline(operation.parameters) : [];
      const same = (a: RawParameter, b: RawParameter) => a.in === b.in && a.name === b.name;
      const added = moved.filter((p) => !own.some((o) => same(resolve(o) ?? {}, p as RawParameter))).map((p) => JSON.parse(JSON.stringify(p)) as unknown);
      if (own.length + added.length > 0) operation.parameters = [...own, ...added];
    }
  }
}

/**
 * A request body made of `formData` parameters is required when one of them is (the converter
 * leaves it optional, so the client would type every form field optional): as a `body`
 * parameter's `required` makes its request body required.
 */
function requireFormBodies(original: unknown, converted: Record<string, unknown>): void {
  const parameterOf = (parameter: unknown) => {
    const ref = (parameter as { $ref?: unknown } | undefined)?.$ref;
    return (typeof ref === 'string' ? getByPointer(original, ref) : parameter) as { in?: unknown; required?: unknown } | undefined;
  };
  const paths = (original as { paths?: Record<string, Record<string, { parameters?: unknown } | undefined> | undefined> }).paths ?? {};
  for (const [path, item] of Object.entries(paths)) {
    if (!item || typeof item !== 'object') continue;
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation || typeof operation !== 'object') continue;
      const own = Array.isArray(operation.parameters) ? operation.parameters : [];
      const required = [...shared, ...own].map(parameterOf).some((p) => p?.in === 'formData' && p.required === true);
      const body = getByPointer(converted, toPointer(['paths', path, method, 'requestBody'])) as Record<string, unknown> | undefined;
      if (required && body && typeof body === 'object' && !('$ref' in body)) body.required = true;
    }
  }
}

/**
 * What the conversion cannot carry, said at its place in the 2.0 document: `collectionFormat: tsv`
 * has no OpenAPI 3.0 `style`, so the parameter is read as 3.0's default for its place (repeated
 * query fields, comma-separated elsewhere).
 */
export function conversionWarnings(original: unknown, file: string, locate: (pointer: string) => { line: number; col: number } | undefined): Problem[] {
  const problems: Problem[] = [];
  const warn = (parameter: unknown, at: string[]) => {
    if ((parameter as { collectionFormat?: unknown } | undefined)?.collectionFormat !== 'tsv') return;
    const pointer = toPointer([...at, 'collectionFormat']);
    const name = String((parameter as { name?: unknown }).name);
    problems.push(
      withLazyPlace(
        {
          code: 'load/not-converted',
          severity: 'warn',
          file,
          pointer,
          message: `\`collectionFormat: tsv\` of \`${name}\` has no OpenAPI 3.0 form; it is sent as OpenAPI 3.0's default for its place`,
          hint: 'use csv, ssv, pipes or multi',
        },
        () => locate(pointer),
      ),
    );
  };
  const each = (list: unknown, at: string[]) => {
    if (Array.isArray(list)) for (const [index, parameter] of list.entries()) warn(parameter, [...at, String(index)]);
  };
  const document = original as { parameters?: Record<string, unknown>; paths?: Record<string, Record<string, { parameters?: unknown } | undefined>> };
  for (const [name, parameter] of Object.entries(document.parameters ?? {})) warn(parameter, ['parameters', name]);
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    if (!item || typeof item !== 'object') continue;
    for (const [key, value] of Object.entries(item)) {
      if (key === 'parameters') each(value, ['paths', path, 'parameters']);
      else each(value?.parameters, ['paths', path, key, 'parameters']);
    }
  }
  return problems;
}

/** Whether the parsed root is a Swagger 2.0 document. */
export function isSwagger2(parsed: unknown): boolean {
  return !!parsed && typeof parsed === 'object' && (parsed as { swagger?: unknown }).swagger === '2.0';
}

const COMPONENTS: Record<string, string> = {
  schemas: 'definitions',
  parameters: 'parameters',
  responses: 'responses',
  securitySchemes: 'securityDefinitions',
  requestBodies: 'parameters',
};

/**
 * The place in the 2.0 document (`original`) of a pointer into its conversion (`converted`): the
 * same place where both have it (`#/paths/~1pets/get/operationId`), the 2.0 form of a moved one
 * (`components/schemas` -> `definitions`, a request body -> its `body` or `formData` parameter, a
 * response's content -> its `schema`, a parameter's `schema` -> the parameter), else the nearest
 * enclosing place the 2.0 document has: at worst the operation, or the path.
 */
export function originalPointer(original: unknown, converted: unknown, pointer: string): string {
  const tokens = pointer.replace(/^#/, '').split('/').slice(1).map(decodeToken);
  const mapped = mapTokens(original, converted, tokens);
  // The nearest enclosing place that exists as written.
  for (let length = mapped.length; length > 0; length--) {
    const candidate = toPointer(mapped.slice(0, length));
    if (getByPointer(original, candidate) !== undefined) return candidate;
  }
  return '#';
}

function mapTokens(original: unknown, converted: unknown, tokens: string[]): string[] {
  const [head, kind, ...rest] = tokens;
  if (head === 'components' && kind !== undefined) {
    const target = COMPONENTS[kind];
    return target ? [target, ...rest] : tokens;
  }
  if (head !== 'paths' || tokens.length < 3) return tokens;
  // `#/paths/{path}/parameters/...` (the path item's) or `#/paths/{path}/{method}/...`.
  const path = tokens[1] as string;
  const atItem = tokens[2] === 'parameters';
  const base = atItem ? ['paths', path] : ['paths', path, tokens[2] as string];
  const after = tokens.slice(base.length);
  const [field, key, ...more] = after;
  if (field === 'parameters' && key !== undefined) return [...base, ...parameterTokens(original, converted, base, Number(key), more)];
  if (field === 'requestBody') return [...base, ...bodyTokens(original, base, after.slice(1))];
  if (field === 'responses' && key !== undefined) {
    // `content/{type}/schema/...` -> `schema/...`; `headers/...` as written.
    if (more[0] === 'content') return [...base, 'responses', key, ...(more[2] === 'schema' ? more.slice(2) : [])];
    return [...base, 'responses', key, ...more];
  }
  return tokens;
}

/** A converted parameter (the n-th) -> the 2.0 parameter of the same name and place; `schema/x` -> `x`. */
function parameterTokens(original: unknown, converted: unknown, base: string[], index: number, more: string[]): string[] {
  const parameter = getByPointer(converted, toPointer([...base, 'parameters', String(index)])) as { name?: unknown; in?: unknown; $ref?: unknown } | undefined;
  const list = getByPointer(original, toPointer([...base, 'parameters'])) as unknown[] | undefined;
  if (!parameter || !Array.isArray(list)) return [];
  const at = list.findIndex((p) => {
    const written = p as { name?: unknown; in?: unknown; $ref?: unknown };
    if (parameter.$ref !== undefined) return written.$ref === String(parameter.$ref).replace('#/components/parameters/', '#/parameters/');
    return written.name === parameter.name && written.in === parameter.in;
  });
  if (at < 0) return [];
  return ['parameters', String(at), ...(more[0] === 'schema' ? more.slice(1) : more)];
}

/** `requestBody/content/{type}/schema/...` -> the `body` parameter's `schema/...`, or the named `formData` parameter. */
function bodyTokens(original: unknown, base: string[], after: string[]): string[] {
  const list = (getByPointer(original, toPointer([...base, 'parameters'])) as unknown[] | undefined) ?? [];
  if (!Array.isArray(list)) return [];
  const written = (p: unknown) =>
    ((typeof (p as RawParameter)?.$ref === 'string' ? getByPointer(original, (p as RawParameter).$ref as string) : p) ?? {}) as RawParameter;
  const body = list.findIndex((p) => written(p).in === 'body');
  const schemaTokens = after[0] === 'content' && after[2] === 'schema' ? after.slice(3) : [];
  if (body >= 0) return ['parameters', String(body), 'schema', ...schemaTokens];
  // formData: `properties/{name}/...` names the parameter.
  if (schemaTokens[0] === 'properties' && schemaTokens[1] !== undefined) {
    const field = list.findIndex((p) => written(p).in === 'formData' && written(p).name === schemaTokens[1]);
    if (field >= 0) return ['parameters', String(field), ...schemaTokens.slice(2)];
  }
  const first = list.findIndex((p) => written(p).in === 'formData');
  return first >= 0 ? ['parameters', String(first)] : [];
}

function toPointer(tokens: readonly string[]): string {
  return `#${tokens.map((t) => `/${escapeToken(t)}`).join('')}`;
}
