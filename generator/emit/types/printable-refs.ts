import { decodeToken, escapeToken, getByPointer } from '../../json-pointer.js';
import { hasObjectEnum } from './object-enums.js';
import { subschemaKeyword } from '../../subschemas.js';

/**
 * A copy of the document in which every `$ref` is one openapi-typescript prints as an index that
 * exists. It prints a ref as an index along the pointer, leaving out only `properties` segments
 * (`#/components/schemas/A/definitions/B` as `components["schemas"]["A"]["definitions"]["B"]`),
 * so an index compiles only into a component or its properties. The others:
 * - a ref below a schema component other than through `properties` (its `definitions` or `$defs`,
 *   `items`, `allOf/0`): the target becomes a schema component of its own, named by the rest of the
 *   pointer as written (`A/definitions/B`: no component's own name has a `/`), and the ref points
 *   there. Its refs are rewritten in turn, so a definition that refers to itself stays one type.
 * - a ref into part of a path item (`#/paths/~1a/post/...`), or below another component (a
 *   parameter's `schema`): replaced by what it points at. Through an optional part (`requestBody?`)
 *   such an index does not compile; the target itself (usually a `$ref` into components) does. A ref
 *   to a whole path item (the same operations served at a second path) stays: inlined, its
 *   operations would be printed twice. A ref met again inside its own target stays as it is (that
 *   cycle cannot be inlined).
 */
export function printableRefs<T>(document: T, { facts = printingFacts(document) }: { facts?: PrintingFacts } = {}): T {
  // Most documents have none: the document itself.
  if (!facts.partRefs) return document;
  // Component name -> its target, in the order first met.
  const hoisted = new Map<string, unknown>();
  const copy = (node: unknown, inlining: ReadonlySet<string>): unknown => {
    if (Array.isArray(node)) return node.map((item) => copy(item, inlining));
    if (!node || typeof node !== 'object') return node;
    const ref = (node as { $ref?: unknown }).$ref;
    const part = typeof ref === 'string' && isPartRef(ref, document) ? ref : undefined;
    const target = part === undefined ? undefined : getByPointer(document, part);
    const name = part !== undefined && target !== undefined && part.startsWith(SCHEMAS) ? part.slice(SCHEMAS.length) : undefined;
    if (part !== undefined && target !== undefined && name === undefined && !inlining.has(part)) return copy(target, new Set([...inlining, part]));
    const out = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, copy(value, inlining)]));
    if (name !== undefined) {
      hoisted.set(name, target);
      out.$ref = `${SCHEMAS}${escapeToken(name)}`;
    }
    return out;
  };
  const printable = copy(document, new Set()) as { components: { schemas: Record<string, unknown> } };
  // A Map's iteration reaches entries added meanwhile: the targets' own refs hoist theirs.
  for (const [name, target] of hoisted) printable.components.schemas[name] ??= copy(target, new Set());
  return printable as T;
}

const SCHEMAS = '#/components/schemas/';

/** A ref into part of a path item (`#/paths/~1a/post/...`, not a whole path item), or below a component other than through `properties/<name>`. */
function isPartRef(ref: string, document: unknown): boolean {
  if (/^#\/paths\/[^/]+\/./.test(ref)) return true;
  if (!ref.startsWith('#/components/')) return false;
  const below = ref.split('/').slice(4);
  if (pointsIntoData(below)) return false;
  return below.length % 2 === 1 || below.some((token, i) => i % 2 === 0 && token !== 'properties') || throughOptional(ref, below.length / 2, document);
}

/**
 * Whether an index along `properties` passes through a property that may be absent or null
 * (`["relationships"]["owner"]`, with `relationships` optional; test/unit/printable-refs.test.ts): its
 * type then has `undefined` or `null` in it, which has no property to index (TS2339). The last
 * property may be either: its own type is what the ref names.
 */
function throughOptional(ref: string, depth: number, document: unknown): boolean {
  if (depth < 2) return false;
  const tokens = ref.split('/');
  let node = getByPointer(document, tokens.slice(0, 4).join('/')) as { properties?: Record<string, unknown>; required?: unknown } | undefined;
  for (let i = 0; i < depth - 1; i++) {
    const name = decodeToken(tokens[5 + 2 * i] as string);
    const child = node?.properties?.[name] as { nullable?: unknown; type?: unknown; properties?: Record<string, unknown> } | undefined;
    const nullable = child?.nullable === true || (Array.isArray(child?.type) && child.type.includes('null'));
    if (!child || !Array.isArray(node?.required) || !node.required.includes(name) || nullable) return true;
    node = child;
  }
  return false;
}

/** Keywords whose values are data, never schemas. */
const DATA_KEYWORDS = new Set(['example', 'examples', 'default', 'const', 'enum']);
/** Whether a keyword is followed by a name or an index (it holds a map or a list of schemas), not by another keyword. */
function namesNext(token: string): boolean {
  const shape = subschemaKeyword(token)?.shape;
  return shape === 'map' || shape === 'list';
}

/**
 * Whether the tokens below a component's name reach into data (`A/example`, an example's value
 * referred to from another example): no schema is there to print, and
 * a ref written in an example is data as well, left as it is.
 */
function pointsIntoData(below: readonly string[]): boolean {
  for (let i = 0; i < below.length; i++) {
    const token = below[i] as string;
    if (DATA_KEYWORDS.has(token)) return true;
    if (namesNext(token)) i++;
  }
  return false;
}

/** What printing a document depends on, found in one walk of it. */
export interface PrintingFacts {
  /** Some `$ref` points into part of a path item, or below a component other than through `properties` (the copy rewrites it). */
  partRefs: boolean;
  /**
   * Some object has a `discriminator`: only then does openapi-typescript write into the document it
   * prints (the discriminator enums of `scanDiscriminators`, undone after: discriminator-scan.ts),
   * and only then does that scan, a walk of the whole document, find anything: it is skipped otherwise.
   */
  discriminators: boolean;
  /** Some `type: object` schema has an `enum` (printed apart: object-enums.ts). */
  objectEnums: boolean;
}

/** Walks the document once for {@link PrintingFacts}. */
export function printingFacts(document: unknown): PrintingFacts {
  const facts: PrintingFacts = { partRefs: false, discriminators: false, objectEnums: false };
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    if (hasObjectEnum(node)) facts.objectEnums = true;
    for (const key of Object.keys(node)) {
      const value = (node as Record<string, unknown>)[key];
      if (key === '$ref' && typeof value === 'string' && isPartRef(value, document)) facts.partRefs = true;
      else if (key === 'discriminator') facts.discriminators = true;
      walk(value);
    }
  };
  walk(document);
  return facts;
}
