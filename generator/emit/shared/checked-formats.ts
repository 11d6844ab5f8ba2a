/**
 * Which `format`s the generated validators (the zod output) check, shared with the change report,
 * which must not call a format change a break of the validators where neither side's checks it.
 */

/** The string formats the validators check; any other string format is documentation only. */
export const CHECKED_STRING_FORMATS: ReadonlySet<string> = new Set(['date-time', 'date', 'uri', 'email', 'uuid', 'byte']);

/** Numeric formats checked as integers, whatever the schema's type. */
export const INTEGER_FORMATS: ReadonlySet<string> = new Set(['int32', 'int64']);

/** Numeric formats checked by a range; `float`'s is the one openapi-schema-to-json-schema gives it. */
export const FORMAT_RANGES: Readonly<Record<string, { min: number; max: number }>> = {
  int32: { min: -(2 ** 31), max: 2 ** 31 - 1 },
  float: { min: -(2 ** 128), max: 2 ** 128 - 1 },
};

/**
 * What a schema's `format` adds to its validator beyond what its type checks, as a key to compare
 * (undefined: nothing). `int64` on an integer adds nothing (`type: integer` is checked as an
 * integer already); on a number it adds the integer check. A schema without a type is taken as checked.
 */
export function formatCheck(schema: { type?: unknown; format?: unknown }): string | undefined {
  const { format } = schema;
  if (typeof format !== 'string') return undefined;
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? undefined : [schema.type];
  if (types === undefined) return format;
  const added = new Set<string>();
  if (types.includes('string') && (CHECKED_STRING_FORMATS.has(format) || format === 'binary')) added.add(format);
  const numeric = (integer: boolean) => Object.hasOwn(FORMAT_RANGES, format) || (!integer && INTEGER_FORMATS.has(format));
  if (types.includes('integer') && numeric(true)) added.add(format);
  if (types.includes('number') && numeric(false)) added.add(format);
  return added.size === 0 ? undefined : [...added].join(' ');
}
