import type { SchemaObject } from '../../model/types.js';
import { pointerJoin } from '../../model/refs.js';
import { literal, objectLiteral, render, type Built } from './literals.js';
import { exclusiveRequiredBranches } from '../../model/exclusive-required.js';
import { propertyValue } from './zod-defaults.js';
import type { ZodContext } from './zod-context.js';

/** Converts a child schema (passed in to avoid an import cycle with schema-to-zod). */
export type ChildToZod = (schema: SchemaObject, pointer: string) => string;

/** Properties that exist in this direction: readOnly ones are not sent, writeOnly ones not returned. */
function visibleProperties(schema: SchemaObject, ctx: ZodContext): Record<string, SchemaObject> {
  const result: Record<string, SchemaObject> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (ctx.mode === 'request' && property.readOnly === true) continue;
    if (ctx.mode === 'response' && property.writeOnly === true) continue;
    result[name] = property;
  }
  return result;
}

/**
 * `type: object`: loose (unknown keys pass through, as JSON Schema allows) unless
 * `additionalProperties: false` (undeclared keys are refused); a schema for additional properties
 * checks every undeclared key.
 */
export function objectToZod(schema: SchemaObject, ctx: ZodContext, pointer: string, child: ChildToZod): Built & { consumesOneOf: boolean } {
  const properties = visibleProperties(schema, ctx);
  const dropped = Object.keys(schema.properties ?? {}).filter((name) => !(name in properties));
  const required = (schema.required ?? []).filter((name) => !dropped.includes(name));
  const exclusive = exclusiveRequiredBranches(schema);
  const involved = exclusive?.flatMap((b) => [...b.required, ...b.forbidden]) ?? [];
  if (exclusive && !involved.some((name) => dropped.includes(name))) {
    const branches = exclusive.map((branch) => {
      const shape = shapeOf({ properties, required: [...required, ...branch.required], forbidden: branch.forbidden, ctx, pointer, child });
      const built = finishObject(schema, shape, required, properties, ctx, pointer, child);
      if (branch.description) built.meta = { ...built.meta, description: branch.description };
      return render(built);
    });
    const sets = exclusive.map((b) => b.required.join(' + ')).join(', ');
    return { base: `z.xor([${branches.join(', ')}], ${literal(`Invalid input: expected exactly one of ${sets}`)})`, checks: [], consumesOneOf: true };
  }
  const shape = shapeOf({ properties, required, forbidden: [], ctx, pointer, child });
  return { ...finishObject(schema, shape, required, properties, ctx, pointer, child), consumesOneOf: false };
}

function shapeOf(options: {
  properties: Record<string, SchemaObject>;
  required: readonly string[];
  forbidden: readonly string[];
  ctx: ZodContext;
  pointer: string;
  child: ChildToZod;
}): string {
  const { properties, required, forbidden, ctx, pointer, child } = options;
  const entries = Object.entries(properties).map(([name, property]): [string, string] => {
    if (forbidden.includes(name)) return [name, 'z.optional(z.never())'];
    const at = pointerJoin(pointer, 'properties', name);
    return [name, propertyValue({ expr: child(property, at), schema: property, required: required.includes(name), ctx, pointer: at })];
  });
  return objectLiteral(entries);
}

function finishObject(
  schema: SchemaObject,
  shape: string,
  required: readonly string[],
  properties: Record<string, SchemaObject>,
  ctx: ZodContext,
  pointer: string,
  child: ChildToZod,
): Built {
  const extra = schema.additionalProperties;
  let expr: string;
  const checks: string[] = [];
  if (extra === false) {
    // Not z.strictObject: inside z.intersection (allOf) zod reports a key as unknown only when no
    // member knows it, while JSON Schema's additionalProperties: false holds for each member alone.
    ctx.use('_closed');
    expr = `z.looseObject(${shape})`;
    checks.push(`_closed(${literal(Object.keys(properties))})`);
  }
  else if (extra && typeof extra === 'object' && Object.keys(extra).length > 0) {
    expr = `z.catchall(z.object(${shape}), ${child(extra, `${pointer}/additionalProperties`)})`;
  } else expr = `z.looseObject(${shape})`;
  const undeclared = required.filter((name) => !(name in properties));
  if (undeclared.length > 0) {
    ctx.use('_keysPresent');
    checks.push(`_keysPresent(${literal([...new Set(undeclared)])})`);
  }
  if (schema.minProperties !== undefined || schema.maxProperties !== undefined) {
    ctx.use('_propertyCount');
    checks.push(`_propertyCount(${literal(schema.minProperties)}, ${literal(schema.maxProperties)})`);
  }
  return { base: expr, checks, ...(extra === false ? { meta: { additionalProperties: false } } : {}) };
}
