/**
 * What the changes break: each record judged by the checker of its family, which names the rule and
 * the surfaces from the catalogue (../rules.ts). A change found in a component schema is met once
 * per operation that reaches it: those are one change, reaching all of them.
 */
import type { ChangeOperation } from '../change.js';
import { recordId, routeOf } from '../change-id.js';
import type { LifecyclePolicy } from '../lifecycle.js';
import type { Comparison, FoundChange } from '../compare/context.js';
import type { ChangeRecord, RecordFamily } from '../compare/record.js';
import { checkComposition } from './composition-checks.js';
import { checkConstraint, isConstraint } from './constraint-checks.js';
import { checkComponent, checkDocument, checkEnvelope, checkServer, checkTag } from './document-checks.js';
import { checkParameter, checkRequestBody } from './input-checks.js';
import type { Checker, Judged } from './judge.js';
import { checkAdditional, checkDeprecated, checkProperty, checkPropertySunset, checkRequired } from './object-checks.js';
import { checkSchemaKeyword } from './keyword-checks.js';
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
  sunset: checkPropertySunset,
  additionalProperties: checkAdditional,
  'schema-keyword': checkSchemaKeyword,
};

/** A schema record: by its keyword. */
const checkSchema: Checker = (record, policy) => {
  const checker = SCHEMA_CHECKS[record.keyword] ?? (isConstraint(record.keyword) ? checkConstraint : checkComposition);
  return checker(record, policy);
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
export function checkRecord(record: ChangeRecord, policy: LifecyclePolicy): Judged[] {
  return CHECKERS[record.family](record, policy);
}

/** How the records are judged: the run's policy of the API's life, and whether a change met in several operations is one change. */
export interface CheckOptions {
  policy: LifecyclePolicy;
  /** Default true. False: one change per operation a change reaches (the report before grouping, for comparison). */
  grouped?: boolean;
}

/** Every change a comparison found, judged; one per rule, place and message, reaching every operation that met it. */
export function checkComparison(comparison: Comparison, options: CheckOptions): FoundChange[] {
  const grouped = options.grouped !== false;
  const found: FoundChange[] = [];
  for (const record of comparison.records) {
    for (const judged of checkRecord(record, options.policy)) {
      const change: FoundChange = { ...judged, id: recordId(judged.rule, record, !grouped), operations: record.operations };
      if (record.oldPointer) change.oldPointer = record.oldPointer;
      if (record.newPointer) change.newPointer = record.newPointer;
      found.push(change);
    }
  }
  return merged(found, grouped);
}

function merged(found: readonly FoundChange[], grouped: boolean): FoundChange[] {
  const byKey = new Map<string, FoundChange>();
  for (const change of found) {
    const each = grouped ? [] : change.operations.map(routeOf);
    const key = [change.rule, change.surfaces.join(), change.oldPointer, change.newPointer, change.message, ...each].join('\u0000');
    const seen = byKey.get(key);
    if (!seen) byKey.set(key, { ...change, operations: [...change.operations] });
    else for (const op of change.operations) if (!seen.operations.some((o) => sameOperation(o, op))) seen.operations.push(op);
  }
  return [...byKey.values()];
}

function sameOperation(a: ChangeOperation, b: ChangeOperation): boolean {
  return a.method.toUpperCase() === b.method.toUpperCase() && a.path === b.path;
}
