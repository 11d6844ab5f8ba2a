/**
 * Semver advice for the generated code, and the check that the document's `info.version` rose at
 * least as much (`--check-version`).
 */
import type { Change, SemverAdvice } from './change.js';
import { quietStep, ruleOf } from './rules.js';

const RANK: Record<SemverAdvice, number> = { none: 0, patch: 1, minor: 2, major: 3 };

/**
 * The step a change asks of the generated code, from what it does to that code, not from its level
 * (a level set in the config, an operation below `--stability-level` or a removal announced decide
 * what fails the run, not what semver means): major where it breaks a surface (or is a rule of the
 * API's life breaking whatever it breaks, a sunset moved earlier), else minor for an addition or a
 * deprecation, patch for any other change.
 */
function semverStep(change: Change): SemverAdvice {
  const rule = ruleOf(change.rule);
  if (change.surfaces.length > 0 || (rule.fixed && rule.level === 'breaking')) return 'major';
  return quietStep(rule);
}

/** The advice for all the changes: the largest step among them, none for none. */
export function semverAdvice(changes: readonly Change[]): SemverAdvice {
  let advice: SemverAdvice = 'none';
  for (const change of changes) {
    const step = semverStep(change);
    if (RANK[step] > RANK[advice]) advice = step;
  }
  return advice;
}

/** The changes that ask for a major step though their level is not breaking (the level and the advice differ there). */
export function majorBelowBreaking(changes: readonly Change[]): Change[] {
  return changes.filter((change) => change.level !== 'breaking' && semverStep(change) === 'major');
}

/** What `checkVersion` found. */
export interface VersionCheck {
  ok: boolean;
  /** How much the version rose (`lower` when it fell; undefined when either is not a version). */
  rose?: SemverAdvice | 'lower';
  message: string;
}

/** `1.2.3`, `v1.2`, `2`: up to three numbers (a pre-release or build part after all three ignored); a date is none. */
function parse(version: string): [number, number, number] | undefined {
  const match = /^\s*v?(\d+)(?:\.(\d+)(?:\.(\d+)(?:[-+].*)?)?)?\s*$/.exec(version);
  if (!match) return undefined;
  return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
}

/**
 * Fails when the version rose less than advised. Below 1.0.0 a minor step may break (semver's
 * "anything may change"), so there a minor rise answers major advice and a patch rise minor advice.
 */
export function checkVersion(oldVersion: string, newVersion: string, advice: SemverAdvice): VersionCheck {
  const a = parse(oldVersion);
  const b = parse(newVersion);
  if (!a || !b) {
    const bad = a ? newVersion : oldVersion;
    return { ok: advice === 'none', message: `info.version ${JSON.stringify(bad)} is not a semantic version; the advice is ${advice}` };
  }
  const rose = riseOf(a, b);
  if (rose === 'lower') return { ok: false, rose, message: `info.version went down from ${oldVersion} to ${newVersion}; the advice is ${advice}` };
  const answered = a[0] === 0 && rose !== 'none' && rose !== 'major' ? (rose === 'minor' ? 'major' : 'minor') : rose;
  const ok = RANK[answered] >= RANK[advice];
  const message = ok
    ? `info.version ${oldVersion} -> ${newVersion} (${rose}) answers the advice ${advice}`
    : `info.version rose ${rose === 'none' ? 'not at all' : `only a ${rose} step`} (${oldVersion} -> ${newVersion}), the changes ask for ${advice}`;
  return { ok, rose, message };
}

function riseOf(a: [number, number, number], b: [number, number, number]): SemverAdvice | 'lower' {
  for (const [i, step] of (['major', 'minor', 'patch'] as const).entries()) {
    if ((b[i] as number) > (a[i] as number)) return step;
    if ((b[i] as number) < (a[i] as number)) return 'lower';
  }
  return 'none';
}
