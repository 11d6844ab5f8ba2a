import type { Document, NormalizedProblem, Source } from '@redocly/openapi-core';
import { getByPointer } from '../json-pointer.js';
import { withLazyPlace, type Problem } from '../problems.js';
import { displayPath } from './display-path.js';
import { locatePointer } from './locate.js';

/**
 * Redocly's problems in podcast-gen's shape, with file:line:col resolved from their pointers. With
 * the root document, an unresolved `$ref` names its target.
 */
export function toProblems(problems: readonly NormalizedProblem[], cwd: string, root?: Document): Problem[] {
  return problems.map((problem) => toProblem(problem, cwd, root));
}

/** What to do about redocly's findings that stop generation most often (redocly gives no fix). */
const HINTS: Record<string, string> = {
  'no-unresolved-refs': 'check the $ref: the file and the JSON pointer after # must exist',
  'bundler': 'check the $ref: the file and the JSON pointer after # must exist',
  'operation-operationId-unique': 'give each operation its own operationId',
  'path-parameters-defined': 'make the path template and the `in: path` parameters name the same parameters',
  'struct': "see the OpenAPI specification of the document's version for the object at that place",
  'no-identical-paths': 'merge the two path items or rename one parameter',
  'podcast-gen/struct': "see the OpenAPI specification of the document's version for the object at that place",
  'podcast-gen/operation-id-unique': "give each operation its own operationId (it names the operation's method, types and files)",
  'podcast-gen/no-identical-paths': 'give one of the two a path a request can tell apart, so that a server and the mock answer each',
};

/**
 * A problem of redocly's without its place, and where in its file to find it (`at`, absent where
 * the problem names no file): what another thread sends, since finding a place parses the file.
 */
export interface UnplacedProblem {
  problem: Problem;
  at?: { pointer: string | undefined; onKey: boolean };
}

/** Redocly's problems as {@link UnplacedProblem}s, for a document of one file. */
export function unplacedProblems(problems: readonly NormalizedProblem[], cwd: string, root?: Document): UnplacedProblem[] {
  return problems.map((problem) => unplaced(problem, cwd, root));
}

/** The problem, its line and column found in `source` (the file it names) when first read. */
export function placedIn(source: Source, { problem, at }: UnplacedProblem): Problem {
  if (!at) return problem;
  return withLazyPlace(problem, () => (at.pointer === undefined ? undefined : locatePointer(source, at.pointer, at.onKey)));
}

function toProblem(problem: NormalizedProblem, cwd: string, root: Document | undefined): Problem {
  const where = problem.location[0];
  return where ? placedIn(where.source, unplaced(problem, cwd, root)) : unplaced(problem, cwd, root).problem;
}

function unplaced(problem: NormalizedProblem, cwd: string, root: Document | undefined): UnplacedProblem {
  const where = problem.location[0];
  const base: Problem = {
    code: problem.ruleId,
    severity: problem.severity === 'error' ? 'error' : 'warn',
    message: withRefTarget(problem, root, cwd),
  };
  if (problem.suggest.length > 0) base.hint = `did you mean: ${problem.suggest.slice(0, 3).join(', ')}?`;
  else if (HINTS[problem.ruleId]) base.hint = HINTS[problem.ruleId];
  if (!where) return { problem: base };
  base.file = displayPath(where.source.absoluteRef, cwd);
  if (where.pointer !== undefined) base.pointer = where.pointer;
  // A pointer that names nothing in the source (a bundled node) has no place: the pointer alone is still precise.
  return { problem: base, at: { pointer: where.pointer, onKey: where.reportOnKey ?? false } };
}

/** `Can't resolve $ref` -> `Can't resolve $ref "#/components/schemas/Nope"` (the value at the place). */
function withRefTarget(problem: NormalizedProblem, root: Document | undefined, cwd: string): string {
  const where = problem.location[0];
  if (!root || !where?.pointer || !/resolve \$ref/.test(problem.message) || where.source.absoluteRef !== root.source.absoluteRef) return problem.message;
  const ref = (getByPointer(root.parsed, where.pointer) as { $ref?: unknown } | undefined)?.$ref;
  if (typeof ref !== 'string') return problem.message;
  const [head, ...rest] = problem.message.split(':');
  const detail = rest.join(':').replace(/'(\/[^']+)'/g, (_, path: string) => `'${displayPath(path, cwd)}'`);
  return `${head} ${JSON.stringify(ref)}${detail ? `:${detail}` : ''}`;
}
