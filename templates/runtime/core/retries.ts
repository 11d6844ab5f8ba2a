/** The waits between attempts: the server's `Retry-After`, else exponential backoff, each held in range. */

/** Even a `Retry-After` of 0, or one in the past, waits this long: a failing API is not hammered. */
export const MIN_RETRY_WAIT_MS = 100;
/** The longest `retryAfter` shown (one day): beyond it a value is noise, and past 2^31 ms timers fire at once. */
const MAX_RETRY_AFTER_S = 86_400;

/** `Retry-After` as seconds (an integer, or an HTTP date from now), held in range; undefined when absent or unreadable. */
export function retryAfterSeconds(value: string | null): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  return clampRetryAfter(/^\d+$/.test(trimmed) ? Number(trimmed) : Math.ceil((Date.parse(trimmed) - Date.now()) / 1000));
}

/** A wait the API asked for, in seconds, held between 0 and a day: a past date or a negative field is 0. */
export function clampRetryAfter(seconds: number): number | undefined {
  return Number.isNaN(seconds) ? undefined : Math.min(MAX_RETRY_AFTER_S, Math.max(0, seconds));
}

/** A wait in milliseconds held between the floor and `maxMs`. */
export function clampWait(ms: number, maxMs: number): number {
  return Math.min(Math.max(ms, MIN_RETRY_WAIT_MS), maxMs);
}

/** Exponential backoff with jitter: about 0.5 s, 1 s, 2 s ... capped at 8 s. */
export function backoffMs(attempt: number): number {
  const base = Math.min(8000, 500 * 2 ** (attempt - 1));
  return base * (0.75 + Math.random() * 0.25);
}
