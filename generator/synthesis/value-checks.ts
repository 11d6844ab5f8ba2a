/**
 * Checks of a document's example against a string's or a number's constraints, before a fixture
 * takes it: lengths, pattern, the formats the validators check, bounds and multipleOf. Each is at
 * least as strict as the generated validators (templates/zod-helpers.ts): an example refused here
 * is replaced by a made value, never taken when the validators would refuse it (the mock validates
 * its fixtures). test/unit/value-checks.test.ts holds the formats to the validators' own.
 */
import type { SchemaObject } from '../model/types.js';
import { patternTest } from './pattern-test.js';

/** True when `value` meets the string constraints of `schema` (as far as they are checked). */
export function stringFits(value: string, schema: SchemaObject): boolean {
  // Counted only where a length is bounded: most strings' are not.
  if (schema.minLength !== undefined || schema.maxLength !== undefined) {
    const length = codePoints(value);
    if (schema.minLength !== undefined && length < schema.minLength) return false;
    if (schema.maxLength !== undefined && length > schema.maxLength) return false;
  }
  if (typeof schema.pattern === 'string' && !matches(schema.pattern, value)) return false;
  const format = typeof schema.format === 'string' ? FORMATS[schema.format] : undefined;
  return format === undefined || format(value);
}

/** True when `value` meets the numeric constraints of `schema`. */
export function numberFits(value: number, schema: SchemaObject): boolean {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf, format } = schema;
  if (typeof minimum === 'number' && (exclusiveMinimum === true ? value <= minimum : value < minimum)) return false;
  if (typeof maximum === 'number' && (exclusiveMaximum === true ? value >= maximum : value > maximum)) return false;
  if (format === 'int32' && (value < -(2 ** 31) || value > 2 ** 31 - 1)) return false;
  if ((format === 'int32' || format === 'int64') && !Number.isInteger(value)) return false;
  // An integer beyond ±(2^53-1) is refused by the validators: a JSON number cannot carry it exactly.
  if ((schema.type === 'integer' || format === 'int32' || format === 'int64') && !Number.isSafeInteger(value)) return false;
  // A fractional step is checked by the validators on exact decimals; an example is taken only for whole ones.
  if (typeof multipleOf === 'number') return Number.isInteger(multipleOf) && Number.isInteger(value) && value % multipleOf === 0;
  return true;
}

/**
 * Whether a made string or number meets the schema's own bounds (length, pattern, format, range), as
 * the validators check them. A pattern JavaScript cannot read (`[\p{all}]*`) is not checked by the
 * validators either.
 */
export function withinBounds(value: unknown, schema: SchemaObject): boolean {
  if (typeof value === 'number') return numberFits(value, schema);
  if (typeof value !== 'string') return true;
  const checked = typeof schema.pattern === 'string' && !patternTest(schema.pattern) ? { ...schema, pattern: undefined } : schema;
  return stringFits(value, checked);
}

function codePoints(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}

/** As JSON Schema reads a pattern (unanchored, Unicode mode); one no engine reads here refuses every example. */
function matches(pattern: string, value: string): boolean {
  return patternTest(pattern)?.(value) ?? false;
}

const DATE = /^(\d{4})-(\d\d)-(\d\d)$/;

function isDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [0, 31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month] ?? 0;
  return month >= 1 && day >= 1 && day <= days;
}

/** RFC 3339 with a `T`, no leap second: a subset of what the validators take. */
function isDateTime(value: string): boolean {
  const m = /^(\d{4}-\d\d-\d\d)T(\d\d):(\d\d):(\d\d)(?:\.\d+)?(?:Z|[+-](\d\d):(\d\d))$/i.exec(value);
  if (!m || !isDate(m[1] as string)) return false;
  return Number(m[2]) <= 23 && Number(m[3]) <= 59 && Number(m[4]) <= 59 && Number(m[5] ?? 0) <= 23 && Number(m[6] ?? 0) <= 59;
}

/** An absolute URL of only the characters RFC 3986 allows, that WHATWG's parser reads: a subset of what the validators take. */
function isUri(value: string): boolean {
  if (!/^[a-z][a-z0-9+.-]*:\/\/[A-Za-z0-9\-._~:/?#@!$&'()*+,;=%]+$/i.test(value) || /%(?![0-9a-f]{2})/i.test(value)) return false;
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
}

const FORMATS: Record<string, (value: string) => boolean> = {
  date: isDate,
  'date-time': isDateTime,
  uri: isUri,
  email: (value) =>
    /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i.test(value),
  uuid: (value) => /^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i.test(value),
  byte: (value) => /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(value),
};

/** The formats checked here (the validators check the same ones). */
export const CHECKED_FORMATS: readonly string[] = Object.keys(FORMATS);
