import type { OpenApiDocument } from '../load/read-spec.js';
import { mediaExample, mediaKind, pickContentType } from './media.js';
import { deref, inlineNonComponentRefs, pointerJoin, realPointer, schemaRefName } from './refs.js';
import type { EnvelopeModel, ResponseModel, SchemaObject } from './types.js';

interface RawResponse {
  description?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema?: unknown; itemSchema?: unknown; example?: unknown; examples?: Record<string, { value?: unknown }> }>;
}

/** Every response of an operation (at `pointer`), in the document's order. */
export function buildResponses(
  document: OpenApiDocument,
  responses: Record<string, unknown> | undefined,
  envelope: EnvelopeModel | undefined,
  pointer: string,
): ResponseModel[] {
  return Object.entries(responses ?? {}).map(([status, raw]) =>
    buildResponse(document, status, deref<RawResponse>(document, raw as RawResponse) ?? {}, envelope, pointerJoin(pointer, 'responses', status)),
  );
}

function buildResponse(document: OpenApiDocument, status: string, raw: RawResponse, envelope: EnvelopeModel | undefined, pointer: string): ResponseModel {
  const contentType = pickContentType(raw.content);
  const media = contentType ? raw.content?.[contentType] : undefined;
  const schema = media?.schema === undefined ? (contentType ? {} : undefined) : inlineNonComponentRefs(document, media.schema);
  const response: ResponseModel = {
    status: status === 'default' ? 'default' : Number(status),
    description: raw.description ?? '',
    headers: buildHeaders(document, raw.headers),
    enveloped: schema !== undefined && envelope !== undefined && composesEnvelope(schema, envelope),
  };
  if (/^[1-5]XX$/i.test(status)) response.statusClass = Number(status[0]);
  if (contentType) response.contentType = contentType;
  if (schema) response.schema = schema;
  if (schema && contentType) response.pointer = realPointer(document, pointerJoin(pointer, 'content', contentType, 'schema'));
  const example = mediaExample(media);
  if (example !== undefined) response.example = example;
  if (media?.itemSchema !== undefined && contentType) {
    response.itemSchema = inlineNonComponentRefs(document, media.itemSchema);
    response.itemPointer = realPointer(document, pointerJoin(pointer, 'content', contentType, 'itemSchema'));
  }
  const retryAfterField = response.status === 429 && schema ? findRetryAfterField(document, schema) : undefined;
  if (retryAfterField) response.retryAfterField = retryAfterField;
  return response;
}

type Media = { schema?: unknown; example?: unknown; examples?: Record<string, { value?: unknown }> };

/** A header is described by its `schema`, or by the one media type of its `content`. */
function buildHeaders(document: OpenApiDocument, headers: Record<string, unknown> | undefined): ResponseModel['headers'] {
  return Object.entries(headers ?? {}).map(([name, raw]) => {
    const header = deref<Media & { content?: Record<string, Media>; description?: string; required?: boolean }>(document, raw as object) ?? {};
    const media = header.schema === undefined ? Object.values(header.content ?? {})[0] : undefined;
    const result: ResponseModel['headers'][number] = {
      name,
      schema: inlineNonComponentRefs(document, header.schema ?? media?.schema ?? {}),
      required: header.required === true,
    };
    if (header.description) result.description = header.description;
    const example = mediaExample(header) ?? mediaExample(media);
    if (example !== undefined) result.example = example;
    return result;
  });
}

/** True when the schema is the envelope or an `allOf` with the envelope as a member. */
export function composesEnvelope(schema: SchemaObject, envelope: EnvelopeModel): boolean {
  if (schemaRefName(schema) === envelope.schemaName) return true;
  return (schema.allOf ?? []).some((member) => schemaRefName(member) === envelope.schemaName);
}

/**
 * The schema of the envelope's data property for an enveloped response (whose schema is at
 * `pointer`): from the `allOf` member that declares it, else the envelope's own declaration
 * (typically "any"); with the place it is written.
 */
export function envelopeDataSchema(
  document: OpenApiDocument,
  schema: SchemaObject,
  envelope: EnvelopeModel,
  pointer: string,
): { schema: SchemaObject; pointer: string } {
  for (const [i, member] of (schema.allOf ?? []).entries()) {
    const resolved = schemaRefName(member) === envelope.schemaName ? undefined : deref<SchemaObject>(document, member);
    const data = resolved?.properties?.[envelope.dataProperty];
    if (data) return { schema: data, pointer: realPointer(document, pointerJoin(pointer, 'allOf', i, 'properties', envelope.dataProperty)) };
  }
  const own = deref<SchemaObject>(document, { $ref: `#/components/schemas/${envelope.schemaName}` });
  const at = realPointer(document, pointerJoin('#/components/schemas', envelope.schemaName, 'properties', envelope.dataProperty));
  return { schema: inlineNonComponentRefs(document, own?.properties?.[envelope.dataProperty] ?? {}), pointer: at };
}

/** The integer property of a 429 body that carries the wait in seconds. */
function findRetryAfterField(document: OpenApiDocument, schema: SchemaObject): string | undefined {
  const resolved = deref<SchemaObject>(document, schema);
  const names = Object.keys(resolved?.properties ?? {});
  return names.find((name) => /^retry[_-]?after$/i.test(name));
}

/** The status as the document keys the response: `200`, `2XX`, `default`. */
export function statusKey(response: Pick<ResponseModel, 'status' | 'statusClass'>): string {
  if (response.statusClass !== undefined) return `${response.statusClass}XX`;
  return String(response.status);
}

/** The class of the response's status, a single one's or a range's (2 for `201` and for `2XX`); undefined for `default`. */
function statusClassOf(response: ResponseModel): number | undefined {
  if (response.statusClass !== undefined) return response.statusClass;
  return typeof response.status === 'number' ? Math.floor(response.status / 100) : undefined;
}

/**
 * The first response of a status class: a single status (`201`) before the class's range (`2XX`),
 * since an explicit code takes precedence over the range that covers it (OpenAPI, Responses Object).
 */
function firstOfClass(responses: readonly ResponseModel[], statusClass: number): ResponseModel | undefined {
  const ofClass = responses.filter((r) => statusClassOf(r) === statusClass);
  return ofClass.find((r) => r.statusClass === undefined) ?? ofClass[0];
}

/** The response the client resolves to: 200, else the first other 2xx, else the `2XX` range, else `default`. */
export function pickSuccess(responses: readonly ResponseModel[]): ResponseModel {
  return (
    responses.find((r) => r.status === 200) ??
    firstOfClass(responses, 2) ??
    responses.find((r) => r.status === 'default') ?? { status: 200, description: '', headers: [], enveloped: false }
  );
}

/**
 * The failures the client types: every response but the success whose status (or range) is not
 * informational, a success or a redirect (1xx, 2xx, 3xx): 4xx, 5xx, `default`, and what no class holds.
 */
export function pickFailures(responses: readonly ResponseModel[], success: ResponseModel): ResponseModel[] {
  return responses.filter((r) => {
    const statusClass = statusClassOf(r);
    return r !== success && !(statusClass !== undefined && statusClass >= 1 && statusClass <= 3);
  });
}

/** The first redirect (3xx, or the `3XX` range) the document declares where it declares no 2xx: the operation's only answer that is no failure. */
export function pickRedirect(responses: readonly ResponseModel[]): ResponseModel | undefined {
  return firstOfClass(responses, 2) ? undefined : firstOfClass(responses, 3);
}

export { mediaKind };
