/**
 * What changed, said neutrally: a place, the keyword that changed there, its value on each side,
 * whose values it is about (what callers send, what the API answers, or both) and the operations
 * that reach it. A record names no rule, level or surface: the checkers (../checker/) judge it.
 */
import type { ChangeOperation } from '../change.js';
import type { Lifecycle } from '../lifecycle.js';
import type { Direction } from '../rules.js';

/** The part of the document a record is about: the checkers are split by it. */
export type RecordFamily =
  | 'document'
  | 'server'
  | 'credentials'
  | 'tag'
  | 'envelope'
  | 'component'
  | 'operation'
  | 'tool'
  | 'parameter'
  | 'request-body'
  | 'response'
  | 'header'
  | 'schema';

/** Whose values a record is about; `both` for what is neither (a name, a server). */
export type RecordDirection = Direction | 'both';

/** One thing that changed. */
export interface ChangeRecord {
  family: RecordFamily;
  /** What changed at the place: `enum-value`, `operationId`, `maxLength`, `property`, `presence`. */
  keyword: string;
  /** Its value on the old side; absent where the old side has none (something added). */
  old?: unknown;
  /** Its value on the new side; absent where the new side has none (something removed). */
  new?: unknown;
  direction: RecordDirection;
  /** The place as a reader names it, once: `Thing.status`, `query parameter limit`, `response`; empty for the document. */
  where: string;
  /** JSON pointers into each side's bundled document. */
  oldPointer?: string;
  newPointer?: string;
  /** The operations that reach it, in the order met (none for a change of the whole document). */
  operations: ChangeOperation[];
  /** Facts of the place a checker weighs (how the value travels, whether the object is closed). */
  facts?: RecordFacts;
}

/** Facts of a record's place, each stated where the comparison met it. */
export interface RecordFacts {
  /** A parameter's (or form field's) value: it travels as text. */
  serialized?: boolean;
  /** The object holding a property admits no other properties (old side for a removal, old for an addition). */
  closed?: boolean;
  /** The property was required (a removal) or is (an addition). */
  required?: boolean;
  /** The flag that moved a property out of this direction (or back in): `readOnly` or `writeOnly`. */
  hidden?: 'readOnly' | 'writeOnly';
  /** The JSON types each side's schema admits (undefined: any), for keywords whose meaning depends on them (`format`). */
  types?: { old?: string[]; new?: string[] };
  /** The old operation's tool name followed its operationId (a rename renames the tool too). */
  toolFollows?: boolean;
  /** The keyword of a `schema-keyword` record: one no rule of its own reads (`not`, `prefixItems`, `minContains`). */
  keyword?: string;
  /** What the document says of the thing's life: the old side's for a removal, the new side's for a deprecation or a sunset moved. */
  lifecycle?: Lifecycle;
}

/** A record found inside a schema: its direction, family and operations are added by whoever reached the schema. */
export type SchemaRecord = Omit<ChangeRecord, 'family' | 'direction' | 'operations'>;

/** A place's name on each side: a component met under another name on the new side is named by both. */
export interface Where {
  old: string;
  new: string;
}

/** `a`, or `b (was a)` where the two sides name it otherwise. */
export function bothNames(where: Where): string {
  return where.old === where.new ? where.new : `${where.new} (was ${where.old})`;
}

/** The same step taken on both sides' names: `.name`, `[]`, `{}`. */
export function stepInto(where: Where, step: string): Where {
  return { old: `${where.old}${step}`, new: `${where.new}${step}` };
}

/** One name for both sides. */
export function sameName(name: string): Where {
  return { old: name, new: name };
}
