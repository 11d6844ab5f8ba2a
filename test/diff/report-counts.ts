import type { DiffReport } from '../../generator/diff/change.js';

/** How many changes of each level, and how many break each surface. */
export function reportCounts(report: DiffReport): Record<string, number> {
  const found: Record<string, number> = { breaking: 0, warning: 0, info: 0, wire: 0, types: 0, validators: 0, mcp: 0 };
  for (const change of report.changes) {
    found[change.level] = (found[change.level] ?? 0) + 1;
    for (const surface of change.surfaces) found[surface] = (found[surface] ?? 0) + 1;
  }
  return found;
}

/** How many changes of each level counted once per operation they reach (a change of the document once): the report before grouping. */
export function operationCounts(report: DiffReport): Record<string, number> {
  const found: Record<string, number> = { breaking: 0, warning: 0, info: 0 };
  for (const change of report.changes) found[change.level] = (found[change.level] ?? 0) + Math.max(1, change.operations?.length ?? 0);
  return found;
}
