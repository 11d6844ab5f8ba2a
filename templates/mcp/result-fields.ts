/**
 * The `fields` argument of a tool whose result is an object or a list of objects: the result keeps
 * only the named fields (of the object, or of each item of the list in `data`). The tool's
 * `outputSchema` requires none of them at that level, so a projected result still validates. The
 * names a tool accepts are its input schema's: `inputSchema.properties.fields.items.enum`.
 */

/** The name of the argument (an operation with an input of that name gets no projection). */
export const FIELDS_ARGUMENT = 'fields';

/** Where a tool's projection applies: the object it answers, or each item of its `data` list. */
export type Projection = 'object' | 'items';

/** The field names `inputSchema` accepts in `fields`, or undefined when it takes no `fields`. */
export function projectableFields(inputSchema: Record<string, unknown> | undefined): string[] | undefined {
  const properties = inputSchema?.['properties'] as Record<string, { items?: { enum?: unknown } }> | undefined;
  const names = properties?.[FIELDS_ARGUMENT]?.items?.enum;
  return Array.isArray(names) ? names.filter((name): name is string => typeof name === 'string') : undefined;
}

/**
 * `args` without `fields`, and the fields asked for; or the problem with them (not a list of
 * names, or names the tool does not have, listed with the valid ones).
 */
export function takeFields(
  args: Record<string, unknown>,
  valid: readonly string[],
): { args: Record<string, unknown>; fields?: string[] } | { problem: string } {
  if (!Object.hasOwn(args, FIELDS_ARGUMENT)) return { args };
  const { [FIELDS_ARGUMENT]: asked, ...rest } = args;
  if (!Array.isArray(asked) || asked.length === 0 || !asked.every((name) => typeof name === 'string'))
    return { problem: `${FIELDS_ARGUMENT} must be a non-empty list of field names, some of: ${valid.join(', ')}` };
  const unknown = asked.filter((name) => !valid.includes(name));
  if (unknown.length > 0)
    return { problem: `${FIELDS_ARGUMENT} names ${unknown.join(', ')}, which the result does not have; the fields are: ${valid.join(', ')}` };
  return { args: rest, fields: [...new Set(asked as string[])] };
}

/** `structured` with only `fields` of its object, or of each object in its `data` list. */
export function project(structured: Record<string, unknown>, fields: readonly string[], projection: Projection): Record<string, unknown> {
  const pick = (value: unknown): unknown =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).filter(([key]) => fields.includes(key)))
      : value;
  if (projection === 'object') return pick(structured) as Record<string, unknown>;
  const data = structured['data'];
  return Array.isArray(data) ? { ...structured, data: data.map(pick) } : structured;
}
