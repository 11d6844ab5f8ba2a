/**
 * Forms of a schema that accept the same values, read as one before comparing, so a rewrite is no
 * change: an `allOf` of one member (what 3.1's `oneOf: [X, {type: "null"}]` becomes in the model)
 * is its member, with the wrapper's `nullable`; a `oneOf` or `anyOf` of one-value enums (or
 * `const`s, which the model reads as one-value enums) is an enum of those values.
 */
import type { SchemaObject } from '../../model/types.js';
import type { CompareSide } from './context.js';
import { resolveSchema, type SchemaAt } from './schema-view.js';

/** Keywords that only describe: a wrapper with no others accepts what its member accepts. */
export const ANNOTATIONS: ReadonlySet<string> = new Set([
  'description',
  'summary',
  'title',
  'deprecated',
  'readOnly',
  'writeOnly',
  'example',
  'examples',
  '$comment',
  'externalDocs',
]);

/** A keyword that only describes: one of {@link ANNOTATIONS}, or an extension (`x-`). */
export function isAnnotation(key: string): boolean {
  return ANNOTATIONS.has(key) || key.startsWith('x-');
}

/** A schema as compared: references followed, wrappers unwrapped, a choice of values read as an enum. */
export interface CanonicalAt extends SchemaAt {
  /** The component it is (after the references and wrappers followed). */
  ref?: string;
  /** True when an `allOf` wrapper was unwrapped: its `nullable` is then in `nullable`, not in the schema. */
  wrapped: boolean;
  /** Whether the value may be null, the wrappers' flags included. */
  nullable: boolean;
  /** Where the `nullable` that says so is written (or the node, where none is). */
  nullablePointer: string;
  /** For an enum read from a choice of one-value enums: the pointer of each value. */
  enumPointers?: string[];
}

function onlyAnnotations(schema: SchemaObject, allowed: readonly string[]): boolean {
  return Object.keys(schema).every((key) => isAnnotation(key) || allowed.includes(key));
}

/** The schema at `at` in its canonical form on `side`. */
export function canonicalSchema(side: CompareSide, at: SchemaAt): CanonicalAt {
  let current: SchemaAt & { ref?: string } = resolveSchema(side, at);
  let wrapped = false;
  let nullable = false;
  let nullablePointer = current.pointer;
  for (let depth = 0; depth < 8; depth++) {
    const { schema } = current;
    const members = schema.allOf;
    if (!Array.isArray(members) || members.length !== 1 || !onlyAnnotations(schema, ['allOf', 'nullable'])) break;
    if (schema.nullable === true) {
      nullable = true;
      nullablePointer = `${current.pointer}/nullable`;
    }
    wrapped = true;
    current = resolveSchema(side, { schema: members[0] as SchemaObject, pointer: `${current.pointer}/allOf/0` });
  }
  if (current.schema.nullable === true && !nullable) {
    nullable = true;
    nullablePointer = `${current.pointer}/nullable`;
  }
  const choice = valueChoice(side, current);
  const out: CanonicalAt = { ...current, wrapped, nullable, nullablePointer };
  if (choice) {
    out.schema = choice.schema;
    out.enumPointers = choice.pointers;
  }
  return out;
}

/** `oneOf`/`anyOf` of scalar one-value enums of one type -> an enum of the values (undefined where it is no such choice). */
function valueChoice(side: CompareSide, at: SchemaAt): { schema: SchemaObject; pointers: string[] } | undefined {
  const { schema } = at;
  const keyword = schema.oneOf && !schema.anyOf ? 'oneOf' : schema.anyOf && !schema.oneOf ? 'anyOf' : undefined;
  if (!keyword || !onlyAnnotations(schema, [keyword, 'type', 'nullable', 'default'])) return undefined;
  const values: unknown[] = [];
  const pointers: string[] = [];
  const types = new Set<string>();
  for (const [i, member] of (schema[keyword] as SchemaObject[]).entries()) {
    const resolved = resolveSchema(side, { schema: member, pointer: `${at.pointer}/${keyword}/${i}` });
    const value = resolved.schema.enum;
    if (!Array.isArray(value) || value.length !== 1 || !onlyAnnotations(resolved.schema, ['enum', 'type'])) return undefined;
    const only = value[0];
    if (only === null || !['string', 'number', 'boolean'].includes(typeof only)) return undefined;
    if (typeof resolved.schema.type === 'string') types.add(resolved.schema.type);
    values.push(only);
    pointers.push(`${resolved.pointer}/enum/0`);
  }
  const distinct = new Set(values.map((v) => JSON.stringify(v)));
  // oneOf refuses a value two branches accept: such a choice is no plain enum.
  if (values.length === 0 || types.size > 1 || (keyword === 'oneOf' && distinct.size !== values.length)) return undefined;
  const { [keyword]: _choice, ...rest } = schema;
  const type = typeof schema.type === 'string' ? schema.type : [...types][0];
  return { schema: { ...rest, ...(type ? { type } : {}), enum: values } as SchemaObject, pointers };
}
