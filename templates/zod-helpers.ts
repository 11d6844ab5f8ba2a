/**
 * Small functions the generated `schemas.ts` carries for what zod has no exact built-in for
 * (JSON Schema's code-point string lengths, decimal multipleOf, formats as ajv-formats' full mode
 * checks them, deep equality for `uniqueItems` and object enums, `not`, discriminators).
 *
 * Each `// #region <name>` is cut out of this file's text and copied into `schemas.ts` when a
 * schema uses it (generator/emit/zod/runtime-helpers.ts), without its `export`s; a region that
 * names another region's helper brings that one along. Their names start with `_`, which no
 * generated type name can (model/naming.ts splits on `_`).
 *
 * They are written with zod/mini (functions and `.check(...)`, no methods), as `schemas.ts` is: a
 * bundle then carries only the parts of zod a program uses (`z.locales.en` would keep every locale:
 * a bundler does not look through a namespace inside a namespace). Every top-level statement is a
 * declaration, so a bundler drops a helper that nothing calls.
 */
import { en } from 'zod/locales';
import * as z from 'zod/mini';

// #region _schema
/**
 * Makes a top-level validator of `schemas.ts`, which calls it marked `@__PURE__`: a bundler then
 * drops every validator a program does not use (a plain call there would be kept for what it might
 * do). zod/mini carries no error messages of its own; this installs zod's English ones, as zod's
 * full build does, unless the program has chosen a locale already.
 */
export function _schema<T>(make: () => T): T {
  if (!z.config().localeError) z.config(en());
  return make();
}
// #endregion

// Why a function rather than `.register(...)`: the method's type fits the metadata to the registry
// for every validator it is called on, which costs a large schemas.ts's type check as much as all
// the rest of its work (bench/RESULTS.md, "Type-checking the output").
// #region _meta
/**
 * Registers a validator's annotations in zod's global registry (`z.toJSONSchema` prints them) and
 * returns the validator with its own type, as `.register(z.globalRegistry, meta)` does. A string is
 * a description alone, as zod's `.describe(text)` takes it (most annotations are one).
 */
export function _meta<T>(schema: T, meta: string | Record<string, unknown>): T {
  z.globalRegistry.add(schema as z.ZodMiniType, (typeof meta === 'string' ? { description: meta } : meta) as z.core.GlobalMeta);
  return schema;
}
// #endregion

// #region _chars
/** Length in Unicode code points, as JSON Schema counts string lengths. */
export function _chars(value: string): number {
  let count = 0;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}
// #endregion

// #region _length
/** minLength/maxLength in code points (zod's .min/.max count UTF-16 units). */
export function _length(min: number | undefined, max: number | undefined) {
  return z.check<string>((ctx) => {
    const value = ctx.value;
    if (min !== undefined && (value.length < min || _chars(value) < min)) {
      ctx.issues.push({
        code: 'too_small',
        origin: 'string',
        minimum: min,
        inclusive: true,
        input: value,
        message: `Too small: expected string to have >=${min} characters`,
      });
    }
    if (max !== undefined && value.length > max && _chars(value) > max) {
      ctx.issues.push({
        code: 'too_big',
        origin: 'string',
        maximum: max,
        inclusive: true,
        input: value,
        message: `Too big: expected string to have <=${max} characters`,
      });
    }
  });
}
// #endregion

// #region _format
/** String formats of OpenAPI 3.0, checked as ajv-formats' full mode checks them (RFC 3339, 3986, 4122, 4648). */
export const _formats: Record<string, (value: string) => boolean> = {
  date: (value) => {
    const m = /^(\d\d\d\d)-(\d\d)-(\d\d)$/.exec(value);
    if (!m) return false;
    const year = Number(m[1]);
    const month = Number(m[2]);
    const day = Number(m[3]);
    const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
    const days = [0, 31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month] ?? 0;
    return month >= 1 && month <= 12 && day >= 1 && day <= days;
  },
  'date-time': (value) => {
    const parts = value.split(/t|\s/i);
    if (parts.length !== 2 || !_formats['date']?.(parts[0] ?? '')) return false;
    const m = /^(\d\d):(\d\d):(\d\d(?:\.\d+)?)(z|([+-])(\d\d)(?::?(\d\d))?)?$/i.exec(parts[1] ?? '');
    if (!m?.[4]) return false;
    const hour = Number(m[1]);
    const minute = Number(m[2]);
    const second = Number(m[3]);
    const sign = m[5] === '-' ? -1 : 1;
    const tzHour = Number(m[6] ?? 0);
    const tzMinute = Number(m[7] ?? 0);
    if (tzHour > 23 || tzMinute > 59) return false;
    if (hour <= 23 && minute <= 59 && second < 60) return true;
    const utcMinute = minute - tzMinute * sign;
    const utcHour = hour - tzHour * sign - (utcMinute < 0 ? 1 : 0);
    return (utcHour === 23 || utcHour === -1) && (utcMinute === 59 || utcMinute === -1) && second < 61;
  },
  uri: (value) => /\/|:/.test(value) && _URI.test(value),
  email: (value) =>
    /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i.test(value),
  uuid: (value) => /^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i.test(value),
  byte: (value) => /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(value),
};
export const _URI =
  /^(?:[a-z][a-z0-9+\-.]*:)(?:\/?\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)|(?:[a-z0-9\-._~!$&'()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)(?:\?(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?$/i;
/** A string check by format name. */
export function _format(name: string) {
  const test = _formats[name] ?? (() => true);
  return z.check<string>((ctx) => {
    if (!test(ctx.value)) ctx.issues.push({ code: 'invalid_format', format: name, input: ctx.value, message: `Invalid ${name}` });
  });
}
// #endregion

// #region _decimal
/**
 * A finite number as the decimal JSON writes for it (the shortest that reads back as the same
 * double: 0.3 is 3 x 10^-1, not the binary fraction nearest to it): digits x 10^exponent.
 */
export function _decimal(n: number): { digits: bigint; exponent: number } {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(n));
  const frac = m?.[3] ?? '';
  return { digits: BigInt(`${m?.[1] ?? ''}${m?.[2] ?? '0'}${frac}`), exponent: Number(m?.[4] ?? 0) - frac.length };
}
// #endregion

// #region _multipleOf
/**
 * multipleOf as JSON Schema means it: the value divided by the step is a whole number, in decimal
 * (0.3 is a multiple of 0.1). zod's .multipleOf divides doubles with a tolerance, which accepts
 * near misses of large values and of many-digit decimals; this divides exact decimals instead.
 */
export function _multipleOf(step: number) {
  const s = _decimal(step);
  const pow10 = (k: number) => BigInt(`1${'0'.repeat(k)}`);
  return z.check<number>((ctx) => {
    const value = ctx.value;
    if (!Number.isFinite(value)) return;
    let ok: boolean;
    // Whole steps: % of doubles is exact, and a fraction is never a multiple of a whole number.
    if (Number.isInteger(step)) ok = Number.isInteger(value) && value % step === 0;
    else {
      const v = _decimal(value);
      const e = Math.min(v.exponent, s.exponent);
      ok = (v.digits * pow10(v.exponent - e)) % (s.digits * pow10(s.exponent - e)) === BigInt(0);
    }
    if (!ok)
      ctx.issues.push({ code: 'not_multiple_of', origin: 'number', divisor: step, input: value, message: `Invalid number: must be a multiple of ${step}` });
  });
}
// #endregion

// #region _equal
/** JSON equality (object key order does not matter), as JSON Schema compares values. */
export function _equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => _equal(item, b[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && _equal((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}
// #endregion

// #region _unique
/** uniqueItems: no two items are JSON-equal. */
export function _unique(items: readonly unknown[]): boolean {
  for (let i = 0; i < items.length; i++) for (let j = i + 1; j < items.length; j++) if (_equal(items[i], items[j])) return false;
  return true;
}
// #endregion

// #region _oneOfValues
/** A value as JSON text gives it: the literal's types without `readonly` (openapi-typescript prints none). */
type _Parsed<T> = T extends object ? { -readonly [K in keyof T]: _Parsed<T[K]> } : T;

/** enum with object or array values: one of the values, by JSON equality; typed as the union of their literal types. */
export function _oneOfValues<const T extends readonly unknown[]>(values: T): z.ZodMiniType<_Parsed<T[number]>> {
  return z
    .unknown()
    .check(z.refine((value) => values.some((v) => _equal(v, value)), { message: `Invalid input: expected one of ${JSON.stringify(values)}` })) as z.ZodMiniType<
    _Parsed<T[number]>
  >;
}
// #endregion

// #region _keysPresent
/** required names that have no property declaration: they must be present, with any value. */
export function _keysPresent(keys: readonly string[]) {
  return z.check<Record<string, unknown>>((ctx) => {
    for (const key of keys) {
      if (!Object.prototype.hasOwnProperty.call(ctx.value, key))
        ctx.issues.push({ code: 'custom', path: [key], input: ctx.value, message: 'Invalid input: expected a value' });
    }
  });
}
// #endregion

// #region _closed
/** additionalProperties: false: keys other than the declared ones are refused. */
export function _closed(declared: readonly string[]) {
  return z.check<Record<string, unknown>>((ctx) => {
    const keys = Object.keys(ctx.value).filter((key) => !declared.includes(key));
    if (keys.length > 0)
      ctx.issues.push({
        code: 'custom',
        params: { unrecognizedKeys: keys },
        input: ctx.value,
        message: `Unrecognized key${keys.length > 1 ? 's' : ''}: ${keys.map((k) => JSON.stringify(k)).join(', ')}`,
      });
  });
}
// #endregion

// #region _propertyCount
/** minProperties/maxProperties. */
export function _propertyCount(min: number | undefined, max: number | undefined) {
  return z.check<Record<string, unknown>>((ctx) => {
    const count = Object.keys(ctx.value).length;
    if ((min !== undefined && count < min) || (max !== undefined && count > max)) {
      ctx.issues.push({ code: 'custom', input: ctx.value, message: `Invalid input: expected ${min ?? 0} to ${max ?? 'any number of'} properties` });
    }
  });
}
// #endregion

// #region _not
/** not: the value must fail the schema. */
export function _not(schema: z.core.$ZodType) {
  return z.check<unknown>((ctx) => {
    if (z.safeParse(schema, ctx.value).success)
      ctx.issues.push({ code: 'custom', input: ctx.value, message: 'Invalid input: matches a schema it must not match' });
  });
}
// #endregion

// #region _discriminator
/**
 * OpenAPI discriminator: an object must name, in `property`, one of the mapped schemas, and that
 * schema must accept it (besides the oneOf/anyOf it qualifies).
 */
export function _discriminator(property: string, mapping: () => Record<string, z.core.$ZodType>) {
  return z.check<unknown>((ctx) => {
    const value = ctx.value;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
    const tag = (value as Record<string, unknown>)[property];
    const schemas = mapping();
    const schema = typeof tag === 'string' && Object.prototype.hasOwnProperty.call(schemas, tag) ? schemas[tag] : undefined;
    if (!schema) {
      ctx.issues.push({
        code: 'custom',
        path: [property],
        input: value,
        message: `Invalid input: expected one of ${Object.keys(schemas)
          .map((k) => JSON.stringify(k))
          .join(', ')}`,
      });
    } else if (!z.safeParse(schema, value).success) {
      ctx.issues.push({ code: 'custom', input: value, message: `Invalid input: not a valid ${tag}` });
    }
  });
}
// #endregion

// #region _ifThenElse
/** if/then/else (JSON Schema 2020-12): a value `when` accepts must pass `then`, any other `otherwise`. */
export function _ifThenElse(when: z.core.$ZodType, then: z.core.$ZodType | undefined, otherwise: z.core.$ZodType | undefined) {
  return z.check<unknown>((ctx) => {
    const holds = z.safeParse(when, ctx.value).success;
    const branch = holds ? then : otherwise;
    if (branch && !z.safeParse(branch, ctx.value).success)
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        message: `Invalid input: ${holds ? 'matches `if` but not `then`' : 'matches neither `if` nor `else`'}`,
      });
  });
}
// #endregion

// #region _contains
/** contains with minContains/maxContains: how many items `schema` accepts. */
export function _contains(schema: z.core.$ZodType, min: number, max: number | undefined) {
  return z.check<readonly unknown[]>((ctx) => {
    const count = ctx.value.filter((item) => z.safeParse(schema, item).success).length;
    if (count < min || (max !== undefined && count > max))
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        message: `Invalid input: expected ${min}${max === undefined ? ' or more' : ` to ${max}`} matching items, got ${count}`,
      });
  });
}
// #endregion

// #region _restItems
/** unevaluatedItems where the evaluated items are known: items from `start` on pass `rest` (false: there are none). */
export function _restItems(start: number, rest: z.core.$ZodType | false) {
  return z.check<readonly unknown[]>((ctx) => {
    for (let i = start; i < ctx.value.length; i++) {
      if (rest === false || !z.safeParse(rest, ctx.value[i]).success) {
        ctx.issues.push({
          code: 'custom',
          path: [i],
          input: ctx.value,
          message: rest === false ? `Too big: expected at most ${start} items` : 'Invalid input: item not accepted',
        });
        return;
      }
    }
  });
}
// #endregion

// #region _patternProperties
/** patternProperties: every key a pattern matches has a value that pattern's schema accepts. */
export function _patternProperties(patterns: readonly (readonly [RegExp, z.core.$ZodType])[]) {
  return z.check<Record<string, unknown>>((ctx) => {
    for (const [key, value] of Object.entries(ctx.value)) {
      for (const [pattern, schema] of patterns) {
        if (pattern.test(key) && !z.safeParse(schema, value).success)
          ctx.issues.push({ code: 'custom', path: [key], input: ctx.value, message: `Invalid input: not accepted for keys matching ${pattern}` });
      }
    }
  });
}
// #endregion

// #region _propertyNames
/** propertyNames: every key is accepted by `schema`. */
export function _propertyNames(schema: z.core.$ZodType) {
  return z.check<Record<string, unknown>>((ctx) => {
    const keys = Object.keys(ctx.value).filter((key) => !z.safeParse(schema, key).success);
    if (keys.length > 0)
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        message: `Invalid input: property name${keys.length > 1 ? 's' : ''} not allowed: ${keys.map((k) => JSON.stringify(k)).join(', ')}`,
      });
  });
}
// #endregion

// #region _dependentRequired
/** dependentRequired: where a key is present, the keys it names are present too. */
export function _dependentRequired(dependencies: Record<string, readonly string[]>) {
  return z.check<Record<string, unknown>>((ctx) => {
    for (const [key, needed] of Object.entries(dependencies)) {
      if (!Object.prototype.hasOwnProperty.call(ctx.value, key)) continue;
      for (const name of needed) {
        if (!Object.prototype.hasOwnProperty.call(ctx.value, name))
          ctx.issues.push({ code: 'custom', path: [name], input: ctx.value, message: `Invalid input: expected a value (${JSON.stringify(key)} is present)` });
      }
    }
  });
}
// #endregion

// #region _dependentSchemas
/** dependentSchemas: where a key is present, the whole object passes that key's schema. */
export function _dependentSchemas(dependencies: Record<string, z.core.$ZodType>) {
  return z.check<Record<string, unknown>>((ctx) => {
    for (const [key, schema] of Object.entries(dependencies)) {
      if (Object.prototype.hasOwnProperty.call(ctx.value, key) && !z.safeParse(schema, ctx.value).success)
        ctx.issues.push({ code: 'custom', input: ctx.value, message: `Invalid input: not accepted when ${JSON.stringify(key)} is present` });
    }
  });
}
// #endregion

// #region _restProperties
/**
 * additionalProperties beside patternProperties, and unevaluatedProperties where the evaluated keys
 * are known: a key no declared name or pattern covers (nor a name or pattern of a branch the value
 * passes, `[schema, names, patterns, every key]`) passes `rest` (false: there is none).
 */
export function _restProperties(
  names: readonly string[],
  patterns: readonly RegExp[],
  rest: z.core.$ZodType | false,
  branches: readonly (readonly [z.core.$ZodType, readonly string[], readonly RegExp[], boolean])[] = [],
) {
  return z.check<Record<string, unknown>>((ctx) => {
    const passed = branches.filter(([schema]) => z.safeParse(schema, ctx.value).success);
    if (passed.some(([, , , all]) => all)) return;
    const covered = (key: string) =>
      names.includes(key) || patterns.some((p) => p.test(key)) || passed.some(([, n, p]) => n.includes(key) || p.some((q) => q.test(key)));
    const keys = Object.keys(ctx.value).filter((key) => !covered(key) && (rest === false || !z.safeParse(rest, ctx.value[key]).success));
    if (keys.length > 0)
      ctx.issues.push({
        code: 'custom',
        params: { unrecognizedKeys: keys },
        input: ctx.value,
        message: `Invalid input: key${keys.length > 1 ? 's' : ''} not allowed here: ${keys.map((k) => JSON.stringify(k)).join(', ')}`,
      });
  });
}
// #endregion
