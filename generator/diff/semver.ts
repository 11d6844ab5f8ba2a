/**
 * Semver advice for the generated code, and the check that the document's `info.version` rose at
 * least as much (`--check-version`).
 */
import type { Change, SemverAdvice } from './change.js';
import { ruleOf } from './rules.js';

const RANK: Record<SemverAdvice, number> = { none: 0, patch: 1, minor: 2, major: 3 };

/**
 * major for any breaking change, and for a removal the API announced (info, yet the generated code
 * loses what it removes); minor for additions, patch for any other change, none for none.
 */
export function semverAdvice(changes: readonly Change[]): SemverAdvice {
  let advice: SemverAdvice = 'none';
  for (const change of changes) {
    const rule = ruleOf(change.rule);
    const removes = rule.fixed && rule.refines !== undefined && change.surfaces.length > 0;
    const step: SemverAdvice = change.level === 'breaking' || removes ? 'major' : rule.adds ? 'minor' : 'patch';
    if (RANK[step] > RANK[advice]) advice = step;
  }
  return advice;
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
