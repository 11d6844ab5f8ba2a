/**
 * Strings in code-unit order: the same on every machine, whatever its locale (`localeCompare` is
 * not), so that what is written in this order is deterministic.
 */
export function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
