/**
 * What a call's answer becomes: a success decoded (the envelope's payload, validated), a failure
 * the {@link ApiError} (or {@link RateLimitError}) it is, its body redacted. And the checks of a
 * call's input before anything is sent.
 */
import type { Redactor } from '../auth/redaction.js';
import { ApiError, RateLimitError, ResponseValidationError, toIssue, type ValidationIssue } from '../errors.js';
import { carried, type OperationSpec, type OperationValidators, type ValidateMode } from '../spec.js';
import { isRecord } from '../values.js';
import { parseBody, readBody } from '../wire/response.js';
import type { StreamReadOptions } from '../streams/chunks.js';
import type { Answer } from './exchange.js';
import type { RequestOptions } from './options.js';
import type { ApiResult } from './result.js';
import { clampRetryAfter, retryAfterSeconds } from './retries.js';

/** How a success is decoded: the call's validation, validators, size cap and signal. */
export interface DecodeContext {
  attempts: number;
  validate: ValidateMode;
  validators: OperationValidators;
  maxBytes: number;
  signal: AbortSignal | undefined;
  redactor: Redactor;
  /** For a streamed response: the wait for its next bytes, and how a broken event stream is resumed. */
  stream?: Pick<StreamReadOptions, 'idleMs' | 'reconnect' | 'reconnects'>;
}

/** A success as the call resolves to it: the payload (validated where asked), or a stream of items read as the caller iterates. */
export async function decode<T>(spec: OperationSpec, answer: Answer, context: DecodeContext): Promise<ApiResult<T>> {
  const { attempts, validate, validators, maxBytes, signal, redactor } = context;
  const { response, headers } = answer;
  if (spec.dataKind === 'stream') {
    const items = carried(
      spec,
      spec.readItems,
      'readItems',
    )({
      spec,
      response,
      validator: validate === 'both' || validate === 'response' ? validators.data : undefined,
      maxBytes,
      controller: answer.controller,
      signal,
      redact: (text) => redactor.redact(text),
      ...context.stream,
    });
    return { data: items as T, status: response.status, headers, body: undefined, rid: undefined, attempts };
  }
  const body = await readBody(answer.read, spec.dataKind);
  let data = spec.envelopeData !== undefined && isRecord(body) ? body[spec.envelopeData] : body;
  // An answer to HEAD, and a 204, 205 or 304, has no body whatever the document says of it
  // (fetch gives none): there is nothing to check.
  const bodiless = spec.method === 'HEAD' || response.status === 204 || response.status === 205 || response.status === 304;
  const checksResponse = (validate === 'both' || validate === 'response') && !bodiless;
  if (checksResponse && validators.envelope) {
    // The envelope's own fields (a numeric rid, a missing object) are as wrong as the payload's.
    const result = validators.envelope.safeParse(body);
    if (!result.success) throw new ResponseValidationError(spec.operationId, response.status, result.error.issues.map(toIssue));
  }
  if (checksResponse && validators.data) {
    const result = validators.data.safeParse(data);
    // The validator's output: unknown fields kept (objects are loose), documented defaults filled in.
    if (result.success) data = result.data;
    else {
      const prefix = spec.envelopeData === undefined ? [] : [spec.envelopeData];
      throw new ResponseValidationError(
        spec.operationId,
        response.status,
        result.error.issues.map((i) => {
          const issue = toIssue(i);
          issue.path = [...prefix, ...issue.path];
          return issue;
        }),
      );
    }
  }
  const rid = isRecord(body) && typeof body['rid'] === 'string' ? body['rid'] : undefined;
  return { data: data as T, status: response.status, headers, body, rid, attempts };
}

/** A failure as the error the call throws: its body parsed and redacted (a server may echo the credential), a 429's wait read. */
export async function failure(spec: OperationSpec, answer: Answer, redactor: Redactor): Promise<ApiError> {
  const { response, headers } = answer;
  // A server that echoes the credential back (a 401 quoting the key) must not put it in the error.
  const text = await answer.read.text().catch(() => '');
  const body = redactor.redactValue(parseBody(text));
  const init = { operationId: spec.operationId, status: response.status, body, headers };
  if (response.status !== 429) return new ApiError(init);
  const field = spec.retryAfterField && isRecord(body) ? body[spec.retryAfterField] : undefined;
  const fromBody = typeof field === 'number' ? clampRetryAfter(field) : undefined;
  return new RateLimitError({ ...init, retryAfter: retryAfterSeconds(response.headers.get('retry-after')) ?? fromBody });
}

/** What the operation's input validator finds wrong with `input`. */
export function paramIssues(input: Record<string, unknown>, validators: OperationValidators): ValidationIssue[] {
  const result = validators.params?.safeParse(input);
  return result && !result.success ? result.error.issues.map(toIssue) : [];
}

/** An idempotency key given by the caller must be a non-empty string within the document's limit. */
export function idempotencyKeyIssues(spec: OperationSpec, options: RequestOptions): ValidationIssue[] {
  const key = options.idempotencyKey;
  const max = spec.idempotency?.maxLength;
  if (key === undefined || (typeof key === 'string' && key.length > 0 && (max === undefined || key.length <= max))) return [];
  return [{ path: ['idempotencyKey'], message: `must be a non-empty string of at most ${max ?? 'any'} characters` }];
}
