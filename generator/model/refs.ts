import type { OpenApiDocument } from '../load/read-spec.js';
import { decodeToken, escapesAsWritten, getByPointer, pointerJoin, unescapeToken } from '../json-pointer.js';
import { forEachSubschema, mapSubschemas } from '../subschemas.js';
import type { SchemaObject } from './types.js';

/** Prefix of a reference to a component schema: those stay references in the model. */
export const SCHEMA_REF_PREFIX = '#/components/schemas/';

export { escapeToken, getByPointer, pointerJoin } from '../json-pointer.js';

/**
 * Where a place of the document really is. Walking the pointer from the root, a `$ref` met on the
 * way down is followed (OpenAPI 3.0 ignores a reference's siblings): with the parameter
 * `$ref: '#/components/parameters/Id'`, `#/paths/~1a/get/parameters/0/schema/format` is
 * `#/components/parameters/Id/schema/format`. A reference at the end of the pointer is not
 * followed (the place is the reference itself); tokens past what the document holds are kept.
 */
export function realPointer(document: OpenApiDocument, pointer: string): string {
  if (!pointer.startsWith('#/')) return pointer;
  // Tokens as written: unescaped where they are looked up, and when the place is joined again.
  const tokens = pointer.slice(2).split('/');
  // The place is `base` (the root, or the last reference followed) joined with tokens[from..]:
  // joined once at the end, not token by token on the way down.
  let base = '#';
  let from = 0;
  let node: unknown = document;
  let jumps = 0;
  for (let i = 0; i < tokens.length; i++) {
    while (isLocalRef(node) && jumps++ < 32) {
      base = node.$ref;
      from = i;
      node = getByPointer(document, node.$ref);
    }
    if (node === null || typeof node !== 'object') break;
    node = (node as Record<string, unknown>)[unescapeToken(tokens[i] as string)];
  }
  const rest = tokens.slice(from);
  // Tokens escaped as pointerJoin escapes them are joined as they are (with no reference on the
  // way, the place is the pointer itself); others are unescaped and escaped again.
  if (!escapesAsWritten(pointer)) return pointerJoin(base, ...rest.map(unescapeToken));
  return base === '#' ? pointer : [base, ...rest].join('/');
}

function isLocalRef(node: unknown): node is { $ref: string } {
  return !!node && typeof node === 'object' && typeof (node as { $ref?: unknown }).$ref === 'string' && (node as { $ref: string }).$ref.startsWith('#');
}

/** Follows `$ref`s (of any object: parameter, response, ...) until a non-reference is reached. */
export function deref<T>(document: OpenApiDocument, value: T | { $ref: string }): T | undefined {
  let node: unknown = value;
  const seen = new Set<string>();
  while (node && typeof node === 'object' && typeof (node as { $ref?: unknown }).$ref === 'string') {
    const ref = (node as { $ref: string }).$ref;
    if (seen.has(ref)) return undefined;
    seen.add(ref);
    node = getByPointer(document, ref);
  }
  return node as T | undefined;
}

/** The component name a schema reference names (`#/components/schemas/Pet` -> `Pet`), if it does. */
export function schemaRefName(schema: SchemaObject | undefined): string | undefined {
  // A property may be named `$ref` (a document describing JSON Schema): its schema is no reference.
  const ref: unknown = schema?.$ref;
  if (typeof ref !== 'string' || !ref.startsWith(SCHEMA_REF_PREFIX)) return undefined;
  const rest = ref.slice(SCHEMA_REF_PREFIX.length);
  return rest.includes('/') ? undefined : decodeToken(rest);
}

/**
 * A schema with every reference that is not a component-schema reference replaced by what it names
 * (a bundled document may point into `paths` or into another schema's properties). Component
 * references are kept: they become named types and named validators. Definitions (`$defs`) are
 * kept as written: a reference into them is replaced where it stands.
 */
export function inlineNonComponentRefs(
  document: OpenApiDocument,
  schema: unknown,
  seen: ReadonlySet<string> = new Set(),
  budget: InlineBudget = { left: MAX_INLINED },
): SchemaObject {
  return inline(schema, { document, seen, budget });
}

/** What one inlining walk carries: the document, the references followed on the way down, the budget left. */
interface Inlining {
  document: OpenApiDocument;
  seen: ReadonlySet<string>;
  budget: InlineBudget;
}

function inline(schema: unknown, walk: Inlining): SchemaObject {
  if (Array.isArray(schema)) return schema.map((s) => inline(s, walk)) as unknown as SchemaObject;
  if (!schema || typeof schema !== 'object') return schema as SchemaObject;
  const node = schema as Record<string, unknown>;
  if (typeof node.$ref === 'string') {
    const { document, seen, budget } = walk;
    if (schemaRefName(node as SchemaObject) !== undefined || seen.has(node.$ref) || budget.left <= 0) return { $ref: node.$ref };
    const target = getByPointer(document, node.$ref);
    if (target === undefined) return { $ref: node.$ref };
    budget.left--;
    return inline(target, { document, seen: new Set([...seen, node.$ref]), budget });
  }
  return mapSubschemas(node, inlineChild, walk, 'in-place') as SchemaObject;
}

function inlineChild(child: Record<string, unknown>, _keyword: string, _at: unknown, walk: Inlining): unknown {
  return inline(child, walk);
}

/**
 * How many references one schema may have replaced by their targets. References into each other's
 * parts copy their targets wherever they are met: a schema that reaches the same parts by many paths
 * grows exponentially (test/robustness/hostile-documents.test.ts; bench/RESULTS.md, "Real documents").
 * Past the budget a reference stays as written, and the outputs treat it as one they cannot follow
 * (the validators warn and take any value there). Real documents need far fewer.
 */
export const MAX_INLINED = 200;

interface InlineBudget {
  left: number;
}

/** Component names a schema refers to, directly (not transitively), its definitions (`$defs`) left out. */
export function directSchemaRefs(schema: unknown, into: Set<string> = new Set()): Set<string> {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return into;
  const name = schemaRefName(schema as SchemaObject);
  if (name !== undefined) into.add(name);
  forEachSubschema(schema, collectRefs, into, 'in-place');
  return into;
}

function collectRefs(child: object, _keyword: string, _at: unknown, into: Set<string>): void {
  directSchemaRefs(child, into);
}

/**
 * {@link directSchemaRefs} of a schema, found once per schema object: the model (recursion) and
 * the zod emitter (both directions, then the emit order) ask for the same components' references
 * several times. Schemas of the model are not changed once built, so the answer stays true.
 */
export function schemaRefsOf(schema: SchemaObject): ReadonlySet<string> {
  let refs = refsBySchema.get(schema);
  if (!refs) refsBySchema.set(schema, (refs = directSchemaRefs(schema)));
  return refs;
}

const refsBySchema = new WeakMap<SchemaObject, ReadonlySet<string>>();
