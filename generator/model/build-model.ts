import { OPERATION_METHODS } from '../load/operation-methods.js';
import type { OpenApiDocument } from '../load/read-spec.js';
import type { Problem } from '../problems.js';
import { assumptionsFor, collectAssumptions } from './assumptions.js';
import { apiKeySchemeOf, authOf, buildSecuritySchemes } from './auth.js';
import { credentialVariables, withCredentialVariables } from './auth-variables.js';
import { isLargeDocument } from './document-size.js';
import { normalizeDocument } from './normalize-schema.js';
import {
  apiNameOf,
  camelCase,
  fileNameFrom,
  generatedExports,
  operationIdFrom,
  pascalCase,
  toolNameFrom,
  uniqueFileNames,
  uniqueNames,
  type ExportedName,
} from './naming.js';
import { buildOperation, type OperationNames, type RawEntry, type RawOperation } from './operation.js';
import { pointerJoin } from './refs.js';
import { buildSchemas, findEnvelope } from './schemas.js';
import { buildTags } from './tags.js';
import type { ApiModel, EntryNames, OperationModel, ServerModel } from './types.js';
import { sameRequests } from './same-request.js';
import { selectDocument } from './select-document.js';
import { pathMethodsOf } from './path-methods.js';
import type { OperationSelection } from './select-operations.js';

/** Options of {@link buildModel}. */
export interface ModelOptions {
  /** The API's name in generated identifiers: `Podcast` gives `createPodcastClient`. Default: the document's (`apiNameOf`). */
  apiName?: string | undefined;
  /** The document's names and hash, for problems and banners. */
  source: ApiModel['source'];
  /** Decides `ApiModel.large` instead of the number of operations (tests and the benchmark). */
  large?: boolean;
  /**
   * What the run's runtime.ts exports (emit/runtime-exports.ts reads it), so that no validator is
   * re-exported from index.ts under one of those names; none when absent.
   */
  runtimeExports?: readonly ExportedName[];
  /** The operations to keep (select-operations.ts); the document is cut down to them first (select-document.ts). */
  operations?: OperationSelection;
}

/** What an output that reads only the document is made from (`Plugin.reads`): the model's `document` and `source`. */
export type DocumentModel = Pick<ApiModel, 'document' | 'source'>;

/**
 * The model's `document` and `source` alone, as {@link buildModel} makes them, without the rest:
 * the side thread makes such an output before, or without, a model of its own.
 */
export function buildDocumentModel(whole: OpenApiDocument, options: ModelOptions): DocumentModel {
  return { document: documentStage(whole, options).typesDocument, source: options.source };
}

/**
 * The document chosen and read in 3.0's shape, its operations named, and the document as the types
 * print it: the part of the model every output needs.
 */
function documentStage(whole: OpenApiDocument, options: ModelOptions) {
  const { document: written, problems: selectionProblems } = selectDocument(whole, options.operations);
  // 3.1 and 3.2 schemas are read in 3.0's shape; the types emitter keeps the document as written.
  const { document, problems } = normalizeDocument(written);
  problems.unshift(...selectionProblems);
  const entries = collectOperations(document);
  const names = decideOperationNames(entries, problems);
  const typesDocument = withOperationIds(
    written,
    document === written ? entries : collectOperations(written),
    entries.map((e) => names.get(e) as OperationNames),
  );
  return { document, problems, entries, names, typesDocument, written };
}

/** Builds the model of a bundled OpenAPI 3.x document. Pure: no I/O, same input, same output. */
export function buildModel(whole: OpenApiDocument, options: ModelOptions): { model: ApiModel; problems: Problem[] } {
  const { document, problems, entries, names, typesDocument, written } = documentStage(whole, options);
  const info = (document.info ?? {}) as { title?: string; version?: string; description?: string };
  const apiName = options.apiName ? { name: options.apiName, from: 'option' as const } : apiNameOf(written, options.source.path);
  const entry = entryNames(apiName.name);
  const operationTypeNames = [...names.values()].flatMap((n) => [`${n.typeName}Params`, `${n.typeName}Data`, `${n.typeName}Body`, `${n.typeName}Errors`]);
  const schemas = buildSchemas(document, { taken: operationTypeNames, exported: new Set(generatedExports(entry.api, options.runtimeExports ?? []).keys()) });
  const envelope = findEnvelope(schemas);
  const securitySchemes = buildSecuritySchemes(document);
  const apiKeyScheme = apiKeySchemeOf(document, securitySchemes);
  const assumptions = collectAssumptions(document);
  const operations: OperationModel[] = entries.map((entry) =>
    buildOperation({
      document,
      ...entry,
      names: names.get(entry) as OperationNames,
      envelope,
      securitySchemes,
      assumptions: assumptionsFor(document, entry.pointer, entry.raw, assumptions),
      problems,
    }),
  );
  problems.push(...sameRequests(operations));
  // A 429 the operation does not declare still comes from the one rate limiter: its body field is shared.
  const documentRetryAfter = operations.map((op) => op.retryAfterField).find((field) => field !== undefined);
  if (documentRetryAfter) for (const op of operations) op.retryAfterField ??= documentRetryAfter;
  const model: ApiModel = {
    title: info.title ?? 'API',
    version: info.version ?? '0.0.0',
    source: options.source,
    names: entry,
    nameFrom: apiName.from,
    servers: buildServers(document),
    securitySchemes,
    credentials: credentialVariables({
      operations: operations.map((op) => op.security),
      schemes: securitySchemes,
      envPrefix: entry.envPrefix,
      title: info.title ?? 'API',
      apiKeyScheme,
    }),
    schemas,
    operations,
    pathMethods: pathMethodsOf(whole),
    assumptions,
    tags: buildTags(document),
    large: isLargeDocument(operations.length, options.large),
    document: typesDocument,
  };
  if (info.description) model.description = info.description;
  const auth = authOf(securitySchemes, apiKeyScheme);
  if (auth) model.auth = auth;
  withCredentialVariables(
    operations.map((op) => op.security),
    model.credentials,
  );
  if (envelope) model.envelope = envelope;
  return { model, problems };
}

/**
 * The document with every derived operationId written in (copying only the path items that change),
 * so the types emitter's `operations["getPets"]` exists for operations the document left unnamed.
 */
function withOperationIds(document: OpenApiDocument, entries: readonly RawEntry[], names: readonly OperationNames[]): OpenApiDocument {
  const unnamed = entries
    .map((entry, i) => ({ entry, operationId: names[i]?.operationId }))
    .filter(({ entry, operationId }) => entry.raw.operationId !== operationId);
  if (unnamed.length === 0) return document;
  const paths = { ...(document.paths as Record<string, Record<string, unknown>>) };
  for (const { entry, operationId } of unnamed) {
    const item = paths[entry.path] ?? {};
    paths[entry.path] = entry.additional
      ? { ...item, additionalOperations: { ...(item.additionalOperations as Record<string, unknown>), [entry.method]: { ...entry.raw, operationId } } }
      : { ...item, [entry.method]: { ...entry.raw, operationId } };
  }
  return { ...document, paths };
}

/** The operationId the document gives an operation, as the model keeps it (trimmed), or undefined. */
function writtenOperationId(entry: RawEntry): string | undefined {
  return entry.raw.operationId?.trim() || undefined;
}

function collectOperations(document: OpenApiDocument): RawEntry[] {
  const paths = (document.paths ?? {}) as Record<string, Record<string, unknown>>;
  const entries: RawEntry[] = [];
  for (const [path, item] of Object.entries(paths)) {
    if (!item || typeof item !== 'object') continue;
    const pathParameters = item.parameters as unknown[] | undefined;
    for (const method of OPERATION_METHODS) {
      const raw = item[method];
      if (raw && typeof raw === 'object')
        entries.push({ path, method, additional: false, pointer: pointerJoin('#/paths', path, method), raw: raw as RawOperation, pathParameters });
    }
    // 3.2: any other method, keyed as it is sent.
    const additional = item.additionalOperations;
    if (!additional || typeof additional !== 'object') continue;
    for (const [method, raw] of Object.entries(additional as Record<string, unknown>)) {
      if (raw && typeof raw === 'object')
        entries.push({
          path,
          method,
          additional: true,
          pointer: pointerJoin('#/paths', path, 'additionalOperations', method),
          raw: raw as RawOperation,
          pathParameters,
        });
    }
  }
  return entries;
}

/**
 * Method, type and tool names of every operation, unique across the document. The operationId is
 * the interface: kept as written; only operations without one get a derived id (with a warning).
 */
function decideOperationNames(entries: readonly RawEntry[], problems: Problem[]): Map<RawEntry, OperationNames> {
  // A made-up id never takes one the document gives (check-names.ts refuses two operations giving the same).
  const written = entries.flatMap((e) => writtenOperationId(e) ?? []);
  const derived = uniqueNames(
    entries.filter((e) => !writtenOperationId(e)),
    (e) => operationIdFrom(e.method, e.path),
    written,
  );
  const operationIds = new Map(entries.map((e) => [e, writtenOperationId(e) ?? (derived.get(e) as string)]));
  for (const entry of entries) {
    if (writtenOperationId(entry)) continue;
    problems.push({
      code: 'model/derived-operation-id',
      severity: 'warn',
      pointer: entry.pointer,
      message: `operation has no operationId; using \`${operationIds.get(entry)}\``,
      hint: 'add an operationId so the method name cannot change when paths do',
    });
  }
  const methodNames = uniqueNames(entries, (e) => camelCase(operationIds.get(e) ?? ''), ['request', 'withOptions']);
  const typeNames = uniqueNames(entries, (e) => pascalCase(operationIds.get(e) ?? ''));
  const toolNames = uniqueNames(
    entries,
    (e) => (typeof e.raw['x-tool-name'] === 'string' ? e.raw['x-tool-name'] : toolNameFrom(operationIds.get(e) ?? '')),
    [],
    64,
  );
  const fileNames = uniqueFileNames(entries, (e) => fileNameFrom(operationIds.get(e) ?? '', methodNames.get(e) ?? ''));
  const result = new Map<RawEntry, OperationNames>();
  for (const entry of entries) {
    const given = typeof entry.raw['x-tool-name'] === 'string';
    const toolName = toolNames.get(entry) as string;
    result.set(entry, {
      operationId: operationIds.get(entry) as string,
      methodName: methodNames.get(entry) as string,
      typeName: typeNames.get(entry) as string,
      fileName: fileNames.get(entry) as string,
      toolName,
      toolNameDerived: !given || entry.raw['x-tool-name-derived'] === true,
    });
  }
  return result;
}

function buildServers(document: OpenApiDocument): ServerModel[] {
  const servers = (document.servers ?? []) as {
    url?: string;
    description?: string;
    variables?: Record<string, { default?: unknown; enum?: unknown[]; description?: string }>;
  }[];
  return servers
    .filter((s) => typeof s.url === 'string')
    .map((s) => {
      const server: ServerModel = {
        url: s.url as string,
        variables: Object.entries(s.variables ?? {}).map(([name, v]) => {
          const variable: ServerModel['variables'][number] = { name, default: String(v.default ?? '') };
          if (v.enum) variable.enum = v.enum.map(String);
          if (v.description) variable.description = v.description;
          return variable;
        }),
      };
      if (s.description) server.description = s.description;
      return server;
    });
}

/** Entry-point identifiers from the API name (`Podcast`). */
export function entryNames(apiName: string): EntryNames {
  const api = pascalCase(apiName);
  return {
    api,
    createClient: `create${api}Client`,
    clientType: `${api}Client`,
    clientOptions: `${api}ClientOptions`,
    createMcpServer: `create${api}McpServer`,
    envPrefix: api.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase(),
    metaKey: 'dev.podcast-gen/operation',
  };
}
