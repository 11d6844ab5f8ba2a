/**
 * One request of a run as data: an operation's input and how the request departs from the
 * operation's own wire rules (another method, no credential or a wrong one, a header of its own,
 * the body replaced or left out). Plain JSON, so that a report can carry it and `--replay` can send
 * it again through the engine, with the credentials of that run.
 */
import { fetchSendsNoBody } from '../model/method-semantics.js';
import type { CredentialKind } from './engines.js';
import type { EngineCallOptions, GeneratedOperationSpec } from './generated-api.js';

/** A request of a run. */
export interface RequestCase {
  operationId: string;
  /** What it is, for people: `the fixture`, `limit at its maximum 100`, `the body field name left out`. */
  label: string;
  /** The client's input (its params). */
  input: Record<string, unknown>;
  /** The credential sent; the run's by default. */
  credential?: CredentialKind;
  /** A method the operation does not declare (its input's body then goes unsent). */
  method?: string;
  /** Headers of the call, over the engine's own (an idempotency key of the wrong length). */
  headers?: Record<string, string>;
  /** `none`: no idempotency key at all; a fresh one by default, where the operation declares one. */
  idempotencyKey?: 'none';
  /** The body as a whole: a value of its own (not an object), or `absent` (a required body left out). */
  body?: { value: unknown } | 'absent';
}

/** What a request expects of its answer. */
export type Expectation =
  | { kind: 'accepted' }
  | { kind: 'refused'; check: 'negative-data' | 'missing-required' }
  | { kind: 'unauthorized'; credential: 'none' | 'wrong' }
  | { kind: 'not-allowed'; path: string; declared: readonly string[] }
  | { kind: 'available'; createdBy: string }
  | { kind: 'gone'; deletedBy: string };

/** The call a case makes: the operation's wire descriptor as the case changes it, its input and options. */
export interface CaseCall {
  spec: GeneratedOperationSpec;
  input: Record<string, unknown>;
  options: Pick<EngineCallOptions, 'idempotencyKey' | 'headers'>;
}

/** The call of `request` for the operation of `spec`; undefined where the case cannot be made for it. */
export function caseCall(spec: GeneratedOperationSpec, request: RequestCase, limits: { minLength?: number } = {}): CaseCall | undefined {
  let call: GeneratedOperationSpec = { ...spec };
  let input = { ...request.input };
  const bodyFields = (spec.fields ?? []).filter((f) => f.in === 'body' || f.in === 'body-field');
  const withoutBody = () => {
    for (const field of bodyFields) delete input[field.name];
  };
  // Without its credential, whatever the operation requires: the engine would otherwise refuse to send it.
  if (request.credential === 'none') call.security = [];
  if (request.method) {
    call.method = request.method;
    if (fetchSendsNoBody(request.method)) {
      withoutBody();
      call = { ...call, fields: (call.fields ?? []).filter((f) => f.in !== 'body' && f.in !== 'body-field') };
      delete call.body;
    }
  }
  if (request.body === 'absent' && call.body) {
    withoutBody();
    call.body = { ...call.body, required: false, flattened: true };
  } else if (request.body && request.body !== 'absent' && call.body) {
    // The whole body under the engine's `body` field: no other field may take that name.
    if ((spec.fields ?? []).some((f) => f.name === 'body' && f.in !== 'body')) return undefined;
    withoutBody();
    call.fields = [...(call.fields ?? []).filter((f) => f.in !== 'body' && f.in !== 'body-field'), { name: 'body', in: 'body', required: true }];
    call.body = { ...call.body, flattened: false };
    input = { ...input, body: request.body.value };
  }
  if (request.idempotencyKey === 'none') delete call.idempotency;
  const options: CaseCall['options'] = {};
  if (call.idempotency) options.idempotencyKey = freshKey(call.idempotency.maxLength, limits.minLength);
  if (request.headers) options.headers = request.headers;
  return { spec: call, input, options };
}

/** A fresh idempotency key within the operation's bounds (a UUID where it fits). */
export function freshKey(maxLength?: number, minLength = 1): string {
  const uuid = globalThis.crypto.randomUUID();
  if (maxLength === undefined || maxLength >= uuid.length) return uuid;
  const compact = uuid.replace(/-/g, '');
  const key = compact.slice(0, Math.max(maxLength, 1));
  return key.length >= minLength ? key : key.padEnd(minLength, '0');
}
