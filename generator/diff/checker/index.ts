/**
 * What the changes break: each record judged by the checker of its family, which names the rule and
 * the surfaces from the catalogue (../rules.ts). A change found in a component schema is met once
 * per operation that reaches it: those are one change, reaching all of them.
 */
import type { ChangeOperation } from '../change.js';
import type { Comparison, FoundChange } from '../compare/context.js';
import type { ChangeRecord, RecordFamily } from '../compare/record.js';
import { checkComposition } from './composition-checks.js';
import { checkConstraint, isConstraint } from './constraint-checks.js';
import { checkComponent, checkDocument, checkEnvelope, checkServer, checkTag } from './document-checks.js';
import { checkParameter, checkRequestBody } from './input-checks.js';
import type { Checker, Judged } from './judge.js';
import { checkAdditional, checkDeprecated, checkProperty, checkRequired } from './object-checks.js';
import { checkOperation, checkTool } from './operation-checks.js';
import { checkHeader, checkResponse } from './response-checks.js';
import { checkCredentials } from './security-checks.js';
import { checkDefault, checkEnum, checkNullable, checkType } from './value-checks.js';

const SCHEMA_CHECKS: Record<string, Checker> = {
  nullable: checkNullable,
  type: checkType,
  items: checkType,
  enum: checkEnum,
  'enum-value': checkEnum,
  default: checkDefault,
  property: checkProperty,
  required: checkRequired,
  deprecated: checkDeprecated,
  additionalProperties: checkAdditional,
};

/** A schema record: by its keyword. */
const checkSchema: Checker = (record) => {
  const checker = SCHEMA_CHECKS[record.keyword] ?? (isConstraint(record.keyword) ? checkConstraint : checkComposition);
  return checker(record);
};

const CHECKERS: Record<RecordFamily, Checker> = {
  document: checkDocument,
  server: checkServer,
  credentials: checkCredentials,
  tag: checkTag,
  envelope: checkEnvelope,
  component: checkComponent,
  operation: checkOperation,
  tool: checkTool,
  parameter: checkParameter,
  'request-body': checkRequestBody,
  response: checkResponse,
  header: checkHeader,
  schema: checkSchema,
};

/** One record's judgements. */
export function checkRecord(record: ChangeRecord): Judged[] {
  return CHECKERS[record.family](record);
}

/** Every change a comparison found, judged; one per rule, place and message, reaching every operation that met it. */
export function checkComparison(comparison: Comparison): FoundChange[] {
  const found: FoundChange[] = [];
  for (const record of comparison.records) {
    for (const judged of checkRecord(record)) {
      const change: FoundChange = { ...judged, operations: record.operations };
      if (record.oldPointer) change.oldPointer = record.oldPointer;
      if (record.newPointer) change.newPointer = record.newPointer;
      found.push(change);
    }
  }
  return merged(found);
}

function merged(found: readonly FoundChange[]): FoundChange[] {
  const byKey = new Map<string, FoundChange>();
  for (const change of found) {
    const key = [change.rule, change.surfaces.join(), change.oldPointer, change.newPointer, change.message].join('\u0000');
    const seen = byKey.get(key);
    if (!seen) byKey.set(key, { ...change, operations: [...change.operations] });
    else for (const op of change.operations) if (!seen.operations.some((o) => sameOperation(o, op))) seen.operations.push(op);
  }
  return [...byKey.values()];
}

function sameOperation(a: ChangeOperation, b: ChangeOperation): boolean {
  return a.method.toUpperCase() === b.method.toUpperCase() && a.path === b.path;
}
