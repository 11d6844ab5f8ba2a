import type { Source } from '@redocly/openapi-core';
import type { Problem } from '../problems.js';
import { findTooDeepJson } from './json-depth.js';
import { locatePointer, shortPointer } from './locate.js';
import { findAliasProblem, type AliasProblem } from './yaml-aliases.js';

/**
 * How deep a document may nest, in values from the root (1) down: the YAML parser's own limit of
 * a YAML text (js-yaml's `maxDepth`, through redocly), which every document redocly reads keeps
 * already, applied to JSON and to what YAML aliases make too. Real documents nest far less; the
 * stages that walk a document by recursion (lint, the model) fail when it nests much deeper.
 */
export const MAX_DEPTH = 100;

/**
 * How many values YAML aliases may expand a document to (each alias read as a copy of what it
 * names): far above what the largest real documents hold (bench/RESULTS.md, "Largest documents").
 */
export const MAX_EXPANDED_VALUES = 10_000_000;

/** What a document over one of the limits gets: the problem, without its file and place. */
export type LimitProblem = Omit<Problem, 'severity' | 'file' | 'line' | 'col'>;

/**
 * A document over one of the limits. Its message is the problem's, which redocly reports for a
 * document a `$ref` names; the root's becomes the problem itself (read-root.ts).
 */
export class DocumentLimitError extends Error {
  constructor(
    readonly problem: LimitProblem,
    readonly source: Source,
    readonly place: { line: number; col: number } | undefined,
  ) {
    super(`${problem.message} (${problem.hint})`);
  }
}

/** Refuses a JSON text nested deeper than {@link MAX_DEPTH}, before it is parsed. */
export function checkJsonText(source: Source): void {
  const deep = findTooDeepJson(source.body, MAX_DEPTH);
  if (deep) throw new DocumentLimitError(tooDeep(deep.pointer), source, placeOf(source.body, deep.offset));
}

/** Refuses a parsed YAML document that its aliases make deeper than {@link MAX_DEPTH}, endless or huge. */
export function checkYamlAliases(source: Source, parsed: unknown): void {
  const found = findAliasProblem(parsed, { maxDepth: MAX_DEPTH, maxValues: MAX_EXPANDED_VALUES });
  if (found) throw new DocumentLimitError(aliasProblem(found), source, locatePointer(source, found.pointer));
}

/** The problem of a document nested too deep (at `pointer`, when known). */
export function tooDeep(pointer: string | undefined, how = ''): LimitProblem {
  return {
    code: 'load/too-deep',
    ...(pointer ? { pointer } : {}),
    message: `the document nests deeper than ${MAX_DEPTH} levels${pointer ? ` at ${shortPointer(pointer)}` : ''}${how}`,
    hint: 'name the deep parts under components/schemas and $ref them',
  };
}

function aliasProblem(found: AliasProblem): LimitProblem {
  if (found.kind === 'depth') return tooDeep(found.pointer, ', through YAML aliases');
  if (found.kind === 'loop') {
    return {
      code: 'load/alias-loop',
      pointer: found.pointer,
      message: `${shortPointer(found.pointer)} is a YAML alias of ${shortPointer(found.of)}, which holds it: the document would nest without end`,
      hint: 'remove the alias; a $ref, unlike an alias, may name a schema that holds it',
    };
  }
  return {
    code: 'load/alias-expansion',
    pointer: found.pointer,
    message: `YAML aliases expand ${shortPointer(found.pointer)} to more than ${MAX_EXPANDED_VALUES.toLocaleString('en-US')} values (each alias is read as a copy of what it names)`,
    hint: 'write each shared part once, under components, and $ref it instead of aliasing aliases',
  };
}

function placeOf(text: string, offset: number): { line: number; col: number } {
  let line = 1;
  let lineStart = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) {
    line++;
    lineStart = at + 1;
  }
  return { line, col: offset - lineStart + 1 };
}
