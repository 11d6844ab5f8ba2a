import type { SchemaObject } from '../../model/types.js';
import { pointerJoin, schemaRefName } from '../../model/refs.js';
import { arrayToZod } from './zod-arrays.js';
import { compositionsToZod, discriminatorToZod, intersectAll, notToZod } from './zod-compositions.js';
import type { ZodContext } from './zod-context.js';
import { metaOf } from './zod-meta.js';
import { objectToZod } from './zod-objects.js';
import { enumToZod, numberToZod, stringToZod } from './zod-primitives.js';
import { effectiveType, isUnconstrained } from './zod-types.js';

/** Keywords that constrain a value beyond its type and enum (an enum is intersected with them). */
const VALUE_KEYWORDS: readonly (keyof SchemaObject)[] = [
  'properties', 'additionalProperties', 'required', 'minProperties', 'maxProperties', 'items', 'minItems', 'maxItems',
  'uniqueItems', 'minimum', 'maximum', 'multipleOf', 'minLength', 'maxLength', 'pattern', 'format',
];

/**
 * The zod expression for an OpenAPI 3.0 Schema Object: its type's validator with its keywords, then
 * compositions, `not`, the discriminator, `nullable`, and the annotations (`.meta`, so
 * `z.toJSONSchema()` keeps descriptions). `pointer` names the place for warnings.
 */
export function schemaToZod(schema: SchemaObject | boolean | undefined, ctx: ZodContext, pointer: string): string {
  if (schema === undefined || schema === true || schema === null || typeof schema !== 'object') return schema === false ? 'z.never()' : 'z.unknown()';
  if (schema.$ref !== undefined) return refToZod(schema.$ref, ctx, pointer);
  const child = (s: SchemaObject, at: string) => schemaToZod(s, ctx, at);
  const { type, ambiguous } = effectiveType(schema);
  if (ambiguous.length > 0) ctx.inexact(pointer, `no type, and keywords of several types (${ambiguous.join(', ')}); read as ${type}`);
  const typed = typedCore(schema, type, ctx, pointer);
  let core = typed?.expr;
  // The "exactly one of these property sets" oneOf is already part of the object's validator.
  const rest = typed?.consumesOneOf ? { ...schema, oneOf: undefined } : schema;
  if (schema.enum) {
    const values = enumToZod(schema, type, ctx);
    core = core && VALUE_KEYWORDS.some((k) => schema[k] !== undefined) ? intersectAll([values, core]) : values;
  }
  const composed = rest.allOf || rest.anyOf || rest.oneOf;
  let expr = composed ? compositionsToZod(rest, core, pointer, child) : core ?? 'z.unknown()';
  expr += notToZod(schema, ctx, pointer, child);
  expr += discriminatorToZod(schema, ctx, pointer, child);
  if (schema.nullable === true && !schema.enum) {
    if (type === undefined && !isUnconstrained(schema)) ctx.inexact(`${pointer}/nullable`, 'nullable without type: read as "or null" (OpenAPI 3.0.3 gives it no effect there)');
    if (type !== undefined || !isUnconstrained(schema)) expr += '.nullable()';
  }
  return expr + metaOf(schema, ctx);
}

/** The validator of the schema's (explicit or implied) type with its type-specific keywords. */
function typedCore(schema: SchemaObject, type: SchemaObject['type'], ctx: ZodContext, pointer: string): { expr: string; consumesOneOf?: boolean } | undefined {
  if (type === 'object') return objectToZod(schema, ctx, pointer, (s, at) => schemaToZod(s, ctx, at));
  const expr = typedCoreExpr(schema, type, ctx, pointer);
  return expr === undefined ? undefined : { expr };
}

function typedCoreExpr(schema: SchemaObject, type: SchemaObject['type'], ctx: ZodContext, pointer: string): string | undefined {
  const child = (s: SchemaObject, at: string) => schemaToZod(s, ctx, at);
  switch (type) {
    case 'string':
      return stringToZod(schema, ctx, pointer);
    case 'number':
    case 'integer':
      return numberToZod(schema, ctx, pointer);
    case 'boolean':
      return 'z.boolean()';
    case 'array':
      return arrayToZod(schema, ctx, schema.items === undefined ? 'z.unknown()' : child(schema.items, pointerJoin(pointer, 'items')));
    default:
      return undefined;
  }
}

function refToZod(ref: string, ctx: ZodContext, pointer: string): string {
  const name = schemaRefName({ $ref: ref });
  if (name === undefined || !ctx.resolve({ $ref: ref })) {
    ctx.inexact(pointer, `reference ${JSON.stringify(ref)} does not name a component schema; not checked`);
    return 'z.unknown()';
  }
  return ctx.refer(name);
}
