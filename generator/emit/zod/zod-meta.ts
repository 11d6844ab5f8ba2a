import type { SchemaObject } from '../../model/types.js';
import { literal } from './literals.js';
import type { ZodContext } from './zod-context.js';

/**
 * Annotations kept in zod's registry (`z.meta`), which `z.toJSONSchema()` prints: the description and
 * title, flags, and the keywords checked by helpers that zod cannot print itself (code-point
 * lengths, formats, property counts, uniqueness).
 */
const KEPT: readonly (keyof SchemaObject)[] = [
  'title', 'description', 'deprecated', 'readOnly', 'writeOnly', 'format', 'minLength', 'maxLength', 'minProperties', 'maxProperties', 'uniqueItems',
  'multipleOf',
];

/** The check `z.meta({...})` (`z.describe(...)` for a description alone) of the schema's annotations, or undefined. */
export function metaOf(schema: SchemaObject, _ctx: ZodContext): string | undefined {
  const entries = KEPT.filter((key) => schema[key] !== undefined && schema[key] !== false && schema[key] !== '').map((key) => [key, schema[key]] as const);
  if (entries.length === 0) return undefined;
  if (entries.length === 1 && entries[0]?.[0] === 'description') return `z.describe(${literal(entries[0][1])})`;
  return `z.meta(${literal(Object.fromEntries(entries))})`;
}
