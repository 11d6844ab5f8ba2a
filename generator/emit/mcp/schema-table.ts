/**
 * The one table of JSON Schema definitions every tool of a model shares: each component schema,
 * converted once per direction, and every other place of a component schema a reference points at
 * (`#/components/schemas/CreateCompletionRequest/properties/logit_bias`: any pointer that resolves
 * is a valid reference). Tools' schemas reference the table as `#/$defs/<key>`. Pure.
 */
import { decodeToken, escapeToken } from '../../json-pointer.js';
import { SCHEMA_REF_PREFIX, schemaRefName } from '../../model/refs.js';
import { hasFlaggedProperty } from '../../model/schemas.js';
import type { ApiModel, SchemaObject } from '../../model/types.js';
import { fail } from '../../problems.js';
import { toJsonSchema, type JsonSchema, type RefNamer } from './json-schema.js';

/** Which way a tool's schema reads the data: its `inputSchema` (request) or its `outputSchema` (response). */
export type ToolDirection = 'request' | 'response';

/** The shared definitions, by `$defs` key, in both directions. */
export interface SchemaTable {
  /**
   * Definitions read for requests (readOnly properties left out) and for responses (writeOnly
   * left out). Only readOnly and writeOnly make the two differ: a definition with neither is
   * converted once, and both maps hold that one object.
   */
  defs: Record<ToolDirection, ReadonlyMap<string, JsonSchema>>;
  /** A schema of the model as JSON Schema, its references naming (and, when new, adding) definitions of this table. */
  convert(schema: SchemaObject, direction: ToolDirection): JsonSchema;
}

/** How deep references to places inside other component schemas may chain before the table gives up. */
const MAX_POINTER_HOPS = 32;

/**
 * Builds the table of a model. A component is keyed by its type name (valid, unique); any other
 * place by its pointer below `#/components/schemas/` (`CreateCompletionRequest/properties/logit_bias`),
 * which holds a `/` no type name has. A place is converted as the schema found there.
 */
export function buildSchemaTable(model: ApiModel): SchemaTable {
  const components = new Map(model.schemas.map((s) => [s.name, s]));
  const request = new Map<string, JsonSchema>();
  const response = new Map<string, JsonSchema>();
  const keyOf = new Map<string, string>();
  const placed = new Set<string>();
  const places: [key: string, schema: SchemaObject][] = [];

  const resolve = (ref: string, hops: number): SchemaObject | undefined => {
    if (hops > MAX_POINTER_HOPS || !ref.startsWith(SCHEMA_REF_PREFIX)) return undefined;
    const [name = '', ...tokens] = ref.slice(SCHEMA_REF_PREFIX.length).split('/').map(decodeToken);
    let node: unknown = components.get(name)?.schema;
    for (const token of tokens) {
      // A reference met on the way is followed, as a JSON pointer through a `$ref` reads in OpenAPI.
      while (isReference(node)) node = resolve(node.$ref, hops + 1);
      if (node === null || typeof node !== 'object') return undefined;
      node = Object.hasOwn(node, token) ? (node as Record<string, unknown>)[token] : undefined;
    }
    return node !== null && typeof node === 'object' ? (node as SchemaObject) : undefined;
  };

  const defName: RefNamer = (ref) => {
    let key = keyOf.get(ref);
    if (key !== undefined) return key;
    const name = schemaRefName({ $ref: ref });
    const component = name === undefined ? undefined : components.get(name);
    if (component) key = component.typeName;
    else {
      const target = name === undefined ? resolve(ref, 0) : undefined;
      if (!target)
        fail({
          code: 'mcp/unresolved-ref',
          message: `cannot make a tool schema self-contained: the reference ${ref} does not resolve to a schema`,
          hint: 'point references at #/components/schemas/<name> or at a schema inside one',
        });
      key = ref
        .slice(SCHEMA_REF_PREFIX.length)
        .split('/')
        .map((token) => escapeToken(decodeToken(token)))
        .join('/');
      // Two spellings of one pointer (`%20` or a space) are one place.
      if (!placed.has(key)) places.push([key, target]);
      placed.add(key);
    }
    keyOf.set(ref, key);
    return key;
  };

  const add = (key: string, schema: SchemaObject): void => {
    const forRequests = toJsonSchema(schema, defName, 'request');
    const sameBothWays = !hasFlaggedProperty(schema, 'readOnly') && !hasFlaggedProperty(schema, 'writeOnly');
    request.set(key, forRequests);
    response.set(key, sameBothWays ? forRequests : toJsonSchema(schema, defName, 'response'));
  };
  // Places are found while converting; each is added after, and may find more.
  const addPlaces = (): void => {
    for (let place = places.shift(); place; place = places.shift()) add(...place);
  };

  for (const { typeName, schema } of model.schemas) add(typeName, schema);
  addPlaces();
  return {
    defs: { request, response },
    convert(schema, direction) {
      const converted = toJsonSchema(schema, defName, direction);
      addPlaces();
      return converted;
    },
  };
}

function isReference(node: unknown): node is { $ref: string } {
  return node !== null && typeof node === 'object' && typeof (node as { $ref?: unknown }).$ref === 'string';
}
