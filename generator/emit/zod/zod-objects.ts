import type { SchemaObject } from '../../model/types.js';
import { pointerJoin } from '../../model/refs.js';
import { unevaluatedPropertiesPlan } from '../../model/evaluated.js';
import { literal, objectLiteral, render, type Built } from './literals.js';
import { regexExpression } from './zod-primitives.js';
import { exclusiveRequiredBranches } from '../../model/exclusive-required.js';
import { closedParts } from '../../model/closed-parts.js';
import { propertyValue } from './zod-defaults.js';
import type { ZodContext } from './zod-context.js';

/** Converts a child schema (passed in to avoid an import cycle with schema-to-zod). */
export type ChildToZod = (schema: SchemaObject | boolean, pointer: string) => string;

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
      return render(built, ctx);
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
  // A readOnly property left out of a request is still declared, so not additional: JSON Schema's
  // additionalProperties looks at `properties` whatever the annotations, and the types
  // openapi-typescript prints for a request ask for it where it is required
  // (test/fixtures-mock/read-only-required.test.ts).
  const declared = Object.keys(schema.properties ?? {});
  const patterns = Object.entries(schema.patternProperties ?? {}).flatMap(([pattern, s]) => {
    const regex = regexExpression(pattern, ctx, pointerJoin(pointer, 'patternProperties', pattern));
    return regex ? [{ pattern, regex, schema: s }] : [];
  });
  if (patterns.length > 0 && extra !== undefined && extra !== true) {
    // Keys a pattern matches are not additional: neither z.catchall nor _closed knows patterns.
    ctx.use('_restProperties');
    expr = `z.looseObject(${shape})`;
    const rest = extra === false ? 'false' : child(extra, `${pointer}/additionalProperties`);
    checks.push(`_restProperties(${literal(declared)}, [${patterns.map((p) => p.regex).join(', ')}], ${rest})`);
  } else if (extra === false) {
    // Not z.strictObject: inside z.intersection (allOf) zod reports a key as unknown only when no
    // member knows it, while JSON Schema's additionalProperties: false holds for each member alone.
    warnClosedParts(schema, ctx, pointer);
    ctx.use('_closed');
    expr = `z.looseObject(${shape})`;
    checks.push(`_closed(${literal(declared)})`);
  } else if (extra && typeof extra === 'object' && Object.keys(extra).length > 0) {
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
  checks.push(...jsonSchema2020Checks(schema, patterns, ctx, pointer, child));
  return { base: expr, checks, ...(extra === false ? { meta: { additionalProperties: false } } : {}) };
}

/** The object keywords of JSON Schema 2020-12 as checks: patternProperties, propertyNames, dependentRequired, dependentSchemas, unevaluatedProperties. */
function jsonSchema2020Checks(
  schema: SchemaObject,
  patterns: { pattern: string; regex: string; schema: SchemaObject | boolean }[],
  ctx: ZodContext,
  pointer: string,
  child: ChildToZod,
): string[] {
  const checks: string[] = [];
  if (patterns.length > 0) {
    ctx.use('_patternProperties');
    checks.push(
      `_patternProperties([${patterns.map((p) => `[${p.regex}, ${child(p.schema, pointerJoin(pointer, 'patternProperties', p.pattern))}]`).join(', ')}])`,
    );
  }
  if (schema.propertyNames !== undefined) {
    ctx.use('_propertyNames');
    checks.push(`_propertyNames(${child(schema.propertyNames, pointerJoin(pointer, 'propertyNames'))})`);
  }
  if (schema.dependentRequired && Object.keys(schema.dependentRequired).length > 0) {
    ctx.use('_dependentRequired');
    checks.push(`_dependentRequired(${literal(schema.dependentRequired)})`);
  }
  const dependent = Object.entries(schema.dependentSchemas ?? {});
  if (dependent.length > 0) {
    ctx.use('_dependentSchemas');
    checks.push(`_dependentSchemas(${objectLiteral(dependent.map(([name, s]) => [name, child(s, pointerJoin(pointer, 'dependentSchemas', name))]))})`);
  }
  const unevaluated = unevaluatedPropertiesCheck(schema, ctx, pointer, child);
  if (unevaluated) checks.push(unevaluated);
  return checks;
}

/**
 * unevaluatedProperties where the evaluated keys are known (model/evaluated.ts): the keys of the
 * object's own keywords and `allOf`, and of the `anyOf`/`oneOf` branches the value passes (readOnly
 * and writeOnly ones too, whatever the direction). Elsewhere
 * the model has warned (`model/loosened-keyword`) and nothing is checked: the validator accepts more.
 */
function unevaluatedPropertiesCheck(schema: SchemaObject, ctx: ZodContext, pointer: string, child: ChildToZod): string | undefined {
  const rest = schema.unevaluatedProperties;
  if (rest === undefined || rest === true) return undefined;
  // A readOnly or writeOnly property is still declared, so evaluated, in either direction: JSON
  // Schema reads both as annotations, and openapi-typescript types it in both.
  const plan = unevaluatedPropertiesPlan(schema, ctx.resolve);
  if (!plan || plan.fixed.all) return undefined;
  const regexes = (patterns: readonly string[]) => `[${patterns.flatMap((p) => regexExpression(p, ctx, pointer) ?? []).join(', ')}]`;
  const branches = plan.branches.map(
    (b, i) =>
      `[${child(b.schema, pointerJoin(pointer, schema.anyOf ? 'anyOf' : 'oneOf', i))}, ${literal(b.evaluated.names)}, ${regexes(b.evaluated.patterns)}, ${b.evaluated.all}]`,
  );
  ctx.use('_restProperties');
  const restExpr = rest === false ? 'false' : child(rest, pointerJoin(pointer, 'unevaluatedProperties'));
  return `_restProperties(${literal(plan.fixed.names)}, ${regexes(plan.fixed.patterns)}, ${restExpr}${branches.length > 0 ? `, [${branches.join(', ')}]` : ''})`;
}

/**
 * `additionalProperties: false` beside `allOf` (`anyOf`, `oneOf`) sees only the object's own
 * `properties` (model/closed-parts.ts). Documents mean the parts' properties, so the place is
 * warned of; the validator keeps JSON Schema's reading, as ajv does.
 */
function warnClosedParts(schema: SchemaObject, ctx: ZodContext, pointer: string): void {
  const shut = closedParts(schema, (ref) => ctx.resolve({ $ref: ref }));
  if (!shut) return;
  const { names } = shut;
  const list =
    names
      .slice(0, 3)
      .map((name) => `\`${name}\``)
      .join(', ') + (names.length > 3 ? ` and ${names.length - 3} more` : '');
  const what = shut.noValue ? 'a part requires one of them, so no value passes' : 'a value with one of them fails';
  ctx.inexact(
    `${pointer}/additionalProperties`,
    `additionalProperties: false sees only the object's own properties, not those its allOf/anyOf/oneOf parts declare (${list}): as JSON Schema reads it, ${what}; declare them in the object's own properties (\`name: {}\` is enough), or, in OpenAPI 3.1, write unevaluatedProperties: false`,
    'zod/closed-parts',
  );
}
