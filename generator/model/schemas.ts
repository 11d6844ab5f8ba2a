import type { OpenApiDocument } from '../load/read-spec.js';
import { pascalCase, SCHEMAS_FILE_NAMES, uniqueNames } from './naming.js';
import { namesOnCycles } from './cycles.js';
import { inlineNonComponentRefs, schemaRefsOf } from './refs.js';
import type { EnvelopeModel, NamedSchemaModel, SchemaObject } from './types.js';

/**
 * Component schemas with unique type names and their recursion marked. The type name is the
 * document's name in PascalCase (unique among the names `schemas.ts` declares: `taken` holds the
 * operations' `Params`/`Body`/`Data`/`Errors`). Where it equals a name another generated module
 * exports (`exported`: `RateLimitError`), `indexName` is the alias `index.ts` re-exports it under.
 */
export function buildSchemas(document: OpenApiDocument, options: { taken: Iterable<string>; exported: ReadonlySet<string> }): NamedSchemaModel[] {
  const components = (document.components as { schemas?: Record<string, unknown> } | undefined)?.schemas ?? {};
  const names = Object.keys(components);
  const typeNames = uniqueNames(names, pascalCase, [...options.taken, ...SCHEMAS_FILE_NAMES]);
  const clashing = names.filter((name) => options.exported.has(typeNames.get(name) as string));
  // Aliases must not take a name index.ts already exports (a type name, an operation's, the others').
  const aliases = uniqueNames(clashing, (name) => `${typeNames.get(name) as string}Schema`, [...options.taken, ...options.exported, ...typeNames.values()]);
  const schemas = new Map(names.map((name) => [name, inlineNonComponentRefs(document, components[name])]));
  // Schemas that reach themselves through references.
  const recursive = namesOnCycles(new Map([...schemas].map(([name, schema]) => [name, schemaRefsOf(schema)])));
  return names.map((name) => {
    const typeName = typeNames.get(name) as string;
    return { name, typeName, indexName: aliases.get(name) ?? typeName, schema: schemas.get(name) ?? {}, recursive: recursive.has(name) };
  });
}

/**
 * The envelope: a component schema carrying `x-envelope: { dataProperty }`. A document without one
 * gets plain, unwrapped responses.
 */
export function findEnvelope(schemas: readonly NamedSchemaModel[]): EnvelopeModel | undefined {
  for (const { name, schema } of schemas) {
    const marker = schema['x-envelope'] as { dataProperty?: unknown } | undefined;
    if (marker && typeof marker.dataProperty === 'string') return { schemaName: name, dataProperty: marker.dataProperty };
  }
  return undefined;
}

const FLAG_CHILDREN = [
  'items',
  'not',
  'additionalProperties',
  'allOf',
  'oneOf',
  'anyOf',
  'prefixItems',
  'contains',
  'unevaluatedItems',
  'unevaluatedProperties',
  'if',
  'then',
  'else',
] as const;

/**
 * True when the schema (not following references) has a property carrying `flag`: where a
 * schema's request and response forms differ (readOnly left out of one, writeOnly of the other),
 * which the zod validators and the MCP tool schemas both need to know.
 */
export function hasFlaggedProperty(schema: unknown, flag: 'readOnly' | 'writeOnly'): boolean {
  if (Array.isArray(schema)) return schema.some((s) => hasFlaggedProperty(s, flag));
  if (!schema || typeof schema !== 'object') return false;
  const node = schema as SchemaObject;
  const properties = Object.values(node.properties ?? {});
  if (properties.some((p) => p && p[flag] === true)) return true;
  const maps = [...Object.values(node.patternProperties ?? {}), ...Object.values(node.dependentSchemas ?? {})];
  return [...properties, ...maps].some((p) => hasFlaggedProperty(p, flag)) || FLAG_CHILDREN.some((key) => hasFlaggedProperty(node[key], flag));
}
