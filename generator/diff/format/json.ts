/**
 * The report as JSON, in the shape `docs/diff-report.schema.json` documents: the advice and the
 * counts at the top, then every change with a fixed key order (the output is byte-stable).
 */
import type { Change, ChangePlace } from '../change.js';
import { failed, levelCounts, type ReportView } from '../outcome.js';

export function formatJson(view: ReportView): string {
  const { report } = view;
  const counts = levelCounts(report.changes);
  const [breaking, warning, info] = counts.map((count) => count.changes);
  const byOperation = Object.fromEntries(counts.map((count) => [count.level, count.byOperation]));
  const value = {
    semver: report.semver,
    old: { file: report.old.file, version: report.old.version, openapi: report.old.openapi },
    new: { file: report.new.file, version: report.new.version, openapi: report.new.openapi },
    summary: { breaking, warning, info, ignored: view.ignored.length, byOperation },
    failOn: view.failOn,
    failed: failed(view),
    ...(view.versionProblem ? { versionProblem: view.versionProblem } : {}),
    changes: report.changes.map(ordered),
    ignored: view.ignored.map((i) => ({ reason: i.reason, entry: i.entry, ...(i.expires ? { expires: i.expires } : {}), change: ordered(i.change) })),
    unjudged: report.unjudged.map((u) => ({ surface: u.surface, reason: u.reason })),
    notes: [...report.notes],
  };
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** A change with its keys in the documented order, whatever order it was built in. */
function ordered(change: Change): Record<string, unknown> {
  const proof = change.proof;
  return {
    id: change.id,
    rule: change.rule,
    level: change.level,
    surfaces: [...change.surfaces],
    ...(change.operations ? { operations: change.operations.map((op) => ({ operationId: op.operationId, method: op.method, path: op.path })) } : {}),
    message: change.message,
    ...(change.old ? { old: place(change.old) } : {}),
    ...(change.new ? { new: place(change.new) } : {}),
    ...(change.unproven?.length ? { unproven: [...change.unproven] } : {}),
    ...(proof && (proof.types || proof.validators)
      ? {
          proof: {
            ...(proof.types ? { types: proof.types.map((t) => ({ code: t.code, line: t.line, text: t.text, message: t.message })) } : {}),
            ...(proof.validators
              ? { validators: proof.validators.map((v) => ({ direction: v.direction, validator: v.validator, value: v.value, issue: v.issue })) }
              : {}),
          },
        }
      : {}),
  };
}

function place(where: ChangePlace): ChangePlace {
  return {
    file: where.file,
    pointer: where.pointer,
    ...(where.line !== undefined ? { line: where.line } : {}),
    ...(where.col !== undefined ? { col: where.col } : {}),
  };
}
