/**
 * What one walk over a pair of schemas carries, and how it records: shared by the schema comparison
 * and the composition checks it calls (which reach back through `visit`).
 */
import type { Direction } from '../rules.js';
import type { CompareSide } from './context.js';
import type { RecordFacts, SchemaRecord, Where } from './record.js';
import { bothNames } from './record.js';
import type { SchemaAt } from './schema-view.js';

/** How a schema is reached: its direction, and whether it travels as text (a path, query, header or cookie parameter). */
export interface SchemaScope {
  direction: Direction;
  /** A parameter's value travels as text: any scalar becomes a string on the wire. */
  serialized: boolean;
}

/** Records found for component pairs, by pair and scope: shared by every operation that reaches them. */
export type SchemaMemo = Map<string, SchemaRecord[]>;

/** What one walk over a pair of schemas carries. */
export interface SchemaWalk {
  old: CompareSide;
  new: CompareSide;
  scope: SchemaScope;
  memo: SchemaMemo;
  /** Component pairs being compared further up (a cycle stops there). */
  stack: Set<string>;
  /** Set when a cycle cut the walk short: what was found below is then not memoized. */
  cut: boolean;
  out: SchemaRecord[];
  /** Compares a pair of subschemas in the same walk. */
  visit(walk: SchemaWalk, oldAt: SchemaAt, newAt: SchemaAt, where: Where): void;
}

/** Which side's name a record gives its place: the side that has the thing, or both. */
export type NamedBy = 'old' | 'new' | 'both';

/** Records one change of a schema keyword. */
export function recordSchema(
  walk: SchemaWalk,
  change: { keyword: string; where: Where; by?: NamedBy; old?: unknown; new?: unknown; oldPointer?: string; newPointer?: string; facts?: RecordFacts },
): void {
  const by = change.by ?? 'both';
  const record: SchemaRecord = { keyword: change.keyword, where: by === 'both' ? bothNames(change.where) : change.where[by] };
  if (change.old !== undefined) record.old = change.old;
  if (change.new !== undefined) record.new = change.new;
  if (change.oldPointer) record.oldPointer = change.oldPointer;
  if (change.newPointer) record.newPointer = change.newPointer;
  if (change.facts && Object.keys(change.facts).length > 0) record.facts = change.facts;
  walk.out.push(record);
}
