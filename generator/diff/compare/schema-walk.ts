/**
 * What one walk over a pair of schemas carries, and how it reports: shared by the schema comparison
 * and the composition checks it calls (which reach back through `visit`).
 */
import type { Surface } from '../change.js';
import type { Direction } from '../rules.js';
import type { CompareSide, Finding } from './context.js';
import type { SchemaAt } from './schema-view.js';

/** How a schema is reached: its direction, and whether it travels as text (a path, query, header or cookie parameter). */
export interface SchemaScope {
  direction: Direction;
  /** A parameter's value travels as text: any scalar becomes a string on the wire. */
  serialized: boolean;
}

/** Changes found for component pairs, by pair and scope: shared by every operation that reaches them. */
export type SchemaMemo = Map<string, Finding[]>;

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
  out: Finding[];
  /** Compares a pair of subschemas in the same walk. */
  visit(walk: SchemaWalk, oldAt: SchemaAt, newAt: SchemaAt, where: string): void;
}

/** Reports one change of this walk's direction: `<direction>-<kind>`. */
export function reportSchema(
  walk: SchemaWalk,
  change: { kind: string; message: string; oldPointer?: string; newPointer?: string; surfaces?: Surface[] },
): void {
  const found: Finding = { rule: `${walk.scope.direction}-${change.kind}`, message: change.message };
  // Surfaces left out are the rule's (filled in when reported through the context).
  if (change.surfaces) found.surfaces = change.surfaces;
  if (change.oldPointer) found.oldPointer = change.oldPointer;
  if (change.newPointer) found.newPointer = change.newPointer;
  walk.out.push(found);
}
