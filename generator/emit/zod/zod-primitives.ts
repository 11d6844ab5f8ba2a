import type { SchemaObject } from '../../model/types.js';
import { tsString } from '../print.js';
import { literal, type Built } from './literals.js';
import type { ZodContext } from './zod-context.js';
import { fitsType } from '../../model/fits-type.js';
import { jsPattern } from '../../model/js-pattern.js';
import { CHECKED_STRING_FORMATS, FORMAT_RANGES, INTEGER_FORMATS } from '../shared/checked-formats.js';

/** `type: string`: lengths in code points, pattern (unanchored, `u` flag as JSON Schema), formats. */
export function stringToZod(schema: SchemaObject, ctx: ZodContext, pointer: string): Built {
  // A file to upload arrives as a Blob (or File); JSON never carries one, so responses stay strings.
  if (schema.format === 'binary' && ctx.mode === 'request') return { base: 'z.union([z.string(), z.instanceof(Blob)])', checks: [] };
  const checks: string[] = [];
  if (schema.minLength !== undefined || schema.maxLength !== undefined) {
    ctx.use('_length');
    checks.push(`_length(${literal(schema.minLength)}, ${literal(schema.maxLength)})`);
  }
  const pattern = typeof schema.pattern === 'string' ? patternCheck(schema.pattern, ctx, pointer) : undefined;
  if (pattern) checks.push(pattern);
  if (typeof schema.format === 'string' && CHECKED_STRING_FORMATS.has(schema.format)) {
    ctx.use('_format');
    checks.push(`_format(${tsString(schema.format)})`);
  }
  return { base: 'z.string()', checks };
}

function patternCheck(pattern: string, ctx: ZodContext, pointer: string): string | undefined {
  const regex = regexExpression(pattern, ctx, `${pointer}/pattern`);
  return regex && `z.regex(${regex})`;
}

/** `new RegExp(pattern, 'u')` as JSON Schema reads a pattern, or as near as JavaScript reads it (warned; model/js-pattern.ts); undefined where it cannot. */
/**
 * A pattern copied from JavaScript source: `/.../` with flags, or anchored just inside its slashes
 * (`/^...$/`); a pattern such as `/v1/.+/` may mean its slashes, and is left alone.
 */
const REGEX_LITERAL = /^\/(?:\^.*|.*\$)\/[dgimsuvy]*$|^\/.+\/[dgimsuvy]+$/s;

export function regexExpression(pattern: string, ctx: ZodContext, pointer: string): string | undefined {
  const read = jsPattern(pattern);
  if (!read) {
    ctx.inexact(pointer, 'pattern is not a regular expression JavaScript reads as the document means it; it is not checked');
    return undefined;
  }
  if (read.inexact) ctx.inexact(pointer, read.inexact);
  // `/^[0-9]{5}$/i` as written: the slashes and flags are characters to JSON Schema
  // (test/zod/pattern-literal.test.ts).
  if (REGEX_LITERAL.test(pattern)) {
    ctx.inexact(
      pointer,
      `pattern ${JSON.stringify(pattern)} is written as a JavaScript regular expression literal: JSON Schema reads its slashes${/\/[a-z]+$/.test(pattern) ? ' and flags' : ''} as characters to match, and the validators check it so; write the expression alone (${JSON.stringify(pattern.slice(1, pattern.lastIndexOf('/')))})`,
      'zod/pattern-literal',
    );
  }
  return `new RegExp(${tsString(read.source)}${read.flags ? `, ${tsString(read.flags)}` : ''})`;
}

/** `type: number|integer`: integer-ness, bounds (3.0 boolean exclusives), multipleOf, numeric formats. */
export function numberToZod(schema: SchemaObject, ctx: ZodContext, pointer: string): Built {
  const checks: string[] = [];
  const format = schema.format;
  if (schema.type === 'integer' || (format !== undefined && INTEGER_FORMATS.has(format))) checks.push('z.int()');
  if (format === 'int64') ctx.inexact(`${pointer}/format`, 'int64: integers beyond ±(2^53-1) are refused (a JSON number cannot carry them exactly)');
  if (schema.minimum !== undefined) checks.push(`z.${schema.exclusiveMinimum === true ? 'gt' : 'gte'}(${literal(schema.minimum)})`);
  if (schema.maximum !== undefined) checks.push(`z.${schema.exclusiveMaximum === true ? 'lt' : 'lte'}(${literal(schema.maximum)})`);
  const range = format !== undefined && Object.hasOwn(FORMAT_RANGES, format) ? FORMAT_RANGES[format] : undefined;
  if (range) checks.push(`z.gte(${literal(range.min)})`, `z.lte(${literal(range.max)})`);
  if (schema.multipleOf !== undefined) {
    // Not zod's multipleOf: it divides doubles with a tolerance (see the helper).
    ctx.use('_multipleOf');
    checks.push(`_multipleOf(${literal(schema.multipleOf)})`);
  }
  return { base: 'z.number()', checks };
}

/** `enum`: values of the schema's type (and null when nullable); a literal list or, for objects, JSON equality. */
export function enumToZod(schema: SchemaObject, type: SchemaObject['type'], ctx: ZodContext): string {
  const values = (schema.enum ?? []).filter((v) => fitsType(v, type) || (v === null && schema.nullable === true));
  if (schema.nullable === true && !values.includes(null)) values.push(null);
  if (values.length === 0) return 'z.never()';
  if (values.every((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v))) {
    return values.length === 1 ? `z.literal(${literal(values[0])})` : `z.literal(${literal(values)})`;
  }
  ctx.use('_oneOfValues');
  return `_oneOfValues(${literal(values)})`;
}
