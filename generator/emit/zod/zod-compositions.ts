import type { SchemaObject } from '../../model/types.js';
import { pointerJoin, schemaRefName } from '../../model/refs.js';
import { tsString } from '../print.js';
import { objectLiteral } from './literals.js';
import { overlappingBranches } from '../../model/oneof-overlap.js';
import type { ZodContext } from './zod-context.js';
import type { ChildToZod } from './zod-objects.js';

/** `z.intersection` of all parts, left to right; a single part is itself. */
export function intersectAll(parts: readonly string[]): string {
  return parts.reduce((left, right) => `z.intersection(${left}, ${right})`);
}

/**
 * allOf (every member: an intersection, which keeps the property sets of loose objects), anyOf
 * (`z.union`: at least one) and oneOf (`z.xor`: exactly one, as JSON Schema means), each combined
 * with the schema's own keywords (`core`) by intersection.
 */
export function compositionsToZod(schema: SchemaObject, core: string | undefined, ctx: ZodContext, pointer: string, child: ChildToZod): string {
  const parts: string[] = core ? [core] : [];
  const members = (key: 'allOf' | 'anyOf' | 'oneOf') => (schema[key] ?? []).map((member, i) => child(member, pointerJoin(pointer, key, i)));
  const allOf = members('allOf');
  if (allOf.length > 0) parts.push(...allOf);
  const anyOf = members('anyOf');
  if (anyOf.length > 0) parts.push(anyOf.length === 1 ? (anyOf[0] as string) : `z.union([${anyOf.join(', ')}])`);
  const oneOf = members('oneOf');
  if (oneOf.length > 0) parts.push(`z.${oneOfCheck(schema, ctx, pointer)}([${oneOf.join(', ')}])`);
  return parts.length === 0 ? 'z.unknown()' : intersectAll(parts);
}

/**
 * `xor` (exactly one branch) or `union` (any), by the output's option; overlapping branches are
 * warned of. With a discriminator the tag selects the branch that must accept the value (the
 * `_discriminator` check), as OpenAPI means it: branches alike but for the tag's value (ix-api's
 * allow and deny rules, each `type: string`) would otherwise refuse every value.
 */
function oneOfCheck(schema: SchemaObject, ctx: ZodContext, pointer: string): 'xor' | 'union' {
  if (schema.discriminator) return 'union';
  if (ctx.oneOf === 'union') return 'union';
  const branches = schema.oneOf ?? [];
  const overlap = overlappingBranches(branches, ctx.resolve);
  if (overlap) {
    const [a, b] = overlap.branches.map((i) => {
      const name = schemaRefName(branches[i] as SchemaObject);
      return name === undefined ? `branch ${i}` : `branch ${i} (${name})`;
    });
    ctx.inexact(
      `${pointer}/oneOf`,
      `${a} and ${b} overlap: ${overlap.common}, and the validator (exactly one, as JSON Schema means) refuses it; if any of them is meant, write anyOf, tell them apart (a required property, an enum, a discriminator), or generate with the zod output's option oneOf: "union"`,
      'zod/oneof-overlap',
    );
  }
  return 'xor';
}

/** `if`/`then`/`else` (2020-12): a check choosing `then` or `else` by whether `if` accepts the value. */
export function ifThenElseToZod(schema: SchemaObject, ctx: ZodContext, pointer: string, child: ChildToZod): string | undefined {
  if (schema.if === undefined || (schema.then === undefined && schema.else === undefined)) return undefined;
  ctx.use('_ifThenElse');
  const part = (key: 'then' | 'else') => (schema[key] === undefined ? 'undefined' : child(schema[key], pointerJoin(pointer, key)));
  return `_ifThenElse(${child(schema.if, pointerJoin(pointer, 'if'))}, ${part('then')}, ${part('else')})`;
}

/** `not`: a check that the value fails the negated schema. */
export function notToZod(schema: SchemaObject, ctx: ZodContext, pointer: string, child: ChildToZod): string | undefined {
  if (!schema.not) return undefined;
  ctx.use('_not');
  return `_not(${child(schema.not, `${pointer}/not`)})`;
}

/**
 * `discriminator` on a oneOf/anyOf: the tag property names the branch (by `mapping`, else by the
 * referenced component's name) and that branch must accept the value. Elsewhere (on a base schema
 * of an allOf hierarchy) it is an annotation only, and said so.
 */
export function discriminatorToZod(schema: SchemaObject, ctx: ZodContext, pointer: string, child: ChildToZod): string | undefined {
  const discriminator = schema.discriminator;
  if (!discriminator) return undefined;
  const branches = schema.oneOf ?? schema.anyOf;
  if (!branches) {
    ctx.inexact(`${pointer}/discriminator`, 'discriminator without oneOf/anyOf is read as an annotation (the schemas that extend this one are not known here)');
    return undefined;
  }
  const targets = new Map<string, string>();
  for (const [value, target] of Object.entries(discriminator.mapping ?? {})) {
    const name = schemaRefName({ $ref: target.startsWith('#') ? target : `#/components/schemas/${target}` });
    if (name === undefined) {
      ctx.inexact(`${pointer}/discriminator/mapping`, `mapping value ${JSON.stringify(target)} is not a component schema; ignored`);
      continue;
    }
    targets.set(value, name);
  }
  const mapped = new Set(targets.values());
  for (const branch of branches) {
    const name = schemaRefName(branch);
    if (name === undefined) {
      if (!discriminator.mapping)
        ctx.inexact(`${pointer}/discriminator`, 'an inline branch has no name to be selected by; only mapped and referenced branches are selectable');
      continue;
    }
    if (!mapped.has(name) && !targets.has(name)) targets.set(name, name);
  }
  const entries = [...targets].map(([value, name]): [string, string] => [value, child({ $ref: `#/components/schemas/${name}` }, `${pointer}/discriminator`)]);
  ctx.use('_discriminator');
  return `_discriminator(${tsString(discriminator.propertyName)}, () => (${objectLiteral(entries)}))`;
}
