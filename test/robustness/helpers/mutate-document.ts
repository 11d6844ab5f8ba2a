/**
 * Mutations of a parsed OpenAPI document, for the document fuzzer: pure functions from a JSON value
 * and a description (plain data that fast-check draws) to a new value. The input is never changed,
 * so a case is its base document and its descriptions, replayable from the seed alone.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** What a mutation does at the place it picks. */
export const MUTATION_KINDS = ['delete', 'retype', 'odd-key', 'odd-string', 'ref', 'recursive'] as const;
type MutationKind = (typeof MUTATION_KINDS)[number];

/** Where a mutation picks its place: anywhere, at an OpenAPI keyword or map entry, or at an existing `$ref`. */
const POOLS = ['any', 'structural', 'ref'] as const;
type Pool = (typeof POOLS)[number];

/** One mutation: `pick` chooses the place in the pool, `variant` what is put there. */
export interface Mutation {
  kind: MutationKind;
  pool: Pool;
  pick: number;
  variant: number;
}

/** A place in the document, as its path of keys (array indexes as numbers). */
export type Path = (string | number)[];

/** Keys whose value the generator reads as structure (not prose or examples). */
const KEYWORDS = new Set([
  '$ref',
  'schema',
  'schemas',
  'properties',
  'items',
  'additionalProperties',
  'allOf',
  'oneOf',
  'anyOf',
  'not',
  'discriminator',
  'mapping',
  'propertyName',
  'responses',
  'requestBody',
  'content',
  'parameters',
  'paths',
  'components',
  'definitions',
  'required',
  'type',
  'in',
  'name',
  'headers',
  'callbacks',
  'webhooks',
  'security',
  'securitySchemes',
  'servers',
  'enum',
  'format',
  'nullable',
  'operationId',
  'default',
  'const',
  'openapi',
  'swagger',
  'info',
  'consumes',
  'produces',
  'basePath',
]);

/** Keys whose value is a map or list of things the generator names or walks. */
const CONTAINERS = new Set([
  'paths',
  'responses',
  'properties',
  'schemas',
  'definitions',
  'content',
  'parameters',
  'mapping',
  'headers',
  'securitySchemes',
  'webhooks',
  'callbacks',
  'allOf',
  'oneOf',
  'anyOf',
  'required',
  'enum',
  'servers',
]);

/** Keys that break code, files or prototypes when taken as names. */
const ODD_KEYS: readonly string[] = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '',
  ' ',
  '$ref',
  '200',
  'default',
  '-1',
  'NaN',
  'get',
  '/',
  '~1',
  '~0',
  '#',
  '{id}',
  '../../evil',
  'a\u0000b',
  'x-\u2028',
  '🎙️',
  'x'.repeat(300),
  'then',
];

/** Strings that break parsers, templates, regular expressions or generated code when copied into them. */
const ODD_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  '\u2028\u2029',
  '${process.exit(1)}',
  '`',
  '*/ throw 1; /*',
  '</script>',
  "'; DROP TABLE x; --",
  '{{#each x}}{{/each}}',
  '{{{x}}}',
  '\\',
  '"',
  'NaN',
  '1e309',
  'null',
  '__proto__',
  '#/components',
  '(a+)+$',
  '[',
  '\u202Eevil',
  '🎙️'.repeat(50),
  'y'.repeat(5000),
  '\uD800',
  '/{id}/{id}',
  '{',
];

/** Values of other types than the one they replace. */
const RETYPED: readonly Json[] = [null, true, 0, -1, 1.5, 1e308, '', 'text', [], {}, [1, 'a', null], { a: 1 }, '200'];

/** `$ref` targets that name no place. */
const MISSING_REFS: readonly string[] = [
  '#/components/schemas/Nope',
  '#/nope',
  '#/paths/~1nope/get',
  'missing.yaml',
  'missing.yaml#/components/schemas/X',
  './',
  '#/components/schemas/',
  '#/0',
  '#/definitions/Nope',
];

/** `$ref`s that are not references as JSON Pointer reads them. */
const ODD_REFS: readonly string[] = ['', '#', '#/', '#//', '%', '#/%zz', 'x y', '#/components/schemas/~2', '\u0000', 'z'.repeat(300), `#${'/a'.repeat(200)}`];

/** `$ref` values of other types than a string. */
const NON_STRING_REFS: readonly Json[] = [42, null, true, {}, [], { $ref: '#' }, ['#/components'], -0.5];

/** Maps the generator walks, as `$ref` targets (a reference to all of them at once). */
const MAP_REFS: readonly string[] = [
  '#/components/schemas',
  '#/components',
  '#/paths',
  '#/components/responses',
  '#/components/parameters',
  '#/definitions',
  '#/responses',
];

/** Applies the mutations in order, each to the result of the one before; returns a new value. */
export function mutateDocument(document: Json, mutations: readonly Mutation[]): Json {
  let result = structuredClone(document);
  for (const mutation of mutations) result = applyMutation(result, mutation);
  return result;
}

/** Every place below the root, depth first, in document order. */
function allPaths(document: Json): Path[] {
  const paths: Path[] = [];
  const walk = (value: Json, path: Path) => {
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        paths.push([...path, index]);
        walk(item, [...path, index]);
      });
    } else if (isObject(value)) {
      for (const key of Object.keys(value)) {
        paths.push([...path, key]);
        walk(value[key] as Json, [...path, key]);
      }
    }
  };
  walk(document, []);
  return paths;
}

/** The places of one pool; `any` when the pool is empty in this document. */
function poolPaths(document: Json, pool: Pool): Path[] {
  const all = allPaths(document);
  const chosen = all.filter((path) => inPool(path, pool));
  return chosen.length > 0 ? chosen : all;
}

function inPool(path: Path, pool: Pool): boolean {
  const last = path[path.length - 1];
  const parent = path[path.length - 2];
  if (pool === 'ref') return last === '$ref';
  if (pool === 'structural') return (typeof last === 'string' && KEYWORDS.has(last)) || (typeof parent === 'string' && CONTAINERS.has(parent));
  return true;
}

/** `#/a/b~1c` for a path. */
function pointerOf(path: Path): string {
  return `#${path.map((segment) => `/${String(segment).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('')}`;
}

/** The map of reusable schemas of this document's version. */
function schemaMapPath(document: Json): Path {
  return isObject(document) && typeof document.swagger === 'string' ? ['definitions'] : ['components', 'schemas'];
}

function applyMutation(document: Json, mutation: Mutation): Json {
  if (mutation.kind === 'recursive') return addRecursion(document, mutation);
  const paths = poolPaths(document, mutation.pool);
  if (paths.length === 0) return document;
  const path = paths[mutation.pick % paths.length] as Path;
  const value = getAt(document, path);
  switch (mutation.kind) {
    case 'delete':
      return deleteAt(document, path);
    case 'retype':
      return setAt(document, path, retyped(value, mutation.variant));
    case 'odd-key':
      return addOddKey(document, path, mutation.variant);
    case 'odd-string':
      return oddString(document, path, mutation.variant);
    case 'ref':
      return pointRef(document, path, mutation.variant);
  }
}

/** A value of another type than `value`: a constant, `value` wrapped in a list, or its first member unwrapped. */
function retyped(value: Json, variant: number): Json {
  const options: Json[] = [...RETYPED, [value]];
  if (Array.isArray(value) && value.length > 0) options.push(value[0] as Json);
  if (isObject(value) && Object.keys(value).length > 0) options.push(value[Object.keys(value)[0] as string] as Json);
  for (let offset = 0; offset < options.length; offset++) {
    const option = options[(variant + offset) % options.length] as Json;
    if (typeOf(option) !== typeOf(value)) return option;
  }
  return null;
}

/** An odd key with a small value, added to the object at `path` (or the nearest object above it). */
function addOddKey(document: Json, path: Path, variant: number): Json {
  let target = path;
  while (target.length > 0 && !isObject(getAt(document, target))) target = target.slice(0, -1);
  const key = ODD_KEYS[variant % ODD_KEYS.length] as string;
  const values: Json[] = [{}, 'x', null, { $ref: '#' }, [], { type: 'string' }];
  const object = getAt(document, target) as JsonObject;
  defineOwn(object, key, values[Math.floor(variant / ODD_KEYS.length) % values.length] as Json);
  return document;
}

/** An odd string in place of the string at `path` (or the first string below it), or, on odd variants, as its key. */
function oddString(document: Json, path: Path, variant: number): Json {
  const odd = ODD_STRINGS[Math.floor(variant / 2) % ODD_STRINGS.length] as string;
  const parent = getAt(document, path.slice(0, -1));
  const key = path[path.length - 1] as string | number;
  if (variant % 2 === 1 && isObject(parent) && typeof key === 'string') {
    // The renamed key keeps its place among its siblings, as an edited document would.
    const entries = Object.entries(parent);
    for (const name of Object.keys(parent)) delete parent[name];
    for (const [name, value] of entries) defineOwn(parent, name === key ? odd : name, value);
    return document;
  }
  const value = getAt(document, path);
  if (typeof value !== 'string') {
    const inner = allPaths(value).find((sub) => typeof getAt(value, sub) === 'string');
    if (inner) return setAt(document, [...path, ...inner], odd);
  }
  return setAt(document, path, odd);
}

/**
 * A `$ref` at `path` (its value when `path` is a `$ref`, else the whole value replaced) to an ancestor,
 * itself, a map, a missing place, an odd string, a non-string or another place of the document.
 */
function pointRef(document: Json, path: Path, variant: number): Json {
  const isRef = path[path.length - 1] === '$ref';
  const holder = isRef ? path.slice(0, -1) : path;
  const choice = Math.floor(variant / 7);
  let target: Json;
  switch (variant % 7) {
    case 0:
      target = pointerOf(holder.slice(0, choice % (holder.length + 1)));
      break;
    case 1:
      target = pointerOf(holder);
      break;
    case 2: {
      // Maps that hold this place come first: a reference into what contains it.
      const around = holder
        .map((_, index) => holder.slice(0, index))
        .filter((sub) => typeof sub[sub.length - 1] === 'string' && CONTAINERS.has(sub[sub.length - 1] as string));
      const maps = [...around.map(pointerOf), ...MAP_REFS];
      target = maps[choice % maps.length] as string;
      break;
    }
    case 3:
      target = MISSING_REFS[choice % MISSING_REFS.length] as string;
      break;
    case 4:
      target = ODD_REFS[choice % ODD_REFS.length] as string;
      break;
    case 5:
      target = NON_STRING_REFS[choice % NON_STRING_REFS.length] as Json;
      break;
    default: {
      const all = allPaths(document);
      target = pointerOf(all[choice % all.length] ?? []);
    }
  }
  return isRef ? setAt(document, path, target) : setAt(document, path, { $ref: target });
}

/**
 * A valid recursive reference: an object schema of the document that holds itself (directly, in a
 * list, in a map, through a nested object, or through another schema that holds it back).
 */
function addRecursion(document: Json, mutation: Mutation): Json {
  const mapPath = schemaMapPath(document);
  const map = getAt(document, mapPath);
  const names = isObject(map) ? Object.keys(map).filter((name) => isObjectSchema(map[name] as Json)) : [];
  if (!isObject(map) || names.length === 0) return document;
  const name = names[mutation.pick % names.length] as string;
  const other = names[(mutation.pick + 1 + mutation.variant) % names.length] as string;
  const ref = (to: string): Json => ({ $ref: pointerOf([...mapPath, to]) });
  const propertiesOf = (schemaName: string): JsonObject => {
    const schema = map[schemaName] as JsonObject;
    if (!isObject(schema.properties ?? null)) schema.properties = {};
    return schema.properties as JsonObject;
  };
  switch (mutation.variant % 5) {
    case 0:
      propertiesOf(name).fuzzSelf = ref(name);
      break;
    case 1:
      propertiesOf(name).fuzzChildren = { type: 'array', items: ref(name) };
      break;
    case 2:
      propertiesOf(name).fuzzByKey = { type: 'object', additionalProperties: ref(name) };
      break;
    case 3:
      propertiesOf(name).fuzzNested = { type: 'object', properties: { up: ref(name) } };
      break;
    default:
      propertiesOf(name).fuzzPeer = ref(other);
      propertiesOf(other).fuzzBack = ref(name);
  }
  return document;
}

function isObjectSchema(schema: Json): boolean {
  if (!isObject(schema) || '$ref' in schema) return false;
  const type = schema.type;
  if (type === 'object' || (Array.isArray(type) && type.includes('object'))) return true;
  return type === undefined && isObject(schema.properties ?? null);
}

function getAt(document: Json, path: Path): Json {
  let value: Json = document;
  // An earlier mutation of the same case may have removed or retyped a step of the path.
  for (const segment of path) value = (value as Record<string | number, Json> | null | undefined)?.[segment] as Json;
  return value;
}

function setAt(document: Json, path: Path, value: Json): Json {
  if (path.length === 0) return value;
  const parent = getAt(document, path.slice(0, -1));
  const key = path[path.length - 1] as string | number;
  if (Array.isArray(parent)) parent[key as number] = value;
  else defineOwn(parent as JsonObject, key as string, value);
  return document;
}

function deleteAt(document: Json, path: Path): Json {
  const parent = getAt(document, path.slice(0, -1));
  const key = path[path.length - 1] as string | number;
  if (Array.isArray(parent)) parent.splice(key as number, 1);
  else delete (parent as JsonObject)[key as string];
  return document;
}

/** Sets an own property, `__proto__` included (an assignment would change the prototype instead). */
function defineOwn(object: JsonObject, key: string, value: Json): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

function isObject(value: Json): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typeOf(value: Json): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}
