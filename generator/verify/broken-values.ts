/**
 * Values that break one keyword of a schema, by kind: the plainest break of each (text for a
 * number, one past a bound, one character too many), which a server cannot take for valid input.
 * A value travels as text in a path, query, header or cookie, so there only breaks that stay
 * broken on the wire are made (a number for a string reads as a string there).
 */
import type { SchemaObject } from '../model/types.js';
import { patternTest } from '../synthesis/pattern-test.js';
import { CHECKED_FORMATS, stringFits } from '../synthesis/value-checks.js';

/** The kinds of constraint a request can break, in the order they are tried. */
export const CONSTRAINT_KINDS = [
  'missing-header',
  'missing-parameter',
  'required',
  'body-required',
  'body-type',
  'type',
  'enum',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'additionalProperties',
  'idempotency-key-too-long',
  'idempotency-key-empty',
  'idempotency-key-missing',
] as const;
export type ConstraintKind = (typeof CONSTRAINT_KINDS)[number];

/** One broken value: its kind, the value, and what it breaks, for people (`is 101, past its maximum 100`). */
export interface BrokenValue {
  kind: ConstraintKind;
  value: unknown;
  says: string;
}

/** A value no enum of a document holds by chance. */
export const OUTSIDE_ENUM = 'podcast-gen-verify-not-in-enum';
/** A property no closed object of a document declares by chance. */
export const UNKNOWN_PROPERTY = 'podcast_gen_verify_unknown';

/** Where a value travels: as text (path, query, header, cookie, a form field) or as JSON. */
export type Place = 'text' | 'json' | 'path';

/** The breaks of `schema` (its references followed, its allOf merged), each of one kind; `current` is the valid value, if any. */
export function brokenValues(schema: SchemaObject, place: Place, current: unknown, item: () => unknown): BrokenValue[] {
  const found: BrokenValue[] = [];
  const add = (kind: ConstraintKind, value: unknown, says: string) => found.push({ kind, value, says });
  const type = schema.type;
  const json = place === 'json';
  if (type === 'integer' || type === 'number') add('type', 'not-a-number', `is "not-a-number", not ${type === 'integer' ? 'an integer' : 'a number'}`);
  else if (type === 'boolean') add('type', 'not-a-boolean', 'is "not-a-boolean", not a boolean');
  else if (json && type === 'string') add('type', 12345, 'is 12345, not a string');
  else if (json && type === 'object') add('type', 'not-an-object', 'is "not-an-object", not an object');
  else if (json && type === 'array') add('type', 'not-an-array', 'is "not-an-array", not an array');
  const members = schema.enum ?? [];
  if (members.length > 0 && members.every((m) => typeof m === 'string') && !members.includes(OUTSIDE_ENUM))
    add('enum', OUTSIDE_ENUM, `is ${JSON.stringify(OUTSIDE_ENUM)}, outside its enum`);
  else if (members.length > 0 && members.every((m) => typeof m === 'number')) {
    const outside = Math.max(...(members as number[])) + 1;
    add('enum', outside, `is ${outside}, outside its enum`);
  }
  if (type === 'integer' || type === 'number') numberBreaks(schema, current, add);
  if (type === 'string' && schema.enum === undefined) stringBreaks(schema, place, add);
  if (type === 'array') arrayBreaks(schema, place, current, item, add);
  if (json && type === 'object' && schema.additionalProperties === false && isRecord(current))
    add('additionalProperties', { ...current, [UNKNOWN_PROPERTY]: 1 }, `has the property ${UNKNOWN_PROPERTY}, which its closed object does not declare`);
  return found;
}

function numberBreaks(schema: SchemaObject, current: unknown, add: (kind: ConstraintKind, value: unknown, says: string) => void): void {
  const { minimum, maximum, multipleOf } = schema;
  if (typeof minimum === 'number') {
    const below = schema.exclusiveMinimum === true ? minimum : minimum - 1;
    add('minimum', below, `is ${below}, under its ${schema.exclusiveMinimum === true ? 'exclusive ' : ''}minimum ${minimum}`);
  }
  if (typeof maximum === 'number') {
    const above = schema.exclusiveMaximum === true ? maximum : maximum + 1;
    add('maximum', above, `is ${above}, past its ${schema.exclusiveMaximum === true ? 'exclusive ' : ''}maximum ${maximum}`);
  }
  if (typeof multipleOf === 'number' && multipleOf > 0) {
    const base = typeof current === 'number' ? current : (minimum ?? 0);
    // Half a step off, or one off for a whole step of two or more: within the bounds where that can be.
    const off = schema.type === 'integer' ? (Number.isInteger(multipleOf) && multipleOf >= 2 ? 1 : undefined) : multipleOf / 2;
    if (off !== undefined) {
      const up = base + off;
      const value = typeof maximum === 'number' && up > maximum ? base - off : up;
      add('multipleOf', value, `is ${value}, not a multiple of ${multipleOf}`);
    }
  }
}

function stringBreaks(schema: SchemaObject, place: Place, add: (kind: ConstraintKind, value: unknown, says: string) => void): void {
  const { minLength, maxLength, pattern, format } = schema;
  // An empty path segment is another path, not a short value.
  if (typeof minLength === 'number' && minLength > 0 && !(place === 'path' && minLength === 1))
    add('minLength', 'x'.repeat(minLength - 1), `is ${minLength - 1} characters long, under its minLength ${minLength}`);
  if (typeof maxLength === 'number' && maxLength < 10_000)
    add('maxLength', 'x'.repeat(maxLength + 1), `is ${maxLength + 1} characters long, past its maxLength ${maxLength}`);
  if (typeof pattern === 'string') {
    const test = patternTest(pattern);
    const within = (text: string) => [...text].length >= (minLength ?? 0) && [...text].length <= (maxLength ?? Infinity);
    const candidates = ['~', '!!', '0', 'x', '~~~~~~~~', '', ' '].filter((text) => !(place === 'path' && (text === '' || text === ' ')));
    const value = test ? (candidates.find((text) => !test(text) && within(text)) ?? candidates.find((text) => !test(text))) : undefined;
    if (value !== undefined) add('pattern', value, `is ${JSON.stringify(value)}, which its pattern ${pattern} does not match`);
  }
  if (typeof format === 'string' && CHECKED_FORMATS.includes(format)) {
    const value = `not-a-${format}`;
    if (!stringFits(value, { format })) add('format', value, `is ${JSON.stringify(value)}, not of its format ${format}`);
  }
}

function arrayBreaks(
  schema: SchemaObject,
  place: Place,
  current: unknown,
  item: () => unknown,
  add: (kind: ConstraintKind, value: unknown, says: string) => void,
): void {
  const items = Array.isArray(current) ? current : [];
  const one = () => (items.length > 0 ? items[0] : item());
  // Few items in a query are no items at all, which an optional parameter may be.
  if (place === 'json' && typeof schema.minItems === 'number' && schema.minItems > 0) {
    const fewer = Array.from({ length: schema.minItems - 1 }, (_, i) => items[i] ?? one());
    add('minItems', fewer, `has ${countOf(fewer.length)}, under its minItems ${schema.minItems}`);
  }
  if (typeof schema.maxItems === 'number' && schema.maxItems < 1000) {
    const more = Array.from({ length: schema.maxItems + 1 }, (_, i) => items[i] ?? one());
    add('maxItems', more, `has ${countOf(more.length)}, past its maxItems ${schema.maxItems}`);
  }
  if (place === 'json' && schema.uniqueItems === true && (schema.maxItems ?? 2) >= 2) {
    const first = one();
    add('uniqueItems', [first, first, ...items.slice(2)], 'repeats an item, where its items are unique');
  }
}

/** `1 item`, `3 items`. */
function countOf(count: number): string {
  return `${count} item${count === 1 ? '' : 's'}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
