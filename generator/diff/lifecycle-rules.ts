/**
 * The rules of an API's life in the catalogue (rules.ts): each removal once more by what was
 * announced of it (deprecation, sunset, the deprecation period), with the removal's surfaces; a
 * sunset moved; an operation's stability level moved. What is read and how it is judged:
 * lifecycle.ts and checker/lifecycle-checks.ts.
 */
import type { ChangeLevel, Surface } from './change.js';

/** A rule of the API's life, as the catalogue lists it (none lets callers do more). */
export interface LifecycleRule {
  code: string;
  level: ChangeLevel;
  surfaces: Surface[];
  description: string;
  /** Its level is its own whatever surfaces the change breaks. */
  fixed: boolean;
  /** The removal it refines. */
  refines?: string;
}

/** The removals the API's life judges, and how a description names what was removed. */
const LIFECYCLE_PLACES: [place: string, removal: string, what: string][] = [
  ['operation', 'operation-removed', 'an operation'],
  ['parameter', 'parameter-removed', 'a parameter'],
  ['request-property', 'request-property-removed', 'request: a property'],
  ['response-property', 'response-property-removed', 'response: a property'],
];

/** The rules that mark each of those places deprecated (`operation-deprecated`, ...): a semver minor step (SemVer 2.0.0 §7). */
export const DEPRECATION_RULES: ReadonlySet<string> = new Set(LIFECYCLE_PLACES.map(([place]) => `${place}-deprecated`));

/** The rules, each removal's with the surfaces `surfacesOf` gives for it. */
export function lifecycleRules(surfacesOf: (removal: string) => Surface[]): LifecycleRule[] {
  const rule = (code: string, level: ChangeLevel, surfaces: Surface[], description: string, more: Partial<LifecycleRule> = {}): LifecycleRule => ({
    code,
    level,
    surfaces,
    description,
    fixed: false,
    ...more,
  });
  const rules = LIFECYCLE_PLACES.flatMap(([place, removal, what]) => {
    const surfaces = surfacesOf(removal);
    const refines = { refines: removal };
    return [
      rule(`${removal}-before-sunset`, 'breaking', surfaces, `${what}, deprecated, is gone before its sunset date (x-sunset, or the Sunset header's)`, refines),
      rule(
        `${removal}-before-deprecation-days`,
        'breaking',
        surfaces,
        `${what}, deprecated, is gone sooner than --deprecation-days after its deprecation (or on a day of deprecation not known)`,
        refines,
      ),
      rule(
        `${removal}-after-deprecation`,
        'info',
        surfaces,
        `${what}, deprecated, is gone after its sunset date (or, without one, after its deprecation, and --deprecation-days when asked): announced, so info whatever it breaks`,
        { ...refines, fixed: true },
      ),
      rule(
        `${place}-sunset-earlier`,
        'breaking',
        [],
        `${what}'s sunset date moved earlier, or was removed while it stays deprecated, before the old date: callers have less time than announced`,
        { fixed: true },
      ),
      rule(`${place}-sunset-changed`, 'info', [], `${what}'s sunset date was set, moved later, or removed with its deprecation`),
    ];
  });
  return [
    ...rules,
    rule(
      'operation-stability-decreased',
      'warning',
      [],
      'the operation is less stable (x-stability-level: stable, beta, alpha, draft): its changes may be judged as info from now on',
    ),
    rule('operation-stability-increased', 'info', [], 'the operation is more stable (x-stability-level)'),
  ];
}
