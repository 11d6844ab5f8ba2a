/**
 * What every comparison module shares: the two sides (model and document) and one way to report a
 * change, by rule code, with the surfaces it truly breaks and its places in both documents.
 */
import type { ApiModel, NamedSchemaModel, OperationModel } from '../../model/types.js';
import type { ChangeOperation, Surface } from '../change.js';
import { ruleOf } from '../rules.js';

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

/** A change as found, before it is placed in the files and given its level. */
export interface FoundChange {
  rule: string;
  /** The surfaces it breaks: the rule's own, or the subset that applies here. */
  surfaces: Surface[];
  message: string;
  operation?: ChangeOperation;
  /** JSON pointers into each side's bundled document. */
  oldPointer?: string;
  newPointer?: string;
}

/** A change found inside a schema: its operation is added by whoever reached the schema; surfaces left out are the rule's. */
export type Finding = Omit<FoundChange, 'surfaces' | 'operation'> & { surfaces?: Surface[] };

/** What a comparison module reports through. */
export interface CompareContext {
  old: CompareSide;
  new: CompareSide;
  report(change: Omit<FoundChange, 'surfaces'> & { surfaces?: Surface[] }): void;
}

/** A context collecting into `into`; surfaces not given are the rule's. */
export function compareContext(old: CompareSide, next: CompareSide, into: FoundChange[]): CompareContext {
  return {
    old,
    new: next,
    report(change) {
      const rule = ruleOf(change.rule);
      const surfaces = change.surfaces ?? rule.surfaces;
      for (const surface of surfaces)
        if (!rule.surfaces.includes(surface)) throw new Error(`rule ${change.rule} cannot break ${surface}: add it to the catalogue`);
      into.push({ ...change, surfaces: ordered(surfaces) });
    },
  };
}

/** A side of the comparison from a model and its document. */
export function compareSide(model: ApiModel, document: Record<string, unknown>): CompareSide {
  return { model, document, schemas: new Map(model.schemas.map((s) => [s.name, s])) };
}

const ORDER: Surface[] = ['wire', 'types', 'validators', 'mcp'];

function ordered(surfaces: readonly Surface[]): Surface[] {
  return ORDER.filter((s) => surfaces.includes(s));
}

/** The operation as a change names it (the new side's where both exist). */
export function operationOf(op: OperationModel): ChangeOperation {
  return { operationId: op.operationId, method: op.httpMethod, path: op.path };
}

/** `` `a` ``: a name quoted in a message. */
export function code(text: string | number): string {
  return `\`${text}\``;
}
