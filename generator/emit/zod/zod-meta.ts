import type { SchemaObject } from '../../model/types.js';
import type { ZodContext } from './zod-context.js';

/**
 * Annotations kept in zod's registry, which `z.toJSONSchema()` prints: the description and
 * title, flags, and the keywords checked by helpers that zod cannot print itself (code-point
 * lengths, formats, property counts, uniqueness).
 */
const KEPT: readonly (keyof SchemaObject)[] = [
  'title',
  'description',
  'deprecated',
  'readOnly',
  'writeOnly',
  'format',
  'minLength',
  'maxLength',
  'minProperties',
  'maxProperties',
  'uniqueItems',
  'multipleOf',
];

/** The schema's annotations for zod's registry, or undefined when it has none. */
export function metaOf(schema: SchemaObject, _ctx: ZodContext): Record<string, unknown> | undefined {
  // Asked for every schema converted: no list is made for one with none.
  let meta: Record<string, unknown> | undefined;
  for (const key of KEPT) {
    const value = schema[key];
    if (value !== undefined && value !== false && value !== '') (meta ??= {})[key] = value;
  }
  return meta;
}
