/**
 * The rules of an API's life (../lifecycle.ts): a removal judged by what was announced of it (a
 * deprecation, its sunset, the deprecation period `--deprecation-days` asks), a sunset moved, an
 * operation's stability level moved. The removal's own checker says what it breaks; this one says
 * whether that was announced.
 */
import type { ChangeRecord } from '../compare/record.js';
import { daysBetween, type Lifecycle, type LifecyclePolicy, STABILITY_LEVELS, type StabilityLevel } from '../lifecycle.js';
import { at, code, type Judged, judged } from './judge.js';

/**
 * A removal as the API's life judges it: not deprecated, the removal's own rule; deprecated, before
 * its sunset or sooner than the deprecation period, `-before-sunset` or `-before-deprecation-days`
 * (breaking as the removal is); after both, `-after-deprecation` (info: it was announced).
 */
export function judgeRemoval(removal: Judged, lifecycle: Lifecycle | undefined, policy: LifecyclePolicy): Judged {
  if (!lifecycle?.deprecated) return removal;
  const refined = (suffix: string, why: string): Judged => ({ ...removal, rule: `${removal.rule}-${suffix}`, message: `${removal.message}; ${why}` });
  const unreadable = lifecycle.unreadable?.sunset;
  if (lifecycle.sunset === undefined && unreadable !== undefined)
    return refined('before-sunset', `it was deprecated, and its sunset cannot be read (${unreadable} is no date), so it is not shown passed`);
  if (lifecycle.sunset !== undefined && policy.today < lifecycle.sunset)
    return refined('before-sunset', `it is deprecated, and its sunset is ${lifecycle.sunset} (${lifecycle.sunsetFrom}), after ${policy.today}`);
  const came = lifecycle.sunset === undefined ? '' : `, and its sunset ${lifecycle.sunset} (${lifecycle.sunsetFrom}) has come`;
  if (policy.deprecationDays !== undefined && policy.deprecationDays > 0) {
    const asked = `--deprecation-days ${policy.deprecationDays}`;
    if (lifecycle.deprecatedOn === undefined) {
      const why = lifecycle.unreadable?.deprecatedOn ? ` (${lifecycle.unreadable.deprecatedOn} is no date)` : '';
      return refined(
        'before-deprecation-days',
        `it was deprecated on a day not known${why}, so ${asked} is not shown met (write x-deprecation-date, or compare with a git revision)${came}`,
      );
    }
    const days = daysBetween(lifecycle.deprecatedOn, policy.today);
    const since = `it was deprecated on ${lifecycle.deprecatedOn} (${lifecycle.deprecatedFrom}), ${days} ${days === 1 ? 'day' : 'days'} before ${policy.today}`;
    if (days < policy.deprecationDays) return refined('before-deprecation-days', `${since}: ${asked} asks more`);
    return refined('after-deprecation', `${since}${came}: announced`);
  }
  return refined('after-deprecation', `it was deprecated${came || ' (no sunset date)'}: announced`);
}

/**
 * A sunset moved. Earlier than announced (or removed while the thing stays deprecated, so it may go
 * any day), while the old date is still to come: callers have less time than they were told.
 */
export function checkSunset(record: ChangeRecord, place: string, policy: LifecyclePolicy): Judged[] {
  const old = record.old as string | undefined;
  const next = record.new as string | undefined;
  const deprecated = record.facts?.lifecycle?.deprecated === true;
  const pending = old !== undefined && policy.today < old;
  if (pending && next !== undefined && next < (old as string))
    return [judged(`${place}-sunset-earlier`, at(record, `sunset moved earlier, ${old} -> ${next}: callers have less time than announced`))];
  if (pending && next === undefined && deprecated)
    return [
      judged(
        `${place}-sunset-earlier`,
        at(record, `sunset ${old} removed while it stays deprecated: it may now be removed any day, before the date announced`),
      ),
    ];
  if (old === undefined) return [judged(`${place}-sunset-changed`, at(record, `sunset set to ${next}${deprecated ? '' : ' (it is not deprecated)'}`))];
  if (next === undefined) return [judged(`${place}-sunset-changed`, at(record, `sunset ${old} removed${deprecated ? '' : ' with its deprecation'}`))];
  const passed = next < old ? ' (the old date had come)' : '';
  return [judged(`${place}-sunset-changed`, at(record, `sunset moved ${next > old ? 'later' : 'earlier'}, ${old} -> ${next}${passed}`))];
}

/** `now deprecated`, with the sunset and the day of deprecation where the document gives them. */
export function deprecatedText(lifecycle: Lifecycle | undefined): string {
  const dates = [...(lifecycle?.sunset ? [`sunset ${lifecycle.sunset}`] : []), ...(lifecycle?.deprecatedOn ? [`deprecated on ${lifecycle.deprecatedOn}`] : [])];
  return dates.length > 0 ? `now deprecated (${dates.join(', ')})` : 'now deprecated';
}

/** An operation's stability level moved (`x-stability-level`; none written is stable). */
export function checkStability(record: ChangeRecord): Judged[] {
  const [old, next] = [record.old as StabilityLevel, record.new as StabilityLevel];
  const down = STABILITY_LEVELS.indexOf(next) < STABILITY_LEVELS.indexOf(old);
  return [judged(down ? 'operation-stability-decreased' : 'operation-stability-increased', `stability ${code(old)} -> ${code(next)} (x-stability-level)`)];
}
