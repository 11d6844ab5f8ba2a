/**
 * A change's level: breaking where it breaks some surface, else its rule's (a breaking rule whose
 * surfaces all held is a warning), and a rule of the API's life's own whatever it breaks; then the
 * caller's per-rule overrides; a change that reaches only operations below the judged stability
 * level is info.
 */
import { EXIT_USAGE, fail } from '../problems.js';
import { CHANGE_LEVELS, type ChangeLevel, type Surface } from './change.js';
import { isRule, ruleOf } from './rules.js';

/** The level of a change of `rule` that breaks `surfaces`, before overrides. */
export function naturalLevel(rule: string, surfaces: readonly Surface[]): ChangeLevel {
  const { level, fixed } = ruleOf(rule);
  if (fixed) return level;
  if (surfaces.length > 0) return 'breaking';
  return level === 'breaking' ? 'warning' : level;
}

/** What a change's level depends on besides its rule and surfaces. */
export interface LevelContext {
  /** Per-rule levels of the config. */
  overrides: Readonly<Record<string, ChangeLevel>>;
  /** True when every operation the change reaches is below the judged stability level (`--stability-level`). */
  unstable?: boolean;
}

/** The level with the caller's override applied, and info for a change of unstable operations only. */
export function levelOf(rule: string, surfaces: readonly Surface[], context: LevelContext): ChangeLevel {
  if (context.unstable) return 'info';
  return context.overrides[rule] ?? naturalLevel(rule, surfaces);
}

/** Refuses (exit 2) an override that names no rule or no level. */
export function checkLevels(levels: Readonly<Record<string, unknown>>): void {
  for (const [rule, level] of Object.entries(levels)) {
    if (!isRule(rule))
      fail(
        { code: 'diff/unknown-rule', message: `no change rule "${rule}" to set a level for`, hint: 'the rules are listed in docs/diff-rules.md' },
        EXIT_USAGE,
      );
    if (!(CHANGE_LEVELS as readonly string[]).includes(level as string))
      fail({ code: 'diff/unknown-level', message: `rule "${rule}": level ${JSON.stringify(level)} is none of ${CHANGE_LEVELS.join(', ')}` }, EXIT_USAGE);
  }
}
