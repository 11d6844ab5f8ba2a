import type { Config, NormalizedProblem } from '@redocly/openapi-core';
import { pointerJoin } from '../json-pointer.js';
import { displayPath } from '../load/display-path.js';
import { locatePointer, parsedAsJson } from '../load/locate.js';
import { isOneFile, type LoadedSpec } from '../load/read-spec.js';
import { toProblems, unplacedProblems, type UnplacedProblem } from '../load/redocly-problems.js';
import { PodcastGenError, type Problem } from '../problems.js';
import { lintOnce } from './lint-run.js';

/**
 * Lints the loaded document with the config's rules (redocly's and podcast-gen's), reusing the read.
 * Problems come in the order redocly's walk met them; whoever prints them sorts them (`byPlace`), so
 * that the places of warnings nobody prints are never looked up.
 */
export async function lintSpec(spec: LintedSpec, config: Config, cwd: string = process.cwd(), parsed: unknown = spec.root.parsed): Promise<Problem[]> {
  return toProblems(await lintRoot(spec, config, cwd, parsed), cwd);
}

/** {@link lintSpec}'s problems without their places, for a document of one file: what the side thread sends. */
export async function lintSpecUnplaced(spec: LintedSpec, config: Config, cwd: string, parsed: unknown): Promise<UnplacedProblem[]> {
  return unplacedProblems(await lintRoot(spec, config, cwd, parsed), cwd);
}

/** What lint reads of the loaded document: its root file as read, the resolver of the files it names, and whether it was Swagger 2.0. */
type LintedSpec = Pick<LoadedSpec, 'root' | 'resolver' | 'converted'>;

async function lintRoot(spec: LintedSpec, config: Config, cwd: string, parsed: unknown): Promise<NormalizedProblem[]> {
  try {
    // `parsed`: the root as written, or a part of it whose places are the same (a selection of operations).
    const document = parsed === spec.root.parsed ? spec.root : { ...spec.root, parsed };
    // A selection, a document of several files or one in Swagger 2.0 is resolved by redocly.
    const ownResolution = document === spec.root && isOneFile(spec);
    return await lintOnce({ document, config, externalRefResolver: spec.resolver, ownResolution, fromJson: parsedAsJson(spec.root.source) });
  } catch (error) {
    throw methodShadowed(error, spec, cwd) ?? error;
  }
}

/**
 * Some of redocly's rules call a method on the document's own objects (`node.hasOwnProperty(...)`),
 * which fails where the document has a key of that name: the failure becomes a problem at that key.
 */
function methodShadowed(error: unknown, spec: LintedSpec, cwd: string): PodcastGenError | undefined {
  const name = error instanceof TypeError ? /\b(\w+) is not a function\b/.exec(error.message)?.[1] : undefined;
  if (!name || !(name in Object.prototype)) return undefined;
  const pointer = ownKeyPointer(spec.root.parsed, name, '#', new Set());
  if (pointer === undefined) return undefined;
  const place = locatePointer(spec.root.source, pointer, true);
  return new PodcastGenError([
    {
      severity: 'error',
      code: 'lint/key-named-like-method',
      file: displayPath(spec.root.source.absoluteRef, cwd),
      ...(place ?? {}),
      pointer,
      message: `a key named \`${name}\`, as a method every object has, stops a rule of the lint config from reading the document`,
      hint: "rename the key, or lint with podcast-gen's generic preset, whose rules read such keys",
    },
  ]);
}

/** The pointer of the first own key named `name` in the document, in document order. */
function ownKeyPointer(node: unknown, name: string, pointer: string, seen: Set<object>): string | undefined {
  if (node === null || typeof node !== 'object' || seen.has(node)) return undefined;
  seen.add(node);
  const entries: [string | number, unknown][] = Array.isArray(node) ? node.map((value, index) => [index, value]) : Object.entries(node);
  for (const [key, value] of entries) {
    if (key === name) return pointerJoin(pointer, key);
    const found = ownKeyPointer(value, name, pointerJoin(pointer, key), seen);
    if (found !== undefined) return found;
  }
  return undefined;
}
