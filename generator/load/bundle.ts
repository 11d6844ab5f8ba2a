import { bundle, type BaseResolver, type Config, type Document, type NormalizedProblem } from '@redocly/openapi-core';
import { decodeToken, unescapeToken } from '../json-pointer.js';
import { parsedAsJson, shortPointer } from './locate.js';
import { findRefChainProblem, findRefCycle, MAX_REF_CHAIN } from './ref-chains.js';
import { fail } from '../problems.js';

type Locate = (pointer: string) => { line: number; col: number } | undefined;

/** The bundled document and what bundling reported. */
export interface Bundled {
  document: unknown;
  problems: NormalizedProblem[];
}

/**
 * Bundles the document (external `$ref`s pulled in, internal ones kept). A chain of `$ref`s that
 * comes back to itself with nothing in between names no schema at all: redocly throws on it (lint
 * too), so it is refused first, at the first link of the chain, as is a chain longer than
 * {@link MAX_REF_CHAIN}; one made by bundling turns redocly's throw into the same problem.
 *
 * A document whose every `$ref` already points at something inside it, read with a config that
 * has no decorators or preprocessors, is its own bundle: redocly's pass (resolving every reference
 * and walking the whole document) would change nothing, and it took 0.4 s of GitHub's document.
 * Any other document, a broken one included, is bundled by redocly, which reports what is wrong.
 */
export async function bundleOrFail(options: { root: Document; config: Config; resolver: BaseResolver; shown: string; locate: Locate }): Promise<Bundled> {
  const { root, config, resolver, shown, locate } = options;
  const fromJson = parsedAsJson(root.source);
  const chain = findRefChainProblem(root.parsed, { fromJson, maxLength: MAX_REF_CHAIN });
  if (chain?.kind === 'cycle') failCycle(chain.chain, shown, locate);
  if (chain?.kind === 'long') {
    fail({
      code: 'load/ref-chain',
      file: shown,
      ...locate(chain.from),
      pointer: chain.from,
      message: `${shortPointer(chain.from)} starts a chain of ${chain.length.toLocaleString('en-US')} $refs, each naming another $ref; podcast-gen follows at most ${MAX_REF_CHAIN}`,
      hint: 'point the $refs at the schema they mean rather than at another bare $ref',
    });
  }
  if (isOwnBundle(root.parsed, config, fromJson)) return { document: root.parsed, problems: [] };
  // Bundling changes the root in place: what wants it as written takes it now.
  try {
    const bundled = await bundle({ doc: root, config, externalRefResolver: resolver, dereference: false });
    return { document: bundled.bundle.parsed, problems: bundled.problems };
  } catch (error) {
    const cycle = findRefCycle(root.parsed);
    if (cycle) failCycle(cycle, shown, locate);
    fail({ code: 'load/bundle', file: shown, message: `cannot resolve the document's $refs: ${(error as Error).message}`, hint: 'check the $refs of the document' });
  }
}

/**
 * True when bundling `document` would change nothing: the config transforms nothing, no chain of
 * `$ref`s loops, and every `$ref` (and discriminator mapping) names a node inside the document
 * that exists and sits where redocly keeps an internal reference as written (see {@link REF_PLACES}).
 * `fromJson`: the document is as JSON.parse made it, so no node of it sits in two places.
 */
export function isOwnBundle(document: unknown, config: Config, fromJson = false): boolean {
  return !transformsDocument(config) && refsStayAsWritten(document, fromJson) && findRefCycle(document) === undefined;
}

/**
 * Where a `$ref` names an OpenAPI object (a schema, a parameter, a response, ...), so that
 * redocly's bundler keeps an internal one as written. A `$ref` where redocly's types expect plain
 * data (a schema's `example`, an extension's value, a link's `requestBody`) is replaced by what it
 * names instead; a document with one anywhere else is bundled by redocly, as is one with a `$ref`
 * under a `links` or `x-` key. test/unit/own-bundle.test.ts holds these keys to redocly's types.
 */
export const REF_PLACES = {
  /** The object under one of these keys is an OpenAPI object. */
  keys: ['schema', 'items', 'additionalProperties', 'not', 'requestBody'],
  /** Each item of an array under one of these keys is. */
  arrays: ['allOf', 'oneOf', 'anyOf', 'parameters'],
  /** Each entry of a map under one of these keys is. */
  maps: ['properties', 'schemas', 'responses', 'parameters', 'examples', 'requestBodies', 'headers', 'securitySchemes', 'callbacks'],
  /** Nothing under these keys is looked at this way. */
  excluded: (key: string) => key === 'links' || key.startsWith('x-'),
} as const;

/** Whether the config turns on a decorator or a preprocessor (either may change the document). */
export function transformsDocument(config: Config): boolean {
  const { decorators, preprocessors } = config as unknown as Record<'decorators' | 'preprocessors', Record<string, Record<string, unknown>> | undefined>;
  const on = (settings: unknown) => settings !== 'off' && (settings as { severity?: unknown } | undefined)?.severity !== 'off';
  return [decorators, preprocessors].some((byVersion) => Object.values(byVersion ?? {}).some((rules) => Object.values(rules ?? {}).some(on)));
}

function refsStayAsWritten(document: unknown, fromJson: boolean): boolean {
  const keys = new Set<string>(REF_PLACES.keys);
  const arrays = new Set<string>(REF_PLACES.arrays);
  const maps = new Set<string>(REF_PLACES.maps);
  // The same references recur throughout (an `Error` schema, a shared parameter): each is looked up once.
  const found = new Map<string, boolean>();
  const inside = (ref: unknown): boolean => {
    if (typeof ref !== 'string' || !ref.startsWith('#')) return false;
    let exists = found.get(ref);
    if (exists === undefined) found.set(ref, (exists = existsAt(document, ref)));
    return exists;
  };
  // YAML aliases can make one node appear twice, or inside itself: each is looked at once. JSON
  // cannot (a third of the walk's time on 5,000 operations went to this set).
  const seen = fromJson ? undefined : new Set<object>();
  /** `key`: the key the node sits under (an array's own key for its items); `parentKey`: its parent's. */
  const stays = (node: unknown, key: string | undefined, parentKey: string | undefined, inArray: boolean, excluded: boolean): boolean => {
    if (!node || typeof node !== 'object' || seen?.has(node)) return true;
    seen?.add(node);
    if (Array.isArray(node)) {
      for (const item of node) if (!stays(item, key, parentKey, true, excluded)) return false;
      return true;
    }
    const record = node as Record<string, unknown>;
    if ('$ref' in record) {
      const kept = !excluded && key !== undefined && (inArray ? arrays.has(key) : keys.has(key) || (parentKey !== undefined && maps.has(parentKey)));
      if (!kept || !inside(record.$ref)) return false;
    }
    const mapping = (record.discriminator as { mapping?: unknown } | undefined)?.mapping;
    if (mapping && typeof mapping === 'object' && !Object.values(mapping).every(inside)) return false;
    for (const child in record) {
      if (!stays(record[child], child, key, false, excluded || REF_PLACES.excluded(child))) return false;
    }
    return true;
  };
  return stays(document, undefined, undefined, false, false);
}

/** Whether a `#/...` pointer names an own property (or item) all the way down. */
function existsAt(document: unknown, pointer: string): boolean {
  let node: unknown = document;
  for (const token of pointer.slice(1).split('/').slice(1)) {
    const key = decodeToken(token);
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return false;
    node = (node as Record<string, unknown>)[key];
  }
  return true;
}

/** A loop of `$ref`s (pointers, the first repeated at the end) as a problem at its first link. */
function failCycle(cycle: readonly string[], shown: string, locate: Locate): never {
  const names = cycle.map(lastSegment);
  const links = names.length - 1;
  const chain = links > 10 ? `${names.slice(0, 3).join(' -> ')} -> … -> ${names.slice(-2).join(' -> ')} (${links.toLocaleString('en-US')} $refs)` : names.join(' -> ');
  const schemas = cycle.every((pointer) => pointer.startsWith('#/components/schemas/'));
  fail({
    code: 'load/circular-ref',
    file: shown,
    ...locate(cycle[0] as string),
    message: `${chain}: the $ref chain refers to itself with no schema in between`,
    hint: schemas ? 'make one of them a schema (e.g. an object whose property refers back) instead of a bare $ref' : 'make one of them the object itself instead of a bare $ref',
  });
}

function lastSegment(pointer: string): string {
  return unescapeToken(pointer.split('/').at(-1) ?? pointer);
}
