import type { SchemaObject } from '../../model/types.js';
import { unevaluatedItemsPlan } from '../../model/evaluated.js';
import { pointerJoin } from '../../model/refs.js';
import { literal, type Built } from './literals.js';
import type { ZodContext } from './zod-context.js';
import type { ChildToZod } from './zod-objects.js';

/** Sizes below which bounded arrays become tuples: the rule openapi-typescript's `arrayLength` uses. */
function tupleBounds(schema: SchemaObject): { min: number; max: number | undefined } | undefined {
  const min = typeof schema.minItems === 'number' && schema.minItems >= 0 ? schema.minItems : 0;
  const max = typeof schema.maxItems === 'number' && schema.maxItems >= 0 && min <= schema.maxItems ? schema.maxItems : undefined;
  const size = max === undefined ? min : (max * (max + 1) - min * (min - 1)) / 2;
  if ((min === 0 && max === undefined) || size >= 30) return undefined;
  return { min, max };
}

/**
 * How many times a bounded array's validator writes its `items` validator out (and its inferred
 * type with it): once in `z.array`, once per element of each tuple it becomes (`minItems: 1` is
 * `z.tuple([item], item)`, two). type-size.ts counts a nested bounded array's items that many times.
 */
export function itemCopies(schema: SchemaObject): number {
  if (schema.prefixItems) return 1;
  const bounds = tupleBounds(schema);
  if (!bounds) return 1;
  if (bounds.max === undefined) return bounds.min + 1;
  return (bounds.max * (bounds.max + 1) - bounds.min * (bounds.min - 1)) / 2;
}

function tuple(item: string, length: number, rest?: string): string {
  const items = Array.from({ length }, () => item).join(', ');
  return rest ? `z.tuple([${items}], ${rest})` : `z.tuple([${items}])`;
}

/**
 * `type: array`. Small bounded arrays are tuples (`hosts` with exactly 2 items is `[Host, Host]`),
 * so the inferred type agrees with openapi-typescript's `arrayLength` types; the check is the same.
 * 2020-12's `prefixItems` is a tuple too, its items past `minItems` optional (JSON Schema does not
 * require the prefix to be complete), the rest following `items`; `contains` and `unevaluatedItems`
 * (where the evaluated items are known: model/evaluated.ts) are checks.
 */
export function arrayToZod(schema: SchemaObject, ctx: ZodContext, pointer: string, child: ChildToZod): Built {
  const item = schema.items === undefined ? 'z.unknown()' : child(schema.items, pointerJoin(pointer, 'items'));
  const bounds = schema.prefixItems ? undefined : tupleBounds(schema);
  let expr: string;
  const checks: string[] = [];
  if (bounds && bounds.max === bounds.min) expr = tuple(item, bounds.min);
  else if (bounds && bounds.max === undefined) expr = tuple(item, bounds.min, item);
  else if (bounds && bounds.max !== undefined) {
    const lengths = Array.from({ length: bounds.max - bounds.min + 1 }, (_, i) => bounds.min + i);
    expr = `z.union([${lengths.map((n) => tuple(item, n)).join(', ')}])`;
  } else {
    expr = schema.prefixItems ? prefixTuple(schema, schema.prefixItems, item, pointer, child) : `z.array(${item})`;
    if (schema.minItems !== undefined && !(schema.prefixItems && schema.minItems <= schema.prefixItems.length))
      checks.push(`z.minLength(${literal(schema.minItems)})`);
    if (schema.maxItems !== undefined) checks.push(`z.maxLength(${literal(schema.maxItems)})`);
  }
  if (schema.uniqueItems === true) {
    ctx.use('_unique');
    checks.push(`z.refine(_unique, { message: 'Invalid input: expected unique items' })`);
  }
  if (schema.contains !== undefined) {
    ctx.use('_contains');
    const min = schema.minContains ?? 1;
    checks.push(`_contains(${child(schema.contains, pointerJoin(pointer, 'contains'))}, ${literal(min)}, ${literal(schema.maxContains)})`);
  }
  const unevaluated = schema.unevaluatedItems;
  const plan = unevaluated === undefined || unevaluated === true ? undefined : unevaluatedItemsPlan(schema, ctx.resolve);
  // Without a plan the model has warned (model/loosened-keyword): the validator accepts more.
  if (unevaluated !== undefined && unevaluated !== true && plan && !plan.all) {
    ctx.use('_restItems');
    checks.push(`_restItems(${literal(plan.prefix)}, ${unevaluated === false ? 'false' : child(unevaluated, pointerJoin(pointer, 'unevaluatedItems'))})`);
  }
  return { base: expr, checks };
}

/** `prefixItems` as `z.tuple`: the first `minItems` required, the rest optional, then `items` (none when `items: false`). */
function prefixTuple(schema: SchemaObject, prefix: readonly (SchemaObject | boolean)[], item: string, pointer: string, child: ChildToZod): string {
  const required = Math.min(schema.minItems ?? 0, prefix.length);
  const elements = prefix.map((s, i) => {
    const expr = child(s, pointerJoin(pointer, 'prefixItems', i));
    return i < required ? expr : `z.optional(${expr})`;
  });
  return schema.items === false ? `z.tuple([${elements.join(', ')}])` : `z.tuple([${elements.join(', ')}], ${item})`;
}
