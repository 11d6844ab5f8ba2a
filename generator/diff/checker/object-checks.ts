/**
 * An object's properties, as one direction sees them: one more or less, now required or optional,
 * deprecated, and whether other properties are allowed.
 */
import type { Surface } from '../change.js';
import type { ChangeRecord } from '../compare/record.js';
import type { LifecyclePolicy } from '../lifecycle.js';
import { at, type Judged, judged } from './judge.js';
import { checkSunset, deprecatedText, judgeRemoval } from './lifecycle-checks.js';
import { schemaRule } from './value-checks.js';

/** A property gone or added; a closed object (no other properties) makes more of it break. */
export function checkProperty(record: ChangeRecord, policy: LifecyclePolicy): Judged[] {
  const request = record.direction === 'request';
  const { required = false, closed = false, hidden } = record.facts ?? {};
  if (record.old !== undefined) {
    const why = hidden ? ` (now ${hidden})` : '';
    // A request property old callers still send breaks the wire and validators only where the object is closed now;
    // a response property old readers expect, only where it was required.
    const alsoBreaks = request ? closed : required;
    const breaks = (surface: Surface) => surface === 'types' || surface === 'mcp' || alsoBreaks;
    const removed = judged(schemaRule(record, 'property-removed'), at(record, `removed${why}${required ? ' (it was required)' : ''}`), breaks);
    return [judgeRemoval(removed, record.facts?.lifecycle, policy)];
  }
  const why = hidden ? ` (no longer ${hidden})` : '';
  // A response property more breaks old validators only where the object admitted no other properties.
  const closedResponse = !request && closed;
  if (required) return [judged(schemaRule(record, 'property-added-required'), at(record, `added, required${why}`), () => request || closedResponse)];
  return [
    judged(
      schemaRule(record, 'property-added'),
      at(record, `added${why}${closedResponse ? ' to an object that allowed no other properties' : ''}`),
      () => closedResponse,
    ),
  ];
}

export function checkRequired(record: ChangeRecord): Judged[] {
  const now = record.new === true;
  return [judged(schemaRule(record, now ? 'property-became-required' : 'property-became-optional'), at(record, `now ${now ? 'required' : 'optional'}`))];
}

export function checkDeprecated(record: ChangeRecord): Judged[] {
  return record.new === true ? [judged(schemaRule(record, 'property-deprecated'), at(record, deprecatedText(record.facts?.lifecycle)))] : [];
}

/** A property's sunset moved. */
export function checkPropertySunset(record: ChangeRecord, policy: LifecyclePolicy): Judged[] {
  return checkSunset(record, schemaRule(record, 'property'), policy);
}

export function checkAdditional(record: ChangeRecord): Judged[] {
  const allowed = record.new === true;
  return [
    allowed
      ? judged(schemaRule(record, 'additional-properties-opened'), at(record, 'other properties now allowed'))
      : judged(schemaRule(record, 'additional-properties-closed'), at(record, 'no other properties allowed any more')),
  ];
}
