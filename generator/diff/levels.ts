/**
 * A change's level: breaking where it breaks some surface, else its rule's (a breaking rule whose
 * surfaces all held is a warning); the caller's per-rule overrides have the last word.
 */
import { EXIT_USAGE, fail } from '../problems.js';
import type { ChangeLevel, Surface } from './change.js';
import { isRule, ruleOf } from './rules.js';

export const LEVELS: readonly ChangeLevel[] = ['breaking', 'warning', 'info'];

/** The level of a change of `rule` that breaks `surfaces`, before overrides. */
export function naturalLevel(rule: string, surfaces: readonly Surface[]): ChangeLevel {
  const level = ruleOf(rule).level;
  if (surfaces.length > 0) return 'breaking';
  return level === 'breaking' ? 'warning' : level;
}

/** The level with the caller's override applied. */
export function levelOf(rule: string, surfaces: readonly Surface[], overrides: Readonly<Record<string, ChangeLevel>>): ChangeLevel {
  return overrides[rule] ?? naturalLevel(rule, surfaces);
}

/** Refuses (exit 2) an override that names no rule or no level. */
export function checkLevels(levels: Readonly<Record<string, unknown>>): void {
  for (const [rule, level] of Object.entries(levels)) {
    if (!isRule(rule))
      fail(
        { code: 'diff/unknown-rule', message: `no change rule "${rule}" to set a level for`, hint: 'the rules are listed in docs/diff-rules.md' },
        EXIT_USAGE,
      );
    if (!LEVELS.includes(level as ChangeLevel))
      fail({ code: 'diff/unknown-level', message: `rule "${rule}": level ${JSON.stringify(level)} is none of ${LEVELS.join(', ')}` }, EXIT_USAGE);
  }
}
