import { getLineColLocation, type NormalizedProblem } from '@redocly/openapi-core';
import type { Problem } from '../problems.js';
import { displayPath } from './locate.js';

/** Redocly's problems in podcast-gen's shape, with file:line:col resolved from their pointers. */
export function toProblems(problems: readonly NormalizedProblem[], cwd: string): Problem[] {
  return problems.map((problem) => toProblem(problem, cwd));
}

function toProblem(problem: NormalizedProblem, cwd: string): Problem {
  const where = problem.location[0];
  const base: Problem = {
    code: problem.ruleId,
    severity: problem.severity === 'error' ? 'error' : 'warn',
    message: problem.message,
  };
  if (problem.suggest.length > 0) base.hint = `did you mean: ${problem.suggest.slice(0, 3).join(', ')}?`;
  if (!where) return base;
  base.file = displayPath(where.source.absoluteRef, cwd);
  if (where.pointer !== undefined) base.pointer = where.pointer;
  try {
    const lineCol = getLineColLocation(where);
    base.line = lineCol.start.line;
    base.col = lineCol.start.col;
  } catch {
    // The pointer names nothing in the source (a bundled node): the pointer alone is still precise.
  }
  return base;
}
