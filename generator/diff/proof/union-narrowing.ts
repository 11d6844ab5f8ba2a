/**
 * How code written against the old output tells the variants of a union apart, so the usage can
 * read inside each as a user does after narrowing: by the discriminator (`pet.kind === 'cat'`), by a
 * property every variant has with one distinct value each, or by a property only that variant
 * declares (`'whiskers' in pet`). The first two are literal types in the generated output, which the
 * compiler also uses to compare a union variant by variant.
 */
import { tsAccess, tsString } from '../../emit/print.js';
import type { SchemaObject } from '../../model/types.js';
import type { PlacedSchema, ResolvedSchema, SchemaPlaces } from './schema-places.js';

/** One variant of a union, and how a value is narrowed to it. */
export interface VariantTest {
  member: ResolvedSchema;
  /** `Cat`, or `#2` for an inline variant. */
  label: string;
  /** The condition that narrows a value held in `ref` to this variant; undefined where nothing tells it apart. */
  test?: (ref: string) => string;
}

/** The variants of a union and how each is told apart; `literal` when by a literal value (the compiler compares them variant by variant then). */
export interface UnionTests {
  variants: VariantTest[];
  literal: boolean;
}

function single(schema: SchemaObject): string | number | boolean | undefined {
  const values = schema.enum;
  if (!Array.isArray(values) || values.length !== 1) return undefined;
  const [value] = values;
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : undefined;
}

function literalTest(property: string, value: string | number | boolean): (ref: string) => string {
  const literal = typeof value === 'string' ? tsString(value) : String(value);
  return (ref) => `${ref}${tsAccess(property)} === ${literal}`;
}

/** The variants of `union` (a resolved schema with a oneOf or anyOf), or undefined where it has none. */
export function unionTests(places: SchemaPlaces, union: PlacedSchema): UnionTests | undefined {
  const choice = places.variants(union);
  if (!choice) return undefined;
  const members = choice.members.map((member, i) => ({ member: places.resolve(member), label: places.componentOf(member.schema) ?? `#${i + 1}` }));
  const byDiscriminator = discriminatorTests(union.schema, members);
  if (byDiscriminator) return { variants: byDiscriminator, literal: true };
  const properties = members.map((m) => places.properties(m.member));
  const byLiteral = literalProperty(places, properties);
  if (byLiteral) {
    const values = literalValues(places, properties, byLiteral);
    return { variants: members.map((m, i) => ({ ...m, test: literalTest(byLiteral, values[i] as string | number | boolean) })), literal: true };
  }
  // A property only one variant declares: `in` narrows to it.
  const variants = members.map((m, i) => {
    const own = [...(properties[i]?.keys() ?? [])].find((name) => properties.every((other, j) => j === i || !other.has(name)));
    return own === undefined ? m : { ...m, test: (ref: string) => `${tsString(own)} in ${ref}` };
  });
  return { variants, literal: false };
}

/** By the discriminator's mapping (or, without one, the component names): only where every variant has its value. */
function discriminatorTests(union: SchemaObject, members: { member: ResolvedSchema; label: string }[]): VariantTest[] | undefined {
  const discriminator = union.discriminator;
  if (!discriminator?.propertyName) return undefined;
  const mapping = Object.entries(discriminator.mapping ?? {});
  const mappedValue = (component: string | undefined) => {
    if (component === undefined) return undefined;
    const mapped = mapping.find(([, target]) => target === component || target.endsWith(`/${component}`));
    return mapped ? mapped[0] : mapping.length === 0 ? component : undefined;
  };
  const tests = members.map((m) => {
    const value = mappedValue(m.member.component);
    return value === undefined ? undefined : { ...m, test: literalTest(discriminator.propertyName, value) };
  });
  return tests.every((t) => t !== undefined) ? (tests as VariantTest[]) : undefined;
}

/** A property every variant declares with one value, distinct across the variants. */
function literalProperty(places: SchemaPlaces, properties: Map<string, { at: PlacedSchema }>[]): string | undefined {
  const [first, ...rest] = properties;
  if (!first || rest.length === 0) return undefined;
  for (const name of first.keys()) {
    if (!rest.every((p) => p.has(name))) continue;
    const values = literalValues(places, properties, name);
    if (values.every((v) => v !== undefined) && new Set(values.map((v) => JSON.stringify(v))).size === values.length) return name;
  }
  return undefined;
}

function literalValues(places: SchemaPlaces, properties: Map<string, { at: PlacedSchema }>[], name: string): (string | number | boolean | undefined)[] {
  return properties.map((p) => {
    const at = p.get(name)?.at;
    return at ? single(places.resolve(at).schema) : undefined;
  });
}
