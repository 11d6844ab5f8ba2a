/**
 * What a checker gives for a record: the rule, the surfaces it truly breaks (the catalogue's, or a
 * subset for a reason the record states), and the sentence a reviewer reads. Levels are not set
 * here: they follow from the rule and the surfaces (../levels.ts).
 */
import type { Surface } from '../change.js';
import type { ChangeRecord } from '../compare/record.js';
import type { LifecyclePolicy } from '../lifecycle.js';
import { ruleOf } from '../rules.js';

export { code } from '../compare/context.js';
export { shown } from '../compare/schema-view.js';

/** A record judged. */
export interface Judged {
  rule: string;
  surfaces: Surface[];
  message: string;
}

/** Judges one family's records by the run's policy of the API's life; a record no rule covers gives nothing. */
export type Checker = (record: ChangeRecord, policy: LifecyclePolicy) => Judged[];

/** The rule's catalogue surfaces, less those `keep` leaves out. */
export function judged(rule: string, message: string, keep: (surface: Surface) => boolean = () => true): Judged {
  return { rule, surfaces: ruleOf(rule).surfaces.filter(keep), message };
}

/** True when the record's side has a value (something there), false when it has none. */
export function has(record: ChangeRecord, side: 'old' | 'new'): boolean {
  return record[side] !== undefined;
}

/** `where: what`, or `what` for a record of no place. */
export function at(record: ChangeRecord, what: string): string {
  return record.where === '' ? what : `${record.where}: ${what}`;
}
