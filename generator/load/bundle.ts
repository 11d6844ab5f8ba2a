import { bundle, type BaseResolver, type Config, type Document, type NormalizedProblem } from '@redocly/openapi-core';
import { decodeToken, unescapeToken } from '../json-pointer.js';
import { parsedAsJson, shortPointer } from './locate.js';
import { findRefChainProblem, findRefCycle, MAX_REF_CHAIN } from './ref-chains.js';
import { fail } from '../problems.js';
import { subschemaKeywords } from '../subschemas.js';

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
 * A document whose every `$ref` points inside it, with a config that transforms nothing, is its own
 * bundle: {@link bundleInPlace} does what redocly's costly pass would, and skips it. Any other
 * document, a broken one included, is bundled by redocly, which reports what is wrong.
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
  if (bundleInPlace(root.parsed, config, fromJson)) return { document: root.parsed, problems: [] };
  // Bundling changes the root in place: what wants it as written takes it now.
  try {
    const bundled = await bundle({ doc: root, config, externalRefResolver: resolver, dereference: false });
    return { document: bundled.bundle.parsed, problems: bundled.problems };
  } catch (error) {
    const cycle = findRefCycle(root.parsed);
    if (cycle) failCycle(cycle, shown, locate);
    fail({
      code: 'load/bundle',
      file: shown,
      message: `cannot resolve the document's $refs: ${(error as Error).message}`,
      hint: 'check the $refs of the document',
    });
  }
}

/**
 * Bundles `document` in place and returns true when redocly's bundle would do no more than this:
 * the config transforms nothing, no chain of `$ref`s loops, every `$ref` (and discriminator
 * mapping) names a node inside the document that exists, and each sits either where redocly keeps
 * an internal reference as written (see {@link REF_PLACES}) or in plain data redocly does not walk;
 * an `example` that is a `$ref` is replaced by a copy of what it names, as redocly replaces it.
 * Otherwise returns false with `document` untouched, for redocly to bundle.
 * `fromJson`: the document is as JSON.parse made it, so no node of it sits in two places.
 */
export function bundleInPlace(document: unknown, config: Config, fromJson = false): boolean {
  if (transformsDocument(config)) return false;
  const copies = refsStayAsWritten(document, fromJson);
  if (!copies || findRefCycle(document) !== undefined) return false;
  for (const copy of copies) copy();
  // redocly's bundle gives every OpenAPI 3 document a `components` object, an empty one where it had
  // none; a Swagger 2.0 document has no such field, and lint would refuse it.
  const object = document as Record<string, unknown>;
  if (typeof object.openapi === 'string') object.components ??= {};
  return true;
}

/**
 * Where a `$ref` names an OpenAPI object (a schema, a parameter, a response, ...), so that
 * redocly's bundler keeps an internal one as written. Where redocly's types expect plain data, its
 * bundle either walks there and puts what a `$ref` names in its place (an `example`, an extension's
 * value or entry) or walks no further and keeps it as written (an Example's `value`, anything deeper
 * in an extension): see refsStayAsWritten. A document with a `$ref` anywhere else is bundled by
 * redocly, as is one with a `$ref` under `links`. test/unit/own-bundle.test.ts holds these keys to
 * redocly's types, and each data place to what redocly's bundle does.
 */
/** Each entry of a map under one of these keys is an OpenAPI object (3.0's schema maps: `properties`). */
const OBJECT_MAPS = [
  ...subschemaKeywords('3.0', 'map'),
  'schemas',
  'responses',
  'parameters',
  'examples',
  'requestBodies',
  'headers',
  'securitySchemes',
  'callbacks',
];

/** OpenAPI 3.0's keywords that hold one schema (`items`, `additionalProperties`, `not`): redocly's 3.0 types are the judge. */
const SCHEMA_KEYS = subschemaKeywords('3.0', 'schema');

export const REF_PLACES = {
  /** The object under one of these keys is an OpenAPI object. */
  keys: ['schema', ...SCHEMA_KEYS, 'requestBody'],
  /** Each item of an array under one of these keys is (3.0's lists of schemas: `allOf`, `oneOf`, `anyOf`). */
  arrays: [...subschemaKeywords('3.0', 'list'), 'parameters'],
  /** Each entry of a map under one of these keys is. */
  maps: OBJECT_MAPS,
  /**
   * The keys of a map under one of these are names, and an `x-` one is looked at as an entry, not
   * an extension: most of redocly's map types have no extension prefix, so it walks even an `x-`
   * entry as an OpenAPI object.
   */
  names: [...OBJECT_MAPS, 'links', 'content', 'variables', 'encoding', 'webhooks', 'patternProperties', 'pathItems', 'definitions', '$defs'],
  /** Nothing under these keys is looked at this way. */
  excluded: (key: string) => key === 'links' || key.startsWith('x-'),
} as const;

/** Whether the config turns on a decorator or a preprocessor (either may change the document). */
export function transformsDocument(config: Config): boolean {
  const { decorators, preprocessors } = config as unknown as Record<'decorators' | 'preprocessors', Record<string, Record<string, unknown>> | undefined>;
  const on = (settings: unknown) => settings !== 'off' && (settings as { severity?: unknown } | undefined)?.severity !== 'off';
  return [decorators, preprocessors].some((byVersion) => Object.values(byVersion ?? {}).some((rules) => Object.values(rules ?? {}).some(on)));
}

/**
 * The copies that make `document` its bundle (one per `example` that is a `$ref`), or undefined
 * when some `$ref` is not where redocly keeps it or replaces it as checked.
 */
function refsStayAsWritten(document: unknown, fromJson: boolean): (() => void)[] | undefined {
  const keys = new Set<string>(REF_PLACES.keys);
  const arrays = new Set<string>(REF_PLACES.arrays);
  const maps = new Set<string>(REF_PLACES.maps);
  const names = new Set<string>(REF_PLACES.names);
  const copies: (() => void)[] = [];
  // The same references recur throughout (an `Error` schema, a shared parameter): each is looked up once.
  const found = new Map<string, unknown>();
  const missing = Symbol('missing');
  const target = (ref: unknown): unknown => {
    if (typeof ref !== 'string' || !ref.startsWith('#')) return missing;
    if (!found.has(ref)) found.set(ref, nodeAt(document, ref) ?? missing);
    return found.get(ref);
  };
  const inside = (ref: unknown): boolean => target(ref) !== missing;
  // YAML aliases can make one node appear twice, or inside itself: each is looked at once. JSON
  // cannot, and is spared the set, a costly part of the walk.
  const seen = fromJson ? undefined : new Set<object>();
  const seenData = fromJson ? undefined : new Set<object>();
  /** Data redocly does not walk: every `$ref` in it only has to name something inside the document. */
  const dataInside = (node: unknown): boolean => {
    if (!node || typeof node !== 'object' || seenData?.has(node)) return true;
    seenData?.add(node);
    if (Array.isArray(node)) return node.every(dataInside);
    const record = node as Record<string, unknown>;
    if ('$ref' in record && !inside(record.$ref)) return false;
    for (const child in record) if (!dataInside(record[child])) return false;
    return true;
  };
  /**
   * `key`: the key the node sits under (an array's own key for its items); `parentKey`: its
   * parent's; `role`: what the node is, as far as data places go (see {@link Role}).
   */
  const stays = (node: unknown, key: string | undefined, parentKey: string | undefined, inArray: boolean, excluded: boolean, role: Role): boolean => {
    if (!node || typeof node !== 'object' || seen?.has(node)) return true;
    seen?.add(node);
    if (Array.isArray(node)) {
      const itemRole = key !== undefined && arrays.has(key) ? 'holder' : 'other';
      for (const item of node) if (!stays(item, key, parentKey, true, excluded, itemRole)) return false;
      return true;
    }
    const record = node as Record<string, unknown>;
    if ('$ref' in record) {
      const kept = !excluded && key !== undefined && (inArray ? arrays.has(key) : keys.has(key) || (parentKey !== undefined && maps.has(parentKey)));
      if (!kept || !inside(record.$ref)) return false;
    }
    const mapping = (record.discriminator as { mapping?: unknown } | undefined)?.mapping;
    if (mapping && typeof mapping === 'object' && !Object.values(mapping).every(inside)) return false;
    const isMap = role === 'map';
    const entryRole: Role = !isMap ? 'other' : key === 'examples' ? 'example' : EXAMPLE_HOLDERS.maps.has(key as string) ? 'holder' : 'other';
    for (const child in record) {
      const value = record[child];
      if (!isMap && !excluded) {
        if (role === 'holder' && child === 'example' && isRefObject(value)) {
          // redocly's types call the `example` of a schema, media type, parameter or header data,
          // so its bundle puts what the `$ref` names in its place. It walks no further, so a copy
          // with `$ref`s inside would depend on the order it replaces in: that is left to redocly,
          // as is an `example` next to a `$ref`.
          const named = target(value.$ref);
          if (named === missing || containsRef(named) || '$ref' in record) return false;
          copies.push(() => replaceRef(record, child, value, named));
          continue;
        }
        // redocly's types mark an Example's `value` unresolvable: its bundle does not walk it.
        if (role === 'example' && child === 'value') {
          if (!dataInside(value)) return false;
          continue;
        }
        // redocly's bundle walks an `x-` key's value (declared by its types or not) as a spec
        // extension: it replaces a `$ref` that is the value or one of its entries, and walks no deeper.
        if (child.startsWith('x-')) {
          const entries = value && typeof value === 'object' && !Array.isArray(value) ? Object.values(value) : [];
          if (isRefObject(value) || entries.some(isRefObject) || !dataInside(value)) return false;
          continue;
        }
      }
      const childRole: Role = isMap ? entryRole : names.has(child) ? 'map' : EXAMPLE_HOLDERS.keys.has(child) ? 'holder' : 'other';
      // A map's entry is a name (a schema property may be called `links`): only an `x-` one is set apart.
      const setApart = isMap ? child.startsWith('x-') : REF_PLACES.excluded(child);
      if (!stays(value, child, key, false, excluded || setApart, childRole)) return false;
    }
    return true;
  };
  return stays(document, undefined, undefined, false, false, 'other') ? copies : undefined;
}

/**
 * What a node is, from the keys above it: a map whose keys are names (under one of
 * REF_PLACES.names), an object with an `example` redocly calls data (a schema, media type,
 * parameter or header: see {@link EXAMPLE_HOLDERS}), an Example object, or something else.
 */
type Role = 'map' | 'holder' | 'example' | 'other';

/** Where the objects whose `example` redocly's types call data sit (each item of REF_PLACES.arrays is one too). */
const EXAMPLE_HOLDERS = {
  /** The object under one of these keys is a schema. */
  keys: new Set(['schema', ...SCHEMA_KEYS]),
  /** Each entry of a map under one of these keys is a schema, media type, parameter or header. */
  maps: new Set(['properties', 'schemas', 'parameters', 'headers', 'content']),
};

function isRefObject(value: unknown): value is { $ref: unknown } {
  return !!value && typeof value === 'object' && !Array.isArray(value) && '$ref' in value;
}

function containsRef(node: unknown): boolean {
  if (!node || typeof node !== 'object') return false;
  if (Array.isArray(node)) return node.some(containsRef);
  return '$ref' in node || Object.values(node).some(containsRef);
}

/** What redocly's bundle does to a `$ref` where its types expect data (its ref-utils `replaceRef`). */
function replaceRef(parent: Record<string, unknown>, key: string, ref: { $ref?: unknown }, named: unknown): void {
  if (!named || typeof named !== 'object' || Array.isArray(named)) {
    parent[key] = named;
    return;
  }
  delete ref.$ref;
  Object.assign(ref, { ...named, ...ref });
}

/** What a `#/...` pointer names, own properties (or items) all the way down; undefined if nothing. */
function nodeAt(document: unknown, pointer: string): unknown {
  let node: unknown = document;
  for (const token of pointer.slice(1).split('/').slice(1)) {
    const key = decodeToken(token);
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** A loop of `$ref`s (pointers, the first repeated at the end) as a problem at its first link. */
function failCycle(cycle: readonly string[], shown: string, locate: Locate): never {
  const names = cycle.map(lastSegment);
  const links = names.length - 1;
  const chain =
    links > 10 ? `${names.slice(0, 3).join(' -> ')} -> … -> ${names.slice(-2).join(' -> ')} (${links.toLocaleString('en-US')} $refs)` : names.join(' -> ');
  const schemas = cycle.every((pointer) => pointer.startsWith('#/components/schemas/'));
  fail({
    code: 'load/circular-ref',
    file: shown,
    ...locate(cycle[0] as string),
    message: `${chain}: the $ref chain refers to itself with no schema in between`,
    hint: schemas
      ? 'make one of them a schema (e.g. an object whose property refers back) instead of a bare $ref'
      : 'make one of them the object itself instead of a bare $ref',
  });
}

function lastSegment(pointer: string): string {
  return unescapeToken(pointer.split('/').at(-1) ?? pointer);
}
