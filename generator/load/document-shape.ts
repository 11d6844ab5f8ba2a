import { getByPointer, pointerJoin } from '../json-pointer.js';
import { PodcastGenError, type Problem } from '../problems.js';
import { shortPointer } from './locate.js';
import { SUBSCHEMA_KEYWORDS } from '../subschemas.js';
import { OPERATION_METHODS } from './operation-methods.js';

type Locate = (pointer: string, onKey?: boolean) => { line: number; col: number } | undefined;

/**
 * What a place of the document holds, as far as the model and the emitters read it: one OpenAPI
 * object (`schema`, `parameter`, ...), or a container of them (`map:schema` is the map of schemas
 * under `properties` or `components/schemas`).
 */
type Kind = string;

/** How a field holds its child: one object, a list of them, or a map of them by name. */
interface Field {
  kind: Kind;
  shape: 'one' | 'list' | 'map';
  /** A list of such objects is read too (JSON Schema's old tuple form of `items`). */
  orList?: boolean;
  /** An entry of the map may be a list of names instead (draft 7's `dependencies`). */
  orNames?: boolean;
}

const one = (kind: Kind): Field => ({ kind, shape: 'one' });
const list = (kind: Kind): Field => ({ kind, shape: 'list' });
const map = (kind: Kind): Field => ({ kind, shape: 'map' });

/** A schema's fields: the keywords that hold schemas (subschemas.ts), and the discriminator. */
const SCHEMA_FIELDS: Record<string, Field> = {
  ...Object.fromEntries(
    Object.entries(SUBSCHEMA_KEYWORDS).map(([key, keyword]) => {
      const field: Field = { kind: 'schema', shape: keyword.shape === 'schema' ? 'one' : keyword.shape };
      if (keyword.tuple) field.orList = true;
      if (keyword.names) field.orNames = true;
      return [key, field];
    }),
  ),
  discriminator: one('discriminator'),
};

/** The fields of each kind that hold OpenAPI objects, for OpenAPI 3.x. */
const OAS3: Record<Kind, Record<string, Field>> = {
  document: {
    info: one('info'),
    paths: map('pathItem'),
    webhooks: map('pathItem'),
    components: one('components'),
    servers: list('server'),
  },
  components: {
    schemas: map('schema'),
    responses: map('response'),
    parameters: map('parameter'),
    examples: map('example'),
    requestBodies: map('requestBody'),
    headers: map('header'),
    securitySchemes: map('securityScheme'),
    links: map('link'),
    callbacks: map('callback'),
    pathItems: map('pathItem'),
  },
  pathItem: {
    ...Object.fromEntries(OPERATION_METHODS.map((method) => [method, one('operation')])),
    additionalOperations: map('operation'),
    parameters: list('parameter'),
    servers: list('server'),
  },
  operation: {
    parameters: list('parameter'),
    requestBody: one('requestBody'),
    responses: map('response'),
    callbacks: map('callback'),
    servers: list('server'),
  },
  callback: {},
  parameter: { schema: one('schema'), content: map('mediaType'), examples: map('example') },
  header: { schema: one('schema'), content: map('mediaType'), examples: map('example') },
  requestBody: { content: map('mediaType') },
  response: { content: map('mediaType'), headers: map('header'), links: map('link') },
  mediaType: { schema: one('schema'), itemSchema: one('schema'), examples: map('example'), encoding: map('encoding') },
  encoding: { headers: map('header') },
  schema: SCHEMA_FIELDS,
  server: { variables: map('serverVariable') },
};

/** The same for Swagger 2.0, as written (it is converted to OpenAPI 3.0 after lint). */
const SWAGGER2: Record<Kind, Record<string, Field>> = {
  document: {
    info: one('info'),
    paths: map('pathItem'),
    definitions: map('schema'),
    parameters: map('parameter'),
    responses: map('response'),
    securityDefinitions: map('securityScheme'),
  },
  pathItem: {
    ...Object.fromEntries(OPERATION_METHODS.map((method) => [method, one('operation')])),
    parameters: list('parameter'),
  },
  operation: { parameters: list('parameter'), responses: map('response') },
  parameter: { schema: one('schema'), items: one('schema') },
  response: { schema: one('schema'), headers: map('header') },
  header: { items: one('schema') },
  schema: SCHEMA_FIELDS,
};

/** Where a `$ref` may stand for the object itself (OpenAPI's Reference Object, or a schema's `$ref`). */
const REFERABLE = new Set(['schema', 'parameter', 'header', 'response', 'requestBody', 'example', 'securityScheme', 'link', 'callback', 'pathItem']);

/** Fields whose value is data the document's author chose (an example, a default), never read as OpenAPI. */
const DATA_FIELDS = new Set(['example', 'examples', 'default', 'enum', 'const', 'value']);

/** Maps whose `x-` keys are extensions rather than names. */
const EXTENSIBLE_MAPS = new Set(['map:pathItem', 'map:response']);

/** A kind as a user reads it: `a schema`, `the map of schemas`. */
function described(kind: Kind): string {
  const names: Record<string, string> = {
    document: 'the whole document',
    components: 'the components object',
    pathItem: 'a path item',
    mediaType: 'a media type',
    requestBody: 'a request body',
    securityScheme: 'a security scheme',
    serverVariable: 'a server variable',
  };
  if (kind.startsWith('map:')) {
    const entry = kind.slice(4);
    const plural: Record<string, string> = { pathItem: 'path items (`paths`)', mediaType: 'media types (`content`)', schema: 'schemas' };
    return `the map of ${plural[entry] ?? `${entry}s`}`;
  }
  if (kind.startsWith('list:')) return `a list of ${kind.slice(5)}s`;
  return names[kind] ?? `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind}`;
}

function jsonKind(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return `the ${typeof value} ${String(value)}`;
}

/** An object or a list: what may hold a `$ref`. */
function isNode(value: unknown): value is object {
  return value !== null && typeof value === 'object';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** How many problems one run lists: the first ones are enough to act on. */
const MAX_PROBLEMS = 20;

/**
 * Refuses a document whose structure the model or an emitter cannot read, with a problem at each
 * place, before lint or anything else walks it: a `$ref` that is not a string, a scalar or a list
 * where an object goes, a `$ref` where no reference may stand, and a `$ref` that names something
 * other than what its place holds (a map of schemas where a schema goes). Lint's rules only warn
 * about structure in users' documents; these would crash an emitter, or send redocly's walk into a
 * loop without end, so no lint config lets them through. A missing `$ref` target is the bundler's
 * to report, and a chain of bare `$ref`s ref-chains.ts's.
 */
export function checkDocumentShape(document: unknown, options: { file: string; locate: Locate; swagger2: boolean; fromJson?: boolean }): void {
  const problems = findShapeProblems(document, options.swagger2, options.fromJson ?? false);
  if (problems.length === 0) return;
  throw new PodcastGenError(
    problems.slice(0, MAX_PROBLEMS).map((problem) => {
      // A value of the wrong kind is shown where it is written; a `$ref`, at its key.
      const place = options.locate(problem.pointer, !problem.code.startsWith('document/not-a'));
      return { severity: 'error', file: options.file, ...(place ?? {}), ...problem } satisfies Problem;
    }),
  );
}

/** A shape problem before its file and place are known. */
interface ShapeProblem {
  code: string;
  pointer: string;
  message: string;
  hint: string;
}

/**
 * Every shape problem of a parsed (or bundled) document, in document order. `fromJson`: the
 * document is as JSON.parse made it, so no node of it sits in two places.
 */
function findShapeProblems(document: unknown, swagger2: boolean, fromJson: boolean): ShapeProblem[] {
  const types = swagger2 ? SWAGGER2 : OAS3;
  const problems: ShapeProblem[] = [];
  const kinds = new Map<object, Kind>();
  const refs: { pointer: string; ref: string; written: string; kind: Kind }[] = [];
  // YAML aliases can put one node in many places: each is read once, so the walk is bounded by the
  // text. JSON cannot, and is spared the set, a costly part of the walk.
  const seen = fromJson ? undefined : new Set<object>();

  const notShaped = (pointer: string, value: unknown, kind: Kind) => {
    const expected = described(kind);
    const how = kind.startsWith('list:') ? '' : REFERABLE.has(kind) ? ' (an object), or a $ref to one' : ' (an object)';
    problems.push({
      code: kind.startsWith('list:') ? 'document/not-a-list' : 'document/not-an-object',
      pointer,
      message: `${shortPointer(pointer)} is ${jsonKind(value)}, where ${expected} goes`,
      hint: `write ${expected} there${how}`,
    });
  };

  /** A node where an object of `kind` goes (or a `$ref` to one, where `kind` is referable). */
  const visit = (node: unknown, pointer: string, kind: Kind): void => {
    if (kind === 'schema' && typeof node === 'boolean') return;
    if (!isObject(node)) {
      notShaped(pointer, node, kind);
      return;
    }
    if (seen?.has(node)) return;
    seen?.add(node);
    kinds.set(node, kind);
    if ('$ref' in node && !REFERABLE.has(kind)) {
      problems.push({
        code: 'document/ref-place',
        pointer: pointerJoin(pointer, '$ref'),
        message: `a $ref stands for ${described(kind)} at ${shortPointer(pointer)}, which a $ref may not name`,
        hint: `write ${described(kind)} itself there; a $ref may stand only for a whole schema, parameter, response, header, request body, example, link, callback or path item`,
      });
      return;
    }
    if ('$ref' in node) {
      const ref = node.$ref;
      if (typeof ref !== 'string') {
        problems.push({
          code: 'document/ref-not-string',
          pointer: pointerJoin(pointer, '$ref'),
          message: `the $ref at ${shortPointer(pointer)} is ${jsonKind(ref)}, not a string`,
          hint: `write the reference as a string naming ${described(kind)}, such as '${exampleRef(kind, swagger2)}'`,
        });
      } else if (ref === '' || ref === '#' || ref.startsWith('#/')) refs.push({ pointer, ref: ref || '#', written: ref, kind });
      // Beside a schema's `$ref` (OpenAPI 3.1), the other keywords still apply; an object's `$ref` stands for it whole.
      if (kind !== 'schema') return;
    }
    const fields = (Object.hasOwn(types, kind) ? types[kind] : undefined) ?? {};
    for (const key of Object.keys(node)) {
      // A callback's entries are path items, under runtime expressions for names.
      if (kind === 'callback' && !key.startsWith('x-')) {
        visit(node[key], pointerJoin(pointer, key), 'pathItem');
        continue;
      }
      if (key === '$ref') continue;
      const value = node[key];
      // Own keys only: a field named `__proto__` or `constructor` is no field of OpenAPI's.
      const field = Object.hasOwn(fields, key) ? fields[key] : undefined;
      // A scalar where no field of OpenAPI's goes holds no `$ref`: nothing to look at (nor a place to name).
      if (!field && !isNode(value)) continue;
      const at = pointerJoin(pointer, key);
      if (field) visitField(value, at, field);
      else if (key.startsWith('x-') || DATA_FIELDS.has(key)) refsBackInto(value, at, !key.startsWith('x-'));
      else if (isObject(value) && '$ref' in value) {
        problems.push({
          code: 'document/ref-place',
          pointer: pointerJoin(at, '$ref'),
          message: `a $ref stands where \`${key}\` of ${described(kind)} goes, which holds no schema or other object a $ref may name`,
          hint: `write the value of \`${key}\` itself there; a $ref may stand only for a whole schema, parameter, response, header, request body, example, link, callback or path item`,
        });
      } else refsBackInto(value, at);
    }
  };

  const visitField = (value: unknown, pointer: string, field: Field): void => {
    if (field.shape === 'one' && !(field.orList && Array.isArray(value))) {
      visit(value, pointer, field.kind);
      return;
    }
    if (field.shape !== 'map') {
      if (!Array.isArray(value)) notShaped(pointer, value, `list:${field.kind}`);
      else for (let index = 0; index < value.length; index++) visit(value[index], pointerJoin(pointer, index), field.kind);
      return;
    }
    const mapKind = `map:${field.kind}`;
    if (!isObject(value)) {
      notShaped(pointer, value, mapKind);
      return;
    }
    if (seen?.has(value)) return;
    seen?.add(value);
    kinds.set(value, mapKind);
    if (typeof value.$ref === 'string') {
      problems.push({
        code: 'document/ref-place',
        pointer: pointerJoin(pointer, '$ref'),
        message: `a $ref stands for ${described(mapKind)} at ${shortPointer(pointer)}; a $ref may name one entry of it, not the whole map`,
        hint: 'write the map here and $ref each entry',
      });
      return;
    }
    const extensible = EXTENSIBLE_MAPS.has(mapKind);
    for (const name of Object.keys(value)) {
      const entry = value[name];
      if ((extensible && name.startsWith('x-')) || (field.orNames && Array.isArray(entry))) continue;
      visit(entry, pointerJoin(pointer, name), field.kind);
    }
  };

  /**
   * A field podcast-gen does not read as OpenAPI (an extension, a field OpenAPI does not define)
   * may hold anything, but redocly's walk follows a `$ref` in it, and one that names a map or data
   * holding it never ends (a schema it names, it reads once). Data (an `example`) it reads only
   * where the `$ref` is the value itself, and then it copies even a schema holding it without end.
   */
  const loops: { pointer: string; ref: string; data: boolean }[] = [];
  const refsBackInto = (value: unknown, pointer: string, data = false): void => {
    if (!value || typeof value !== 'object' || seen?.has(value)) return;
    seen?.add(value);
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) {
        const item: unknown = value[index];
        if (!isNode(item)) continue;
        if (data) dataRefs(item, pointerJoin(pointer, index));
        else refsBackInto(item, pointerJoin(pointer, index));
      }
      return;
    }
    const record = value as Record<string, unknown>;
    const ref = record.$ref;
    if (typeof ref === 'string' && (ref === '#' || ref.startsWith('#/'))) loops.push({ pointer, ref, data });
    for (const key of Object.keys(record)) {
      const child = record[key];
      if (key === '$ref' || !isNode(child)) continue;
      if (data) dataRefs(child, pointerJoin(pointer, key));
      else refsBackInto(child, pointerJoin(pointer, key));
    }
  };

  /** A `$ref` deeper in data is followed by the types' printer too, which can read only an object there. */
  const nestedDataRefs: { pointer: string; ref: string }[] = [];
  const inData = new Set<object>();
  const dataRefs = (value: unknown, pointer: string): void => {
    if (!value || typeof value !== 'object' || inData.has(value)) return;
    inData.add(value);
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) if (isNode(value[index])) dataRefs(value[index], pointerJoin(pointer, index));
      return;
    }
    const record = value as Record<string, unknown>;
    const ref = record.$ref;
    if (typeof ref === 'string' && ref.startsWith('#/')) nestedDataRefs.push({ pointer, ref });
    for (const key of Object.keys(record)) if (key !== '$ref' && isNode(record[key])) dataRefs(record[key], pointerJoin(pointer, key));
  };

  // The root's fields as any object's: the unread ones (`tags`, `x-`) are walked for `$ref`s as well.
  if (isObject(document)) visit(document, '#', 'document');

  // Many places name the same part: each target is looked up once.
  const targets = new Map<string, unknown>();
  const targetOf = (ref: string): unknown => {
    if (!targets.has(ref)) targets.set(ref, getByPointer(document, ref));
    return targets.get(ref);
  };
  for (const { pointer, ref, data } of loops) {
    const target = targetOf(ref);
    const holds = ref === '#' || pointer === ref || `${pointer}/`.startsWith(`${ref}/`);
    if (target === undefined || !holds) continue;
    const targetKind = isObject(target) ? kinds.get(target) : undefined;
    if (!data && targetKind !== undefined && REFERABLE.has(targetKind)) continue;
    problems.push({
      code: 'document/ref-loop',
      pointer: pointerJoin(pointer, '$ref'),
      message: `the $ref "${shortPointer(ref)}" at ${shortPointer(pointer)} names a part of the document that holds it, where ${data ? 'data' : 'no OpenAPI object'} goes`,
      hint: 'remove the $ref, or write the value it means in its place',
    });
  }

  for (const { pointer, ref } of nestedDataRefs) {
    const target = targetOf(ref);
    if (target === undefined || isObject(target)) continue;
    problems.push({
      code: 'document/ref-target-kind',
      pointer: pointerJoin(pointer, '$ref'),
      message: `the $ref "${shortPointer(ref)}" at ${shortPointer(pointer)} names ${jsonKind(target)}, where only an object can be named`,
      hint: 'write the value itself in the example, or point the $ref at an object',
    });
  }

  for (const { pointer, ref, written, kind } of refs) {
    const target = targetOf(ref);
    if (target === undefined) {
      const missing = missingReason(document, ref);
      if (missing) {
        problems.push({
          code: 'document/ref-missing',
          pointer: pointerJoin(pointer, '$ref'),
          message: `the $ref "${shortPointer(ref)}" at ${shortPointer(pointer)} names nothing: ${missing}`,
          hint: `point the $ref at ${described(kind)} by its own place, such as '${exampleRef(kind, swagger2)}'`,
        });
      }
      // Any other name that is missing is the bundler's to report, with the file it looked in.
      continue;
    }
    if (swagger2 && movedByConversion(ref)) {
      problems.push({
        code: 'document/ref-target-moved',
        pointer: pointerJoin(pointer, '$ref'),
        message: `the $ref "${shortPointer(written)}" at ${shortPointer(pointer)} names a part of an operation, parameter or response, which moves when podcast-gen reads the Swagger 2.0 document as OpenAPI 3.0`,
        hint: `name ${described(kind)} under ${kind === 'schema' ? 'definitions' : `${kind}s`} and $ref it there`,
      });
      continue;
    }
    const targetKind = isObject(target) ? kinds.get(target) : undefined;
    if (targetKind === undefined ? fitsUntyped(target, kind) : fits(targetKind, kind)) continue;
    const named = targetKind !== undefined ? described(targetKind) : jsonKind(target);
    problems.push({
      code: 'document/ref-target-kind',
      pointer: pointerJoin(pointer, '$ref'),
      message: `the $ref "${shortPointer(written)}" at ${shortPointer(pointer)} names ${named}, where ${described(kind)} goes`,
      hint: `point the $ref at ${described(kind)}${kind === 'schema' ? ', such as #/components/schemas/Name (not the map that holds them)' : ''}`,
    });
  }
  return problems;
}

/**
 * Whether a Swagger 2.0 pointer names a place the conversion to OpenAPI 3.0 changes: anything under
 * `paths` (a body parameter becomes a request body, a response's schema moves under `content`), or
 * a part of a named parameter or response. Whole named ones are renamed with their `$ref`s.
 */
function movedByConversion(ref: string): boolean {
  const tokens = ref.slice(2).split('/');
  return tokens[0] === 'paths' || ((tokens[0] === 'parameters' || tokens[0] === 'responses') && tokens.length > 2);
}

/**
 * Why a pointer that names nothing does so, where other readers would read it otherwise: an empty
 * name (`#/`, `#/components/schemas/`), which some take for the part before it, or a step through
 * a `$ref`, which some follow and others do not. Undefined for a plain missing name.
 */
function missingReason(document: unknown, ref: string): string | undefined {
  const tokens = ref.slice(1).split('/').slice(1);
  let node: unknown = document;
  let at = '#';
  for (const token of tokens) {
    if (!isObject(node) && !Array.isArray(node)) return undefined;
    if (isObject(node) && typeof node.$ref === 'string' && !Object.hasOwn(node, token)) return `it steps through the $ref at ${shortPointer(at)}`;
    const next = getByPointer(node, `#/${token}`);
    if (next === undefined) return token === '' ? `the name after ${shortPointer(at)} is empty` : undefined;
    node = next;
    at = `${at}/${token}`;
  }
  return undefined;
}

/** A reference to a named `kind` in the document's own map of them (`#/components/requestBodies/Name`), for a hint. */
function exampleRef(kind: Kind, swagger2: boolean): string {
  const [at, fields] = swagger2 ? ['#', SWAGGER2.document ?? {}] : ['#/components', OAS3.components ?? {}];
  const field = Object.entries(fields).find(([, f]) => f.shape === 'map' && f.kind === kind)?.[0];
  return field ? `${at}/${field}/Name` : '#/components/schemas/Name';
}

const READ_ALIKE: ReadonlySet<string> = new Set(['header', 'parameter']);

/** Whether a node of `actual` kind may stand where `expected` goes: the same kind, or a header and a parameter, read alike. */
function fits(actual: Kind, expected: Kind): boolean {
  if (actual === expected) return true;
  if (READ_ALIKE.has(actual) && READ_ALIKE.has(expected)) return true;
  // A callback's entries are path items: either names the same object.
  return (actual === 'callback' && expected === 'pathItem') || (actual === 'pathItem' && expected === 'callback');
}

/** A node no typed place holds (under an extension, an example): it can only be read as what it is. */
function fitsUntyped(target: unknown, expected: Kind): boolean {
  return isObject(target) || (expected === 'schema' && typeof target === 'boolean');
}
