/**
 * What every comparison module shares: the two sides (model and document) and one way to say what
 * changed, as a neutral record (record.ts). The checkers (../checker/) judge the records.
 */
import type { ApiModel, NamedSchemaModel, OperationModel } from '../../model/types.js';
import type { ChangeOperation, Surface } from '../change.js';
import type { ChangeRecord } from './record.js';

/** A pair of the same operation in both documents. */
export interface OperationPair {
  old: OperationModel;
  new: OperationModel;
}

/** One version of the document as the comparison reads it. */
export interface CompareSide {
  model: ApiModel;
  /** The bundled document (OpenAPI 3.x; a Swagger 2.0 document converted), for facts the model lacks. */
  document: Record<string, unknown>;
  /** Component schemas by document name. */
  schemas: ReadonlyMap<string, NamedSchemaModel>;
}

/** A change as the checkers judged it, before it is placed in the files and given its level. */
export interface FoundChange {
  /** Its stable id (../change-id.ts). */
  id: string;
  rule: string;
  /** The surfaces it breaks: the rule's own, or the subset that applies here. */
  surfaces: Surface[];
  message: string;
  /** The operations it reaches (none for a change of the whole document). */
  operations: ChangeOperation[];
  /** JSON pointers into each side's bundled document. */
  oldPointer?: string;
  newPointer?: string;
}

/** What a comparison module reports through. */
export interface CompareContext {
  old: CompareSide;
  new: CompareSide;
  /** Says what changed. */
  record(record: ChangeRecord): void;
}

/** What a comparison found: neutral records, which the checkers judge. */
export interface Comparison {
  records: ChangeRecord[];
}

/** A context collecting into `into`. */
export function compareContext(old: CompareSide, next: CompareSide, into: Comparison): CompareContext {
  return {
    old,
    new: next,
    record(record) {
      into.records.push(record);
    },
  };
}

/** A side of the comparison from a model and its document. */
export function compareSide(model: ApiModel, document: Record<string, unknown>): CompareSide {
  return { model, document, schemas: new Map(model.schemas.map((s) => [s.name, s])) };
}

/** The operation as a change names it (the new side's where both exist). */
export function operationOf(op: OperationModel): ChangeOperation {
  return { operationId: op.operationId, method: op.httpMethod, path: op.path };
}

/** `` `a` ``: a name quoted in a message. */
export function code(text: unknown): string {
  return `\`${String(text)}\``;
}

/** A record of this operation, in both documents at the operation unless placed otherwise. */
export function operationRecorder(ctx: CompareContext, { old: a, new: b }: OperationPair, family: ChangeRecord['family'] = 'operation') {
  const operations = [operationOf(b)];
  return (keyword: string, values: Partial<Pick<ChangeRecord, 'old' | 'new' | 'oldPointer' | 'newPointer' | 'where' | 'facts' | 'direction'>>) =>
    ctx.record({ family, keyword, direction: 'both', where: '', oldPointer: a.pointer, newPointer: b.pointer, operations, ...values });
}
