import type { SchemaObject } from '../../model/types.js';
import { literal, type Built } from './literals.js';
import type { ZodContext } from './zod-context.js';

/** Sizes below which bounded arrays become tuples: the rule openapi-typescript's `arrayLength` uses. */
function tupleBounds(schema: SchemaObject): { min: number; max: number | undefined } | undefined {
  const min = typeof schema.minItems === 'number' && schema.minItems >= 0 ? schema.minItems : 0;
  const max = typeof schema.maxItems === 'number' && schema.maxItems >= 0 && min <= schema.maxItems ? schema.maxItems : undefined;
  const size = max === undefined ? min : (max * (max + 1) - min * (min - 1)) / 2;
  if ((min === 0 && max === undefined) || size >= 30) return undefined;
  return { min, max };
}

function tuple(item: string, length: number, rest?: string): string {
  const items = Array.from({ length }, () => item).join(', ');
  return rest ? `z.tuple([${items}], ${rest})` : `z.tuple([${items}])`;
}

/**
 * `type: array`. Small bounded arrays are tuples (`hosts` with exactly 2 items is `[Host, Host]`),
 * so the inferred type agrees with openapi-typescript's `arrayLength` types; the check is the same.
 */
export function arrayToZod(schema: SchemaObject, ctx: ZodContext, item: string): Built {
  const bounds = tupleBounds(schema);
  let expr: string;
  const checks: string[] = [];
  if (bounds && bounds.max === bounds.min) expr = tuple(item, bounds.min);
  else if (bounds && bounds.max === undefined) expr = tuple(item, bounds.min, item);
  else if (bounds && bounds.max !== undefined) {
    const lengths = Array.from({ length: bounds.max - bounds.min + 1 }, (_, i) => bounds.min + i);
    expr = `z.union([${lengths.map((n) => tuple(item, n)).join(', ')}])`;
  } else {
    expr = `z.array(${item})`;
    if (schema.minItems !== undefined) checks.push(`z.minLength(${literal(schema.minItems)})`);
    if (schema.maxItems !== undefined) checks.push(`z.maxLength(${literal(schema.maxItems)})`);
  }
  if (schema.uniqueItems === true) {
    ctx.use('_unique');
    checks.push(`z.refine(_unique, { message: 'Invalid input: expected unique items' })`);
  }
  return { base: expr, checks };
}
