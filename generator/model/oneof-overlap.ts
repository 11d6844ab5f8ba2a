import type { SchemaObject } from './types.js';

/**
 * Two branches of a oneOf that a common value fits, found the simple way: both plain object schemas,
 * the second open, and a value of only the first's required properties fits the second too; or two
 * nullable branches. The validator, exactly one as JSON Schema means, then refuses every such value
 * (test/zod/keywords.test.ts). Reported, not changed: the document may mean it.
 */
export function overlappingBranches(
  branches: readonly SchemaObject[],
  resolve: (schema: SchemaObject) => SchemaObject | undefined,
): { branches: [number, number]; common: string } | undefined {
  const resolved = branches.map((branch) => resolve(branch) ?? branch);
  // `null`, where two branches allow it (a nullable string beside a nullable integer): every null
  // is refused.
  const nullable = resolved.flatMap((schema, i) => (schema.nullable === true && (!schema.enum || schema.enum.includes(null)) ? [i] : []));
  if (nullable.length >= 2) return { branches: [nullable[0] as number, nullable[1] as number], common: 'null fits both' };
  const objects = resolved.map(plainObject);
  for (let a = 0; a < objects.length; a++) {
    for (let b = 0; b < objects.length; b++) {
      const first = objects[a];
      const second = objects[b];
      if (a !== b && first && second && fitsMinimalValueOf(first, second))
        return { branches: a < b ? [a, b] : [b, a], common: "a value of one's required properties alone fits the other too" };
    }
  }
  return undefined;
}

/** The schema when it is an object schema of properties and `required` alone (nothing else to check). */
function plainObject(schema: SchemaObject): SchemaObject | undefined {
  const composed = schema.allOf ?? schema.oneOf ?? schema.anyOf;
  if (composed || schema.not || schema.enum || schema.$ref || schema.discriminator) return undefined;
  if (schema.type !== 'object' && !(schema.type === undefined && schema.properties)) return undefined;
  if (schema.minProperties !== undefined || schema.maxProperties !== undefined) return undefined;
  return schema;
}

/** Whether an object of `first`'s required properties alone fits `second`. */
function fitsMinimalValueOf(first: SchemaObject, second: SchemaObject): boolean {
  if (
    second.additionalProperties === false ||
    (typeof second.additionalProperties === 'object' && (first.required ?? []).some((name) => !second.properties?.[name]))
  )
    return false;
  const required = new Set(first.required ?? []);
  if ((second.required ?? []).some((name) => !required.has(name))) return false;
  return [...required].every((name) => {
    const mine = first.properties?.[name];
    const theirs = second.properties?.[name];
    return theirs === undefined || (mine !== undefined && sameChecks(mine, theirs));
  });
}

/** Keywords that only describe a value: two schemas that differ in them alone accept the same values. */
const ANNOTATIONS = new Set(['description', 'title', 'default', 'example', 'examples', 'deprecated', 'readOnly', 'writeOnly', 'externalDocs', 'xml']);

function sameChecks(a: SchemaObject, b: SchemaObject): boolean {
  return checksText(a) === checksText(b);
}

function checksText(schema: SchemaObject): string {
  return JSON.stringify(
    Object.fromEntries(
      Object.entries(schema)
        .filter(([key]) => !ANNOTATIONS.has(key) && !key.startsWith('x-'))
        .sort(([x], [y]) => (x < y ? -1 : 1)),
    ),
  );
}
