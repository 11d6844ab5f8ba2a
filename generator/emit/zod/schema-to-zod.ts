import type { SchemaObject } from '../../model/types.js';
import { MAX_INLINED, SCHEMA_REF_PREFIX, schemaRefName } from '../../model/refs.js';
import { arrayToZod } from './zod-arrays.js';
import { compositionsToZod, discriminatorToZod, ifThenElseToZod, intersectAll, notToZod } from './zod-compositions.js';
import type { ZodContext } from './zod-context.js';
import { render, type Built } from './literals.js';
import { metaOf } from './zod-meta.js';
import { objectToZod } from './zod-objects.js';
import { enumToZod, numberToZod, stringToZod } from './zod-primitives.js';
import { effectiveType, isUnconstrained } from './zod-types.js';

/** Keywords that constrain a value beyond its type and enum (an enum is intersected with them). */
const VALUE_KEYWORDS: readonly (keyof SchemaObject)[] = [
  'properties',
  'additionalProperties',
  'required',
  'minProperties',
  'maxProperties',
  'items',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minimum',
  'maximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'prefixItems',
  'contains',
  'unevaluatedItems',
  'patternProperties',
  'propertyNames',
  'dependentRequired',
  'dependentSchemas',
  'unevaluatedProperties',
];

/**
 * The zod expression for an OpenAPI 3.0 Schema Object: its type's validator with its keywords, then
 * compositions, `not`, the discriminator, `nullable`, and the annotations (in zod's registry, so
 * `z.toJSONSchema()` keeps descriptions). zod/mini's form: checks in `.check(...)`, wrappers as
 * functions (`z.optional(x)`), so a bundle carries only the parts of zod a page uses. `pointer`
 * names the place for warnings.
 */
export function schemaToZod(schema: SchemaObject | boolean | undefined, ctx: ZodContext, pointer: string): string {
  if (schema === undefined || schema === true || schema === null || typeof schema !== 'object') return schema === false ? 'z.never()' : 'z.unknown()';
  if (schema.$ref !== undefined) return refToZod(schema.$ref, ctx, pointer);
  const child = (s: SchemaObject | boolean, at: string) => schemaToZod(s, ctx, at);
  const { type, ambiguous } = effectiveType(schema);
  if (ambiguous.length > 0) ctx.inexact(pointer, `no type, and keywords of several types (${ambiguous.join(', ')}); read as ${type}`);
  const typed = typedCore(schema, type, ctx, pointer);
  let built: Built | undefined = typed;
  // The "exactly one of these property sets" oneOf is already part of the object's validator.
  const rest = typed?.consumesOneOf ? { ...schema, oneOf: undefined } : schema;
  if (schema.enum) {
    const values = enumToZod(schema, type, ctx);
    built = { base: built && VALUE_KEYWORDS.some((k) => schema[k] !== undefined) ? intersectAll([values, render(built, ctx)]) : values, checks: [] };
  }
  const composed = rest.allOf || rest.anyOf || rest.oneOf;
  if (composed) built = { base: compositionsToZod(rest, built && render(built, ctx), ctx, pointer, child), checks: [] };
  built ??= { base: 'z.unknown()', checks: [] };
  for (const check of [notToZod(schema, ctx, pointer, child), discriminatorToZod(schema, ctx, pointer, child), ifThenElseToZod(schema, ctx, pointer, child)])
    if (check) built.checks.push(check);
  if (schema.nullable === true && !schema.enum) {
    // Beside a composition, "or null" is what the form means (`allOf: [$ref]` + `nullable` is 3.0's
    // nullable reference; 3.1's `{type: "null"}` branch and 2.0's `x-nullable` are read into it).
    const composed = schema.allOf !== undefined || schema.anyOf !== undefined || schema.oneOf !== undefined;
    if (type === undefined && !isUnconstrained(schema) && !composed)
      ctx.inexact(`${pointer}/nullable`, 'nullable without type: read as "or null" (OpenAPI 3.0.3 gives it no effect there)');
    if (type !== undefined || !isUnconstrained(schema)) built = { base: `z.nullable(${render(built, ctx)})`, checks: [] };
  }
  const meta = metaOf(schema, ctx);
  if (meta) built.meta = { ...built.meta, ...meta };
  return render(built, ctx);
}

/** The validator of the schema's (explicit or implied) type with its type-specific keywords, its checks not yet added. */
function typedCore(schema: SchemaObject, type: SchemaObject['type'], ctx: ZodContext, pointer: string): (Built & { consumesOneOf?: boolean }) | undefined {
  if (type === 'object') return objectToZod(schema, ctx, pointer, (s, at) => schemaToZod(s, ctx, at));
  return typedCoreExpr(schema, type, ctx, pointer);
}

function typedCoreExpr(schema: SchemaObject, type: SchemaObject['type'], ctx: ZodContext, pointer: string): Built | undefined {
  const child = (s: SchemaObject | boolean, at: string) => schemaToZod(s, ctx, at);
  switch (type) {
    case 'string':
      return stringToZod(schema, ctx, pointer);
    case 'number':
    case 'integer':
      return numberToZod(schema, ctx, pointer);
    case 'boolean':
      return { base: 'z.boolean()', checks: [] };
    case 'array':
      return arrayToZod(schema, ctx, pointer, child);
    default:
      return undefined;
  }
}

function refToZod(ref: string, ctx: ZodContext, pointer: string): string {
  const name = schemaRefName({ $ref: ref });
  if (name === undefined || !ctx.resolve({ $ref: ref })) {
    const part = ref.startsWith(SCHEMA_REF_PREFIX) && name === undefined;
    ctx.inexact(
      pointer,
      part
        ? `reference ${JSON.stringify(ref)}, into part of a component schema, is not followed here (it is met inside itself, or the schema holding it copies in ${MAX_INLINED} such parts already); not checked`
        : `reference ${JSON.stringify(ref)} does not name a component schema; not checked`,
    );
    return 'z.unknown()';
  }
  return ctx.refer(name);
}
