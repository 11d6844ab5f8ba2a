/**
 * The `types` proof: the usage files written against the old output (usage-files.ts) are compiled
 * against the new one, and each error is laid to the change it proves by the line's subject. The
 * same files compiled against the old output first tell which lines fail anyway: those prove
 * nothing. The compiler's word is the verdict: a change marked `types` that no error proves loses
 * the surface; an error that a change not marked `types` explains adds it; an error no change
 * explains is a change of its own.
 */
import { operationExports } from '../../emit/shared/operation-exports.js';
import type { GeneratedFile } from '../../emit/plugin.js';
import type { ApiModel, OperationModel } from '../../model/types.js';
import type { Change, TypesProof } from '../change.js';
import { changeIsOnOperation, changeSchemas, operationSchemas, SchemaReach } from './change-places.js';
import { type UsageDiagnostic, VirtualProject } from './compile-usage.js';
import { NEW_DIR, OLD_DIR, type UsageScope, writeUsageFile } from './usage-files.js';
import type { UsageFile, UsageSubject } from './usage-subject.js';
import { withVerdict } from './verdicts.js';

/** One side's generation, as the proof reads it. */
export interface GeneratedOutput {
  model: ApiModel;
  files: GeneratedFile[];
}

/** The changes with the compiler's verdict: proofs attached, `types` dropped or added, unexplained errors as changes. */
export function proveTypes(changes: Change[], old: GeneratedOutput, next: GeneratedOutput, options: { whole?: boolean } = {}): Change[] {
  const project = new VirtualProject();
  for (const file of old.files) if (file.path.endsWith('.ts')) project.add(`${OLD_DIR}/${file.path}`, file.content);
  for (const file of next.files) if (file.path.endsWith('.ts')) project.add(`${NEW_DIR}/${file.path}`, file.content);
  const names = project.exportsOf(`${OLD_DIR}/index.ts`);
  const scope = old.model.large && !options.whole ? touchedScope(changes, old.model) : {};
  const usage = writeUsageFile({ model: old.model, exports: names, scope });
  project.add(usage.path, usage.text);
  const found = project.diagnostics([usage.path]);
  project.forget(NEW_DIR);
  // The failing lines compiled against the old output too: those that fail there prove nothing.
  const subjects = found.map((d) => usage.subjects.get(d.line) ?? {});
  const baseline = writeUsageFile({
    model: old.model,
    exports: names,
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
  return judge(changes, errors, usage, old.model);
}

/** On a large document, only what the changes touch is compiled: their operations, and those that reach their schemas. */
function touchedScope(changes: readonly Change[], model: ApiModel): UsageScope {
  const schemas = new Set(changes.flatMap(changeSchemas));
  const reach = new SchemaReach(model);
  const operations = new Set(
    model.operations
      .filter((op) => changes.some((change) => changeIsOnOperation(change, op)) || [...operationSchemas(op, reach)].some((name) => schemas.has(name)))
      .map((op) => op.operationId),
  );
  return { operations, schemas };
}

function judge(changes: Change[], errors: readonly UsageDiagnostic[], usage: UsageFile, model: ApiModel): Change[] {
  const matcher = new ChangeMatcher(changes, model);
  const proofs = new Map<Change, TypesProof[]>();
  const unexplained: Change[] = [];
  for (const error of errors) {
    const subject = usage.subjects.get(error.line) ?? {};
    const proof: TypesProof = { code: error.code, line: error.line, text: error.text, message: error.message };
    const explained = matcher.explain(subject);
    if (explained.length === 0) {
      unexplained.push(unexplainedChange(proof, matcher.operation(subject)));
      continue;
    }
    for (const change of explained) proofs.set(change, [...(proofs.get(change) ?? []), proof]);
  }
  const judged = changes.map((change) => withVerdict(change, 'types', proofs.get(change)));
  return [...judged, ...mergeUnexplained(unexplained)];
}

/** Finds the changes a failing line's subject belongs to, nearest first. */
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

  /**
   * The changes that explain an error of this subject: those on it that are marked `types`; else
   * those on the schemas it reaches marked `types`; else those on it or what it reaches at all
   * (the compiler adds `types` to them).
   */
  explain(subject: UsageSubject): Change[] {
    const own = this.subjectOf(subject);
    const op = own.operationId === undefined ? undefined : this.byOperationId.get(own.operationId);
    const direct = this.changes.filter(
      (change) => (op !== undefined && changeIsOnOperation(change, op)) || (own.schema !== undefined && changeSchemas(change).includes(own.schema)),
    );
    const reached = op
      ? operationSchemas(op, this.reach)
      : own.schema !== undefined
        ? this.reach.from({ $ref: `#/components/schemas/${own.schema}` })
        : new Set<string>();
    const indirect = this.changes.filter((change) => !direct.includes(change) && changeSchemas(change).some((name) => reached.has(name)));
    for (const tier of [direct, indirect]) {
      const typed = tier.filter((change) => change.surfaces.includes('types'));
      if (typed.length > 0) return typed;
    }
    return direct.length > 0 ? direct : indirect;
  }

  private subjectOf(subject: UsageSubject): UsageSubject {
    return subject.exportName === undefined ? subject : (this.exportOwner.get(subject.exportName) ?? subject);
  }
}

function unexplainedChange(proof: TypesProof, op: OperationModel | undefined): Change {
  return {
    rule: 'types-compile-error',
    level: 'breaking',
    surfaces: ['types'],
    ...(op ? { operations: [{ operationId: op.operationId, method: op.method, path: op.path }] } : {}),
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
