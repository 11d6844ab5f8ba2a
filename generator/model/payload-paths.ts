/**
 * Places in a response's payload, as pagination names them: read from the JSONPath subset the
 * extensions write (`$.data[-1].id`, `meta.next_cursor`), and the schema found at one.
 */
import type { OpenApiDocument } from '../load/read-spec.js';
import { deref } from './refs.js';
import { mergeAllOf } from './schema-merge.js';
import type { PayloadPath, SchemaObject } from './types.js';

/** One step of a path: `.name`, `['name']` or `["name"]`, `[2]` or `[-1]`. */
const STEP = /^(?:\.([^.[\]]+)|\[\s*'([^']*)'\s*\]|\[\s*"([^"]*)"\s*\]|\[\s*(-?\d+)\s*\])/;

/**
 * A path of the JSONPath subset the pagination extensions take: `$` (the response's body), then
 * property names (`.data`, `['next page']`) and item indexes (`[0]`, `[-1]` the last). The `$.` may
 * be left out (`data.items`). Undefined where the text is no such path.
 */
export function parsePayloadPath(text: string): PayloadPath | undefined {
  let rest = text.trim();
  if (rest === '$' || rest === '') return [];
  if (rest.startsWith('$')) rest = rest.slice(1);
  else if (!rest.startsWith('[')) rest = `.${rest}`;
  const path: (string | number)[] = [];
  while (rest !== '') {
    const step = STEP.exec(rest);
    if (!step) return undefined;
    const index = step[4];
    path.push(index === undefined ? ((step[1] ?? step[2] ?? step[3]) as string) : Number(index));
    rest = rest.slice(step[0].length);
  }
  return path;
}

/** A path as text, as the run's summary and errors show it: `data[-1].id`, `$` for the payload itself. */
export function payloadPathText(path: PayloadPath): string {
  if (path.length === 0) return '$';
  return path
    .map((step, i) =>
      typeof step === 'number' ? `[${step}]` : /^[A-Za-z_$][\w$-]*$/.test(step) ? `${i === 0 ? '' : '.'}${step}` : `[${JSON.stringify(step)}]`,
    )
    .join('');
}

/** A schema with its references followed and an `allOf` merged into one, for reading its properties and items. */
export function plainSchema(document: OpenApiDocument, schema: SchemaObject | undefined): SchemaObject | undefined {
  const resolved = schema && deref<SchemaObject>(document, schema);
  if (!resolved?.allOf) return resolved;
  const resolve = (ref: string) => deref<SchemaObject>(document, { $ref: ref });
  const { allOf, ...own } = resolved;
  return mergeAllOf([own, ...allOf], resolve);
}

/** The properties of an object schema (references followed, `allOf` merged); none for another schema. */
export function propertiesOf(document: OpenApiDocument, schema: SchemaObject | undefined): Record<string, SchemaObject> {
  return plainSchema(document, schema)?.properties ?? {};
}

/** The schema at `path` in `schema` (an index steps into the items), or undefined where the schema has no such place. */
export function schemaAt(document: OpenApiDocument, schema: SchemaObject | undefined, path: PayloadPath): SchemaObject | undefined {
  let node = plainSchema(document, schema);
  for (const step of path) {
    if (!node) return undefined;
    if (typeof step === 'number') node = isList(node) && node.items ? plainSchema(document, node.items) : undefined;
    else node = plainSchema(document, node.properties?.[step]);
  }
  return node;
}

/** True for an array schema (`type: array`, or `items` without a type). */
export function isList(schema: SchemaObject | undefined): boolean {
  return schema !== undefined && (schema.type === 'array' || (schema.type === undefined && schema.items !== undefined && schema.items !== false));
}
