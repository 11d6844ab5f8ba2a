/**
 * The `types` proof: the usage file written against the old output (usage-files.ts) is compiled
 * against the new one; each error is laid to the changes it is about (credit-errors.ts). The same
 * lines compiled against the old output first tell which fail anyway: those prove nothing. The
 * compiler's word is the verdict where the usage looked (change-looks.ts): a change marked `types`
 * that a line looked at without an error loses the surface; one no line looked at keeps it,
 * unproven; an error that a change not marked `types` explains adds it; an error no change
 * explains is a change of its own.
 */
import { operationExports } from '../../emit/shared/operation-exports.js';
import type { GeneratedFile } from '../../emit/plugin.js';
import type { ApiModel, OperationModel } from '../../model/types.js';
import type { Change, TypesProof } from '../change.js';
import { changeId, routeOf } from '../change-id.js';
import { ruleOf } from '../rules.js';
import { changeIsOnOperation, changeSchemas, operationSchemas, SchemaReach, schemaOfPointer } from './change-places.js';
import { CALL_SHAPE_RULES, changeNames, lookedAt, PAYLOAD_RULES } from './change-looks.js';
import { changeNode } from './change-nodes.js';
import { type UsageDiagnostic, VirtualProject } from './compile-usage.js';
import { type CandidateFacts, creditedChanges } from './credit-errors.js';
import { SchemaPlaces } from './schema-places.js';
import { UsageIndex } from './usage-index.js';
import { NEW_DIR, OLD_DIR, type UsageScope, writeUsageFile } from './usage-files.js';
import type { UsageFile, UsageSubject } from './usage-subject.js';
import type { ReadFocus } from './value-reads.js';
import { withTypesVerdict } from './verdicts.js';

/** One side's generation, as the proof reads it. */
export interface GeneratedOutput {
  model: ApiModel;
  files: GeneratedFile[];
}

/** The changes with the compiler's verdict: proofs attached, `types` dropped, kept unproven or added, unexplained errors as changes. */
export function proveTypes(changes: Change[], old: GeneratedOutput, next: GeneratedOutput, options: { whole?: boolean } = {}): Change[] {
  const project = new VirtualProject();
  for (const file of old.files) if (file.path.endsWith('.ts')) project.add(`${OLD_DIR}/${file.path}`, file.content);
  for (const file of next.files) if (file.path.endsWith('.ts')) project.add(`${NEW_DIR}/${file.path}`, file.content);
  const names = project.exportsOf(`${OLD_DIR}/index.ts`);
  const reach = new SchemaReach(old.model);
  const scope = old.model.large && !options.whole ? touchedScope(changes, old.model, reach) : {};
  const places = new SchemaPlaces(old.model);
  const focus = readFocus(changes, reach);
  const usage = writeUsageFile({ model: old.model, exports: names, places, focus, scope });
  project.add(usage.path, usage.text);
  const found = project.diagnostics([usage.path]);
  project.forget(NEW_DIR);
  // The failing lines compiled against the old output too: those that fail there prove nothing.
  const subjects = found.map((d) => usage.subjects.get(d.line) ?? {});
  const baseline = writeUsageFile({
    model: old.model,
    exports: names,
    places,
    focus,
    scope: {
      operations: new Set(subjects.flatMap((s) => (s.operationId === undefined ? [] : [s.operationId]))),
      schemas: new Set(subjects.flatMap((s) => (s.schema === undefined ? [] : [s.schema]))),
      exports: new Set(subjects.flatMap((s) => (s.exportName === undefined ? [] : [s.exportName]))),
    },
    target: OLD_DIR,
  });
  const key = (file: UsageFile, d: UsageDiagnostic) => `${JSON.stringify(file.subjects.get(d.line) ?? {})} ${d.text}`;
  let failingAnyway = new Set<string>();
  if (found.length > 0) {
    project.add(baseline.path, baseline.text);
    failingAnyway = new Set(project.diagnostics([baseline.path]).map((d) => key(baseline, d)));
  }
  // A line after a missing method or name reads `any`; what fails there only follows from the first error.
  const errors = found.filter((d) => !failingAnyway.has(key(usage, d)) && !/\bType 'any'/.test(d.message));
  // Only lines that compiled looked at what they read: a failing line may hide a second error behind its first.
  const index = new UsageIndex(usage, old.model, places, new Set(found.map((d) => d.line)));
  return judge({ changes, errors, usage, old: old.model, next: next.model, index });
}

/** On a large document, only what the changes touch is compiled: their operations, and those that reach their schemas. */
function touchedScope(changes: readonly Change[], model: ApiModel, reach: SchemaReach): UsageScope {
  const schemas = new Set(changes.flatMap(changeSchemas));
  const operations = new Set(
    model.operations
      .filter((op) => changes.some((change) => changeIsOnOperation(change, op)) || [...operationSchemas(op, reach)].some((name) => schemas.has(name)))
      .map((op) => op.operationId),
  );
  return { operations, schemas };
}

/** The places of the changes the proof must judge: the reads go to them whatever their depth. */
function readFocus(changes: readonly Change[], reach: SchemaReach): ReadFocus {
  const nodes = new Set(changes.filter((c) => c.surfaces.includes('types')).flatMap((c) => changeNode(c) ?? []));
  const components = new Set([...nodes].flatMap((node) => schemaOfPointer(node) ?? []));
  const reaches = new WeakMap<object, boolean>();
  return {
    leadsTo(resolved) {
      if (nodes.size === 0) return false;
      for (const place of resolved.places) {
        if (nodes.has(place)) return true;
        for (const node of nodes) if (node.startsWith(`${place}/`)) return true;
      }
      const schema = resolved.component !== undefined ? { $ref: `#/components/schemas/${resolved.component}` } : resolved.schema;
      let known = reaches.get(resolved.schema);
      if (known === undefined) {
        known = [...reach.from(schema)].some((name) => components.has(name));
        reaches.set(resolved.schema, known);
      }
      return known;
    },
  };
}

function judge(input: { changes: Change[]; errors: readonly UsageDiagnostic[]; usage: UsageFile; old: ApiModel; next: ApiModel; index: UsageIndex }): Change[] {
  const { changes, errors, usage, old, next, index } = input;
  const matcher = new ChangeMatcher(changes, old);
  const known = new Map<Change, CandidateFacts>();
  const facts = (change: Change) => {
    let found = known.get(change);
    if (!found) {
      found = { node: changeNode(change), names: changeNames(change, old, next, index) };
      known.set(change, found);
    }
    return found;
  };
  const proofs = new Map<Change, TypesProof[]>();
  const unexplained: Change[] = [];
  for (const error of errors) {
    const subject = usage.subjects.get(error.line) ?? {};
    const proof: TypesProof = { code: error.code, line: error.line, text: error.text, message: error.message };
    const credited = creditedChanges({
      subject,
      message: error.message,
      ...(error.key !== undefined ? { key: error.key } : {}),
      candidates: matcher.candidates(subject),
      facts,
      payloadRules: PAYLOAD_RULES,
      callRules: CALL_SHAPE_RULES,
    });
    if (credited.length === 0) {
      unexplained.push(unexplainedChange(proof, matcher.operation(subject)));
      continue;
    }
    for (const change of credited) proofs.set(change, [...(proofs.get(change) ?? []), proof]);
  }
  const judged = changes.map((change) => withTypesVerdict(change, proofs.get(change), change.surfaces.includes('types') && lookedAt(change, index, old, next)));
  return [...judged, ...mergeUnexplained(unexplained)];
}

/** Finds the changes a failing line's subject may be about: those of its operation or schema, and of the schemas these reach. */
class ChangeMatcher {
  private readonly reach: SchemaReach;
  private readonly byOperationId: Map<string, OperationModel>;
  private readonly exportOwner = new Map<string, UsageSubject>();

  constructor(
    private readonly changes: readonly Change[],
    model: ApiModel,
  ) {
    this.reach = new SchemaReach(model);
    this.byOperationId = new Map(model.operations.map((op) => [op.operationId, op]));
    const perOperation = operationExports(model);
    for (const op of model.operations) {
      const own = perOperation.get(op.operationId);
      for (const name of [op.methodName, own?.spec, own?.schemas, ...['Params', 'Body', 'Data', 'Errors'].map((part) => `${op.typeName}${part}`)]) {
        if (name !== undefined) this.exportOwner.set(name, { operationId: op.operationId });
      }
    }
    for (const schema of model.schemas) for (const name of [schema.typeName, schema.indexName]) this.exportOwner.set(name, { schema: schema.name });
  }

  operation(subject: UsageSubject): OperationModel | undefined {
    const own = this.subjectOf(subject);
    return own.operationId === undefined ? undefined : this.byOperationId.get(own.operationId);
  }

  /** The changes on the subject's operation or schema, or on the schemas it reaches; for the client line, those of the whole document. */
  candidates(subject: UsageSubject): Change[] {
    if (subject.kind === 'client') return this.changes.filter((change) => !change.operations);
    const own = this.subjectOf(subject);
    const op = own.operationId === undefined ? undefined : this.byOperationId.get(own.operationId);
    const reached = op
      ? operationSchemas(op, this.reach)
      : own.schema !== undefined
        ? new Set([own.schema, ...this.reach.from({ $ref: `#/components/schemas/${own.schema}` })])
        : new Set<string>();
    return this.changes.filter(
      (change) =>
        (op !== undefined && changeIsOnOperation(change, op)) ||
        (own.schema !== undefined && changeSchemas(change).includes(own.schema)) ||
        changeSchemas(change).some((name) => reached.has(name)) ||
        (op !== undefined && PAYLOAD_RULES.has(change.rule) && !change.operations),
    );
  }

  private subjectOf(subject: UsageSubject): UsageSubject {
    return subject.exportName === undefined ? subject : { ...subject, ...(this.exportOwner.get(subject.exportName) ?? {}) };
  }
}

function unexplainedChange(proof: TypesProof, op: OperationModel | undefined): Change {
  const operation = op ? { operationId: op.operationId, method: op.method, path: op.path } : undefined;
  return {
    // One change per operation (mergeUnexplained): its id is the rule's and the operation's.
    id: changeId(['types-compile-error', operation ? routeOf(operation) : 'document']),
    rule: 'types-compile-error',
    // The level is set once, with every other change's (levels.ts).
    level: ruleOf('types-compile-error').level,
    surfaces: ['types'],
    ...(operation ? { operations: [operation] } : {}),
    message: `Code written against the old generated output no longer compiles (${proof.code}: ${proof.message}), and no change of the document found explains it.`,
    proof: { types: [proof] },
  };
}

/** One change per operation (or per document-wide subject) for the errors no change explains, every error kept as its proof. */
function mergeUnexplained(list: readonly Change[]): Change[] {
  const merged = new Map<string, Change>();
  for (const change of list) {
    const key = change.operations?.[0]?.operationId ?? '';
    const seen = merged.get(key);
    if (!seen) merged.set(key, change);
    else seen.proof = { types: [...(seen.proof?.types ?? []), ...(change.proof?.types ?? [])] };
  }
  return [...merged.values()];
}
