/**
 * How every list a flag or an environment variable of the run tools takes is read: entries
 * separated by commas or spaces, as `--tools a,b`, `--scopes "a b"` and `<PREFIX>_MCP_ALLOWED_HOSTS`
 * are written.
 */

/** Splits `a,b c` (a flag's or a variable's value, or several) into its entries, empty ones left out. */
export function splitList(value: string | readonly string[] | undefined): string[] {
  return (Array.isArray(value) ? value : [value ?? '']).flatMap((v: string) => v.split(/[\s,]+/)).filter(Boolean);
}
