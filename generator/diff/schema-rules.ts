/**
 * The schema rules of the catalogue (rules.ts): each kind of schema change once per direction,
 * `request-...` judging what old callers send and `response-...` what the API answers, with its level,
 * the surfaces it can break and whether it lets callers or readers do more (semver minor).
 */
import { type ChangeLevel, SURFACES, type Surface } from './change.js';

const ALL: Surface[] = [...SURFACES];

/** One direction of a schema kind: its level, the surfaces it can break, and whether it lets callers or readers do more (minor). */
export type Side = [level: ChangeLevel, surfaces: Surface[], adds?: 'adds'];

/** A kind of schema change, in both directions. */
export interface SchemaKind {
  kind: string;
  request: Side;
  response: Side;
  description: string;
}

/** Kinds of schema change, each reported once per direction (`request-...`, `response-...`). */
const KINDS: SchemaKind[] = [
  {
    kind: 'type-widened',
    request: ['info', [], 'adds'],
    response: ['breaking', ['wire', 'types', 'validators']],
    description: 'the type accepts more (integer to number, one more type)',
  },
  { kind: 'type-narrowed', request: ['breaking', ALL], response: ['info', []], description: 'the type accepts less (number to integer, one type fewer)' },
  {
    kind: 'type-changed',
    request: ['breaking', ALL],
    response: ['breaking', ['wire', 'types', 'validators']],
    description: 'the type changed (integer to string, object to array)',
  },
  { kind: 'nullable-added', request: ['info', [], 'adds'], response: ['breaking', ['wire', 'types', 'validators']], description: 'null is now allowed' },
  { kind: 'nullable-removed', request: ['breaking', ALL], response: ['info', []], description: 'null is no longer allowed' },
  { kind: 'enum-value-added', request: ['info', [], 'adds'], response: ['breaking', ['types', 'validators']], description: 'an enum value more' },
  { kind: 'enum-value-removed', request: ['breaking', ALL], response: ['info', []], description: 'an enum value less' },
  { kind: 'enum-added', request: ['breaking', ALL], response: ['info', []], description: 'the values are now limited to an enum' },
  {
    kind: 'enum-removed',
    request: ['info', [], 'adds'],
    response: ['breaking', ['types', 'validators']],
    description: 'the values are no longer limited to an enum',
  },
  {
    kind: 'property-added',
    request: ['info', [], 'adds'],
    response: ['info', ['wire', 'validators'], 'adds'],
    description: 'an optional property more, or one that joined this direction (readOnly, writeOnly); breaks where the object was closed',
  },
  {
    kind: 'property-added-required',
    request: ['breaking', ALL],
    response: ['info', ['wire', 'validators'], 'adds'],
    description: 'a required property more',
  },
  {
    kind: 'property-removed',
    request: ['breaking', ALL],
    response: ['breaking', ['wire', 'types', 'validators']],
    description:
      'a property is gone, or left this direction (readOnly, writeOnly); a required one breaks response validators, a closed request object the wire',
  },
  { kind: 'property-became-required', request: ['breaking', ALL], response: ['info', []], description: 'an optional property is now required' },
  {
    kind: 'property-became-optional',
    request: ['info', [], 'adds'],
    response: ['breaking', ['wire', 'types', 'validators']],
    description: 'a required property is now optional',
  },
  { kind: 'property-deprecated', request: ['warning', []], response: ['warning', []], description: 'a property is now deprecated' },
  { kind: 'additional-properties-closed', request: ['breaking', ALL], response: ['info', []], description: 'no other properties are allowed any more' },
  {
    kind: 'additional-properties-opened',
    request: ['info', [], 'adds'],
    response: ['breaking', ['types', 'validators']],
    description: 'other properties are now allowed',
  },
  {
    kind: 'one-of-variant-added',
    request: ['info', [], 'adds'],
    response: ['breaking', ['wire', 'types', 'validators']],
    description: 'a oneOf variant more',
  },
  { kind: 'one-of-variant-removed', request: ['breaking', ALL], response: ['info', []], description: 'a oneOf variant less' },
  {
    kind: 'any-of-variant-added',
    request: ['info', [], 'adds'],
    response: ['breaking', ['wire', 'types', 'validators']],
    description: 'an anyOf variant more',
  },
  {
    kind: 'one-of-added',
    request: ['breaking', ALL],
    response: ['info', []],
    description: "a oneOf beside the schema's own type: values must now also match exactly one of its conditions",
  },
  {
    kind: 'one-of-removed',
    request: ['info', [], 'adds'],
    response: ['breaking', ['types', 'validators']],
    description: "the oneOf conditions beside the schema's own type are gone",
  },
  {
    kind: 'any-of-added',
    request: ['breaking', ALL],
    response: ['info', []],
    description: "an anyOf beside the schema's own type: values must now also match one of its conditions",
  },
  {
    kind: 'any-of-removed',
    request: ['info', [], 'adds'],
    response: ['breaking', ['types', 'validators']],
    description: "the anyOf conditions beside the schema's own type are gone",
  },
  {
    kind: 'one-of-became-any-of',
    request: ['info', [], 'adds'],
    response: ['breaking', ['validators']],
    description: 'oneOf became anyOf: a value may now match several variants',
  },
  {
    kind: 'any-of-became-one-of',
    request: ['breaking', ['wire', 'validators', 'mcp']],
    response: ['info', []],
    description: 'anyOf became oneOf: a value must now match exactly one variant',
  },
  { kind: 'any-of-variant-removed', request: ['breaking', ALL], response: ['info', []], description: 'an anyOf variant less' },
  // What a member brings or takes (properties, required) is compared in the merged object.
  {
    kind: 'all-of-member-added',
    request: ['info', []],
    response: ['info', []],
    description: "an allOf member more (its properties are compared with the object's)",
  },
  {
    kind: 'all-of-member-removed',
    request: ['info', []],
    response: ['info', []],
    description: "an allOf member less (its properties are compared with the object's)",
  },
  {
    kind: 'discriminator-property-changed',
    request: ['breaking', ALL],
    response: ['breaking', ['wire', 'types', 'validators']],
    description: 'the discriminator is another property',
  },
  {
    kind: 'discriminator-added',
    request: ['breaking', ALL],
    response: ['info', []],
    description: 'a discriminator now tells the variants apart: a value must carry one of its values',
  },
  {
    kind: 'discriminator-removed',
    request: ['info', [], 'adds'],
    response: ['breaking', ['types', 'validators']],
    description: 'no discriminator tells the variants apart any more',
  },
  {
    kind: 'discriminator-mapping-added',
    request: ['info', [], 'adds'],
    response: ['breaking', ['types', 'validators']],
    description: 'a discriminator value more',
  },
  { kind: 'discriminator-mapping-removed', request: ['breaking', ALL], response: ['info', []], description: 'a discriminator value less' },
  {
    kind: 'discriminator-mapping-changed',
    request: ['breaking', ALL],
    response: ['breaking', ['wire', 'types', 'validators']],
    description: 'a discriminator value now maps to another schema',
  },
  {
    kind: 'items-type-changed',
    request: ['breaking', ALL],
    response: ['breaking', ['wire', 'types', 'validators']],
    description: 'the array items are of another type',
  },
  {
    kind: 'schema-keyword-changed',
    request: ['breaking', ALL],
    response: ['breaking', ['wire', 'types', 'validators']],
    description:
      'a keyword no other rule reads changed (not, prefixItems, contains, propertyNames, patternProperties, if/then/else, unevaluated..., dependent..., items added or removed): not judged, so breaking until the proofs or a reader say otherwise',
  },
  { kind: 'default-changed', request: ['warning', []], response: ['info', []], description: 'the default changed: what an omitted value means' },
];

/** Which way a constraint accepts fewer values: a lower or higher number, set to true, a multiple of the old step, or any other value. */
export type Tighter = 'lower' | 'higher' | 'set' | 'divides' | 'differs';

/**
 * The constraint keywords of a value (lengths, bounds, counts, pattern, format), in the order they
 * are recorded: each one's rule kind (`max-length-tightened`, `-loosened`) and which way it
 * accepts fewer values. The comparison, the checker and the catalogue read this one table.
 */
export const CONSTRAINT_TABLE = {
  maxLength: { kind: 'max-length', tighter: 'lower' },
  minLength: { kind: 'min-length', tighter: 'higher' },
  maximum: { kind: 'maximum', tighter: 'lower' },
  minimum: { kind: 'minimum', tighter: 'higher' },
  maxItems: { kind: 'max-items', tighter: 'lower' },
  minItems: { kind: 'min-items', tighter: 'higher' },
  maxProperties: { kind: 'max-properties', tighter: 'lower' },
  minProperties: { kind: 'min-properties', tighter: 'higher' },
  exclusiveMaximum: { kind: 'exclusive-maximum', tighter: 'set' },
  exclusiveMinimum: { kind: 'exclusive-minimum', tighter: 'set' },
  uniqueItems: { kind: 'unique-items', tighter: 'set' },
  multipleOf: { kind: 'multiple-of', tighter: 'divides' },
  pattern: { kind: 'pattern', tighter: 'differs' },
  format: { kind: 'format', tighter: 'differs' },
} as const satisfies Record<string, { kind: string; tighter: Tighter }>;

/** A constraint keyword, as the document writes it (`maxLength`). */
export type ConstraintKeyword = keyof typeof CONSTRAINT_TABLE;

/** The constraint keywords, in the order they are recorded. */
export const CONSTRAINT_KEYWORDS = Object.keys(CONSTRAINT_TABLE) as ConstraintKeyword[];

const CONSTRAINT_KINDS: SchemaKind[] = CONSTRAINT_KEYWORDS.map((keyword) => CONSTRAINT_TABLE[keyword].kind).flatMap((name) => [
  { kind: `${name}-tightened`, request: ['breaking', ['wire', 'validators', 'mcp']], response: ['info', []], description: `${name} accepts fewer values` },
  { kind: `${name}-loosened`, request: ['info', [], 'adds'], response: ['breaking', ['validators']], description: `${name} accepts more values` },
]);

/** Every schema kind, the constraints' last. */
export const SCHEMA_KINDS: readonly SchemaKind[] = [...KINDS, ...CONSTRAINT_KINDS];
