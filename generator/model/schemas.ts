import type { OpenApiDocument } from '../load/read-spec.js';
import { pascalCase, SCHEMAS_FILE_NAMES, uniqueNames } from './naming.js';
import { namesOnCycles } from './cycles.js';
import { inlineNonComponentRefs, schemaRefsOf } from './refs.js';
import { forEachSubschema } from '../subschemas.js';
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

/**
 * True when the schema (not following references) has a property carrying `flag`: where a
 * schema's request and response forms differ (readOnly left out of one, writeOnly of the other),
 * which the zod validators and the MCP tool schemas both need to know. Definitions (`$defs`) count
 * only where a reference names them, and are replaced there by the model (refs.ts).
 */
export function hasFlaggedProperty(schema: unknown, flag: 'readOnly' | 'writeOnly'): boolean {
  const search: FlagSearch = { flag, found: false };
  searchFlag(schema, search);
  return search.found;
}

/** One search for a flagged property: what is sought, and whether it was found. */
interface FlagSearch {
  flag: 'readOnly' | 'writeOnly';
  found: boolean;
}

function searchFlag(schema: unknown, search: FlagSearch): void {
  if (search.found || !schema || typeof schema !== 'object' || Array.isArray(schema)) return;
  const properties = (schema as SchemaObject).properties;
  if (properties && typeof properties === 'object') {
    for (const name in properties) {
      if (properties[name]?.[search.flag] !== true) continue;
      search.found = true;
      return;
    }
  }
  forEachSubschema(schema, searchChild, search, 'in-place');
}

function searchChild(child: object, _keyword: string, _at: unknown, search: FlagSearch): void {
  searchFlag(child, search);
}
