/**
 * What `verify` uses of the generated code: the client's request engine (its wire rules, retries
 * and redaction), the operations' wire descriptors, the zod validators and the fixtures. Described
 * by shape, since the code is the run's own output (a user's runtime.ts included), loaded at run time.
 */
import { createCoreName } from '../emit/shared/operation-exports.js';
import type { ApiModel } from '../model/types.js';

/** A generated validator: `safeParse` of zod. */
export interface GeneratedValidator {
  safeParse(value: unknown): { success: boolean; error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/** An operation's wire descriptor (`operations.ts`), as far as verify reads it; the engine reads the rest. */
export interface GeneratedOperationSpec {
  operationId: string;
  method: string;
  path: string;
  /** Its parameters and body fields: where each goes (`path`, `query`, `header`, `cookie`, `body-field`, `body`). */
  fields?: readonly GeneratedField[];
  /** Its request body: how the engine writes it (`flattened`: from the body fields; else the `body` field). */
  body?: { contentType: string; kind: string; required: boolean; flattened: boolean; encode?: unknown };
  idempotency?: { header: string; maxLength?: number };
  envelopeData?: string;
  dataKind: string;
  /** Its security requirement where it is not most operations' (the engine reads it; `[]`: none). */
  security?: unknown;
}

/** A parameter or body field of a wire descriptor, as far as verify reads it (the engine reads its writers). */
export interface GeneratedField {
  name: string;
  in: string;
  required: boolean;
  wireName?: string;
}

/** An operation's validators (`operationSchemas` of `schemas.ts`). */
export interface GeneratedSchemas {
  params?: GeneratedValidator;
  data?: GeneratedValidator;
  envelope?: GeneratedValidator;
  /** By declared status as the document writes it: `429`, `4XX`, `default`. */
  errors?: Readonly<Record<string, GeneratedValidator>>;
}

/** An operation's fixture (`fixtures/index.ts`); `params` is absent where none could be made. */
export interface GeneratedFixture {
  operationId: string;
  params?: Record<string, unknown>;
}

/** What the engine's response hook reports. */
export interface EngineResponseEvent {
  status: number;
  attempt: number;
  durationMs: number;
}

/** What the engine's request hook reports: one attempt (or a redirect it follows), the credential shown as `[redacted]`. */
export interface EngineRequestEvent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  attempt: number;
}

/** Options of the engine, as `CoreOptions` of the runtime takes them. */
export interface EngineOptions {
  apiKey?: string;
  baseUrl: string;
  maxRetries?: number;
  timeoutMs?: number;
  maxRetryWaitMs?: number;
  maxResponseBytes?: number;
  validate?: 'off';
  fetch?: typeof fetch;
  onRequest?(event: EngineRequestEvent): void;
  onResponse?(event: EngineResponseEvent): void;
}

/** One call's options, as `RequestOptions` of the runtime takes them. */
export interface EngineCallOptions {
  idempotencyKey?: string;
  signal?: AbortSignal;
  validate?: 'off';
  /** Headers of this call, over the engine's own (an idempotency key of the wrong length). */
  headers?: Record<string, string>;
}

/** The whole outcome of a call (`ApiResult`): the body is the parsed JSON, or the text where it is not JSON. */
export interface EngineResult {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  attempts: number;
}

/** The runtime's `Core`: sends an operation by its wire rules, and redacts the credential from text. */
export interface Engine {
  request(
    spec: GeneratedOperationSpec,
    input: Record<string, unknown> | undefined,
    validators: GeneratedSchemas,
    options: EngineCallOptions,
  ): { withResponse(): Promise<EngineResult> };
  redact(text: string): string;
}

/** What `verify` takes of one run's generated code. */
export interface GeneratedApi {
  /** `create<Api>Core` of `client.ts`: the engine with the document's credential. */
  createCore(options: EngineOptions & { apiKey?: string; auth?: Record<string, unknown> }): Engine;
  /** The engine sending no credential at all (the runtime's `Core` with no scheme). */
  createAnonymousCore(options: EngineOptions): Engine;
  operations: readonly GeneratedOperationSpec[];
  schemas: Readonly<Record<string, GeneratedSchemas | undefined>>;
  fixtures: Readonly<Record<string, GeneratedFixture | undefined>>;
}

type EngineClass = new (options: EngineOptions, auth: { kind: 'none' }) => Engine;

/**
 * The parts of the generated `index` module and `fixtures/index` module that verify uses, or an
 * error naming what is missing (an output generated without the client, zod or fixtures output).
 */
export function generatedApiOf(index: Record<string, unknown>, fixturesModule: Record<string, unknown>, model: ApiModel): GeneratedApi {
  const createName = createCoreName(model);
  const createCore = index[createName];
  const Core = index['Core'];
  const operations = index['operations'];
  const schemas = index['operationSchemas'];
  const fixtures = fixturesModule['fixtures'];
  const missing = [
    typeof createCore === 'function' ? '' : `${createName} (the client output)`,
    typeof Core === 'function' ? '' : 'Core (the client runtime)',
    Array.isArray(operations) ? '' : 'operations (the client output)',
    isRecord(schemas) ? '' : 'operationSchemas (the zod output)',
    isRecord(fixtures) ? '' : 'fixtures (the fixtures output)',
  ].filter(Boolean);
  if (missing.length > 0)
    throw new Error(`the generated code does not export ${missing.join(', ')}; generate every output (or at least client, zod and fixtures)`);
  return {
    createCore: createCore as GeneratedApi['createCore'],
    createAnonymousCore: (options) => new (Core as EngineClass)(options, { kind: 'none' }),
    operations: operations as GeneratedOperationSpec[],
    schemas: schemas as GeneratedApi['schemas'],
    fixtures: fixtures as GeneratedApi['fixtures'],
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
