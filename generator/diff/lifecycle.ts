/**
 * The rules of an API's life the change report reads: deprecation (`deprecated`, the date it was
 * deprecated on), sunset (the date something may be removed on), and stability levels. What the
 * document says of one place is read by compare/lifecycle.ts; the checkers and the levels judge it
 * against the run's policy (the day it is judged on, the deprecation period, the stability judged).
 */

/** The extension that names the day a deprecated operation, parameter or property may be removed (as oasdiff reads it). */
export const SUNSET_EXTENSION = 'x-sunset';
/** The extension that names the day an operation, parameter or property was deprecated. */
export const DEPRECATION_DATE_EXTENSION = 'x-deprecation-date';
/** The extension that names an operation's stability level. */
export const STABILITY_EXTENSION = 'x-stability-level';

/** Stability levels, least stable first; an operation without one is `stable`. */
export const STABILITY_LEVELS = ['draft', 'alpha', 'beta', 'stable'] as const;
export type StabilityLevel = (typeof STABILITY_LEVELS)[number];

/** The level from which changes are judged by default: draft and alpha operations' changes are info. */
export const DEFAULT_STABILITY_LEVEL: StabilityLevel = 'beta';

/** What the document says of the life of one operation, parameter or property. */
export interface Lifecycle {
  deprecated: boolean;
  /** `YYYY-MM-DD` (UTC): the day it may be removed on, and where that was read. */
  sunset?: string;
  sunsetFrom?: string;
  /** `YYYY-MM-DD` (UTC): the day it was deprecated on, and where that was read (an extension, a header, git). */
  deprecatedOn?: string;
  deprecatedFrom?: string;
  /** Where `deprecated: true` is written (a JSON pointer): git can date that line. */
  deprecatedPointer?: string;
  /** A value where a date was looked for that is none, with where it was read: `x-sunset "soon"`. */
  unreadable?: { sunset?: string; deprecatedOn?: string };
}

/** How the run judges an API's life. */
export interface LifecyclePolicy {
  /** `YYYY-MM-DD`: the day removals are judged on (today; fixed in tests). */
  today: string;
  /** `--deprecation-days`: the days that must pass between deprecation and removal. */
  deprecationDays?: number;
  /** `--stability-level`: operations below it have their changes reported as info. */
  stabilityLevel: StabilityLevel;
}

/**
 * A day as `YYYY-MM-DD` (UTC) from a date the document writes: `2026-12-31`, an RFC 3339 date-time,
 * a YAML timestamp the parser made a Date of, an HTTP-date (`Thu, 31 Dec 2026 23:59:59 GMT`, the
 * Sunset header's, RFC 8594) or a structured date (`@1798761599`, the Deprecation header's, RFC 9745).
 */
export function dayOf(value: unknown): string | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString().slice(0, 10);
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  const epoch = /^@(-?\d+)$/.exec(text);
  if (epoch) return dayOf(new Date(Number(epoch[1]) * 1000));
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const day = dayOf(new Date(`${text}T00:00:00Z`));
    return day === text ? day : undefined;
  }
  const rfc3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:\d{2})$/;
  const httpDate = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;
  if (!rfc3339.test(text) && !httpDate.test(text)) return undefined;
  return dayOf(new Date(text));
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The stability level written, or undefined for none or a value that is none of the levels. */
export function stabilityOf(value: unknown): StabilityLevel | undefined {
  return STABILITY_LEVELS.find((level) => level === value);
}

/** True when `level` is below `floor` (its changes are info). */
export function isBelow(level: StabilityLevel, floor: StabilityLevel): boolean {
  return STABILITY_LEVELS.indexOf(level) < STABILITY_LEVELS.indexOf(floor);
}

/** The more stable of two levels. */
export function moreStable(a: StabilityLevel, b: StabilityLevel): StabilityLevel {
  return STABILITY_LEVELS.indexOf(a) >= STABILITY_LEVELS.indexOf(b) ? a : b;
}
