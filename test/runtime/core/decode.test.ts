/** What an answer becomes (runtime/core/decode.ts): a payload decoded and validated, or the error of a failure. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Redactor } from '../../../templates/runtime/auth/redaction.js';
import { decode, failure, idempotencyKeyIssues } from '../../../templates/runtime/core/decode.js';
import type { Answer } from '../../../templates/runtime/core/exchange.js';
import { type RateLimitError, ResponseValidationError } from '../../../templates/runtime/errors.js';
import { operationSpec } from '../operation-spec.js';

const redactor = new Redactor();
redactor.add('key-7f3a9c21', true);
const answer = (status: number, body: unknown, headers: Record<string, string> = {}): Answer => {
  const response = new Response(JSON.stringify(body), { status, headers });
  return { response, read: response.clone(), headers };
};
const context = { attempts: 2, validate: 'both' as const, validators: { data: z.object({ n: z.number() }) }, maxBytes: 1000, signal: undefined, redactor };

describe('decode', () => {
  it("gives the envelope's payload, validated, with the envelope and its rid", async () => {
    const result = await decode(operationSpec({ envelopeData: 'data' }), answer(200, { code: 0, data: { n: 1 }, rid: 'r-1' }), context);
    expect(result).toStrictEqual({ data: { n: 1 }, status: 200, headers: {}, body: { code: 0, data: { n: 1 }, rid: 'r-1' }, rid: 'r-1', attempts: 2 });
  });

  it('names the field of a payload that does not match, under the envelope', async () => {
    const error = (await decode(operationSpec({ envelopeData: 'data' }), answer(200, { data: { n: 'x' } }), context).catch(
      (e: unknown) => e,
    )) as ResponseValidationError;
    expect([error instanceof ResponseValidationError, error.issues[0]?.path]).toStrictEqual([true, ['data', 'n']]);
  });

  it('checks nothing of an answer that has no body (HEAD, 204)', async () => {
    expect((await decode(operationSpec({ method: 'HEAD', dataKind: 'none' }), answer(200, ''), context)).data).toBe(undefined);
  });
});

describe('failure', () => {
  it("reads a 429's wait from the header, else the body's field, and redacts an echoed credential", async () => {
    const spec = operationSpec({ retryAfterField: 'retry_after' });
    const fromBody = (await failure(spec, answer(429, { retry_after: 7, echo: 'key-7f3a9c21' }), redactor)) as RateLimitError;
    expect([fromBody.retryAfter, fromBody.body]).toStrictEqual([7, { retry_after: 7, echo: '[redacted]' }]);
    expect(((await failure(spec, answer(429, { retry_after: 7 }, { 'retry-after': '2' }), redactor)) as RateLimitError).retryAfter).toBe(2);
  });
});

describe('idempotencyKeyIssues', () => {
  const spec = operationSpec({ method: 'POST', idempotency: { header: 'Idempotency-Key', maxLength: 4 } });
  it.each<[string, { given: unknown; want: number }]>([
    ['absent: one is made', { given: undefined, want: 0 }],
    ['within the limit', { given: 'abcd', want: 0 }],
    ['empty', { given: '', want: 1 }],
    ['too long', { given: 'abcde', want: 1 }],
  ])('%s', (_name, { given, want }) => {
    expect(idempotencyKeyIssues(spec, given === undefined ? {} : { idempotencyKey: given as string })).toHaveLength(want);
  });
});
