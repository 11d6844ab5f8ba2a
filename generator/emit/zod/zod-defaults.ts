import type { SchemaObject } from '../../model/types.js';
import { literal } from './literals.js';
import { fitsType } from '../../model/fits-type.js';
import { effectiveType, isUnconstrained } from './zod-types.js';
import type { ZodContext } from './zod-context.js';

/**
 * A property's value expression: required as is; optional with `z.optional`, or `z._default(v)` when
 * the document gives a default (openapi-typescript then types the property as present, and so does
 * zod's output). A default that does not fit the schema's type stays an annotation, with a warning.
 */
export function propertyValue(options: { expr: string; schema: SchemaObject; required: boolean; ctx: ZodContext; pointer: string }): string {
  const { expr, schema, required, ctx, pointer } = options;
  if (required) return expr;
  if (schema.default === undefined) return `z.optional(${expr})`;
  if (defaultFits(schema, schema.default, ctx, 0)) return `z._default(${expr}, ${literal(schema.default)})`;
  ctx.inexact(`${pointer}/default`, 'default does not fit the schema; the property stays optional (openapi-typescript types it as present)');
  return `z.optional(${expr})`;
}

/** True when `value` has the shape the schema's TypeScript type demands (so `z._default(schema, value)` compiles). */
function defaultFits(schema: SchemaObject, value: unknown, ctx: ZodContext, depth: number): boolean {
  if (depth > 8) return false;
  const resolved = schema.$ref ? ctx.resolve(schema) : schema;
  if (!resolved || resolved.$ref) return false;
  if (value === null) return resolved.nullable === true;
  if (resolved.allOf || resolved.oneOf || resolved.anyOf) return false;
  if (resolved.enum) return resolved.enum.some((v) => v === value);
  if (isUnconstrained(resolved)) return true;
  const { type } = effectiveType(resolved);
  if (!type || !fitsType(value, type)) return false;
  if (type === 'array') {
    const items = resolved.items;
    const length = (value as unknown[]).length;
    if ((resolved.minItems !== undefined && length < resolved.minItems) || (resolved.maxItems !== undefined && length > resolved.maxItems)) return false;
    return (value as unknown[]).every((item) => !items || defaultFits(items, item, ctx, depth + 1));
  }
  if (type === 'object') {
    const object = value as Record<string, unknown>;
    const properties = resolved.properties ?? {};
    if (!(resolved.required ?? []).every((name) => name in object)) return false;
    if (resolved.additionalProperties === false && Object.keys(object).some((k) => !(k in properties))) return false;
    return Object.entries(object).every(([k, v]) => !properties[k] || defaultFits(properties[k], v, ctx, depth + 1));
  }
  return true;
}
