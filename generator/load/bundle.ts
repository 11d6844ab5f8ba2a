import { bundle, type BaseResolver, type Config, type Document } from '@redocly/openapi-core';
import { escapeToken, getByPointer, unescapeToken } from '../json-pointer.js';
import { fail } from '../problems.js';

type Locate = (pointer: string) => { line: number; col: number } | undefined;
type Bundled = Awaited<ReturnType<typeof bundle>>;

/**
 * Bundles the document (external `$ref`s pulled in, internal ones kept). A chain of `$ref`s that
 * comes back to itself with nothing in between names no schema at all: redocly throws on it, and
 * this turns the throw into a problem at the first link of the chain.
 */
export async function bundleOrFail(options: { root: Document; config: Config; resolver: BaseResolver; shown: string; locate: Locate }): Promise<Bundled> {
  const { root, config, resolver, shown, locate } = options;
  try {
    return await bundle({ doc: root, config, externalRefResolver: resolver, dereference: false });
  } catch (error) {
    const cycle = findRefCycle(root.parsed);
    if (cycle) {
      fail({
        code: 'load/circular-ref',
        file: shown,
        ...locate(cycle[0] as string),
        message: `${cycle.map(lastSegment).join(' -> ')}: the $ref chain refers to itself with no schema in between`,
        hint: 'make one of them a schema (e.g. an object whose property refers back) instead of a bare $ref',
      });
    }
    fail({ code: 'load/bundle', file: shown, message: `cannot resolve the document's $refs: ${(error as Error).message}`, hint: 'check the $refs of the document' });
  }
}

/** The first chain of internal `$ref`-only nodes that loops (as pointers), if any. */
export function findRefCycle(document: unknown): string[] | undefined {
  const schemas = ((document as { components?: { schemas?: Record<string, unknown> } })?.components?.schemas ?? {}) as Record<string, unknown>;
  for (const name of Object.keys(schemas)) {
    const chain: string[] = [];
    let pointer: string | undefined = `#/components/schemas/${escapeToken(name)}`;
    while (pointer && !chain.includes(pointer)) {
      chain.push(pointer);
      pointer = refOf(getByPointer(document, pointer));
    }
    if (pointer) return [...chain.slice(chain.indexOf(pointer)), pointer];
  }
  return undefined;
}

function refOf(node: unknown): string | undefined {
  const ref = (node as { $ref?: unknown } | undefined)?.$ref;
  return typeof ref === 'string' && ref.startsWith('#/') ? ref : undefined;
}

function lastSegment(pointer: string): string {
  return unescapeToken(pointer.split('/').at(-1) ?? pointer);
}
