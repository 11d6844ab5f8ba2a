/**
 * Which changes a compiler error of the usage proves: only those it is about. An error on a read of
 * a place proves the changes at that place; an error elsewhere (the payload assigned whole, a call)
 * proves the changes it names, by the deepest property its message names (`Types of property 'a'
 * ... property 'b'`: `b`), or the exported name it misses, where the change is of a kind the error's
 * wording fits (a name gone is a removal or a rename). A few errors name no change by nature: a
 * variant more that fits no old variant (the compiler speaks of the nearest variant's fields), a call
 * whose shape changed. An error naming none of the changes of its operation is no change's, and
 * becomes one of its own.
 */
import type { Change } from '../change.js';
import type { UsageSubject } from './usage-subject.js';
import { securitySchemesPointer } from '../../model/auth.js';

/** The property (or exported name) an error's message is about, the deepest it names. */
export function errorAbout(message: string): string | undefined {
  const exported = /has no exported member '"?([^'"]+)"?'/.exec(message);
  if (exported) return exported[1];
  let about: string | undefined;
  // `The types of 'a.b' are incompatible` names a path: its last property.
  for (const match of message.matchAll(/(?:[Pp]roperty '([^']+)'|(?:and|but) '([^']+)' does not exist|[Tt]ypes of '([^']+)' are incompatible)/g))
    about = match[1] ?? match[2] ?? match[3]?.split('.').pop();
  return about;
}

/** What the crediting reads of each candidate change. */
export interface CandidateFacts {
  /** The old document's place a schema change is about. */
  node: string | undefined;
  names: ReadonlySet<string>;
}

/**
 * Whether a change of `rule` can be what an error of this wording says: a name that no longer exists
 * is a removal or a rename; a property missing (or optional where it was required) is one added,
 * now required or now optional; a type that does not fit is any change.
 */
function fitsError(rule: string, message: string): boolean {
  if (/does not exist|has no exported member/.test(message)) return /(removed|renamed|name-changed|flattening-changed|id-changed)$/.test(rule);
  if (/is missing in type|but required in type|is optional in type/.test(message))
    return /(added-required|became-required|became-optional|removed)$/.test(rule);
  return true;
}

/** Changes of a response union's variants. */
const UNION_RULES = new Set(['response-one-of-variant-added', 'response-any-of-variant-added', 'response-one-of-removed', 'response-any-of-removed']);

/** Lines that read what the API answers: only response changes explain their errors (and calls only request ones). */
const RESPONSE_LINES = new Set(['payload', 'read', 'switch']);
const REQUEST_LINES = new Set(['call-required', 'call-all']);

/** The changes among `candidates` the error on a line of `subject` proves (none: no change explains it). */
export function creditedChanges(input: {
  subject: UsageSubject;
  message: string;
  /** The property key of a call's argument the error starts at. */
  key?: string;
  candidates: readonly Change[];
  facts: (change: Change) => CandidateFacts;
  payloadRules: ReadonlySet<string>;
  /** Rules of the whole call's shape: an error of a call line no named change explains is theirs. */
  callRules: ReadonlySet<string>;
}): Change[] {
  const { subject, message, facts } = input;
  const kind = subject.kind ?? '';
  const request = (rule: string) => /^(request-|parameter-|path-parameter-)/.test(rule);
  const candidates = input.candidates.filter(
    (change) => !(RESPONSE_LINES.has(kind) && request(change.rule)) && !(REQUEST_LINES.has(kind) && change.rule.startsWith('response-')),
  );
  const about = errorAbout(message) ?? (REQUEST_LINES.has(kind) ? input.key : undefined);
  const at = (places: ReadonlySet<string>) =>
    candidates.filter((change) => {
      const node = facts(change).node;
      return node !== undefined && places.has(node) && fitsError(change.rule, message);
    });
  if (kind === 'read' || kind === 'switch') {
    const own = [...(subject.path ?? [])].reverse().find((step) => !step.startsWith('<') && step !== '[]');
    const [slot, ...resolved] = subject.places ?? [];
    // The field read is gone: the changes at its slot. An error about the value read (a switch's): the changes at its places.
    const here =
      about !== undefined && about === own ? at(new Set(slot === undefined ? [] : [slot])) : about === undefined ? at(new Set([slot ?? '', ...resolved])) : [];
    if (here.length > 0) return here;
  }
  if (about !== undefined) {
    const named = candidates.filter((change) => facts(change).names.has(about) && fitsError(change.rule, message));
    if (named.length > 0) return named;
  }
  if (kind === 'payload') {
    // A variant more that fits no old variant: the compiler explains it by the nearest variant's fields, which no change names.
    const unions = candidates.filter((change) => UNION_RULES.has(change.rule) && change.surfaces.includes('types'));
    if (unions.length > 0) return unions;
    return candidates.filter((change) => input.payloadRules.has(change.rule));
  }
  if (REQUEST_LINES.has(kind)) return candidates.filter((change) => input.callRules.has(change.rule));
  if (kind === 'client')
    return candidates.filter(
      (change) => change.rule === 'security-scheme-removed' && (subject.scheme === undefined || change.old?.pointer === securitySchemesPointer(subject.scheme)),
    );
  return [];
}
