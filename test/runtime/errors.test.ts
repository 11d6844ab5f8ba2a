import { describe, expect, it } from 'vitest';
import {
  AbortError,
  ApiError,
  ClientError,
  ConnectionError,
  RateLimitError,
  RequestValidationError,
  ResponseValidationError,
  TimeoutError,
} from '../../templates/runtime/errors.js';

const failure = { operationId: 'getThing', headers: {} };

describe('the error classes', () => {
  it('each is named after its class and is a ClientError carrying the operation', () => {
    const errors = [
      new ApiError({ ...failure, status: 500, body: undefined }),
      new RateLimitError({ ...failure, status: 429, body: undefined, retryAfter: 3 }),
      new ConnectionError('getThing: connection failed', 'getThing'),
      new TimeoutError('getThing', 50),
      new AbortError('getThing was aborted', 'getThing'),
      new RequestValidationError('getThing', []),
      new ResponseValidationError('getThing', 200, []),
    ];
    expect(errors.map((e) => e.name)).toStrictEqual([
      'ApiError',
      'RateLimitError',
      'ConnectionError',
      'TimeoutError',
      'AbortError',
      'RequestValidationError',
      'ResponseValidationError',
    ]);
    for (const error of errors) {
      expect(error).toBeInstanceOf(ClientError);
      expect(error).toBeInstanceOf(Error);
      expect(error.operationId).toBe('getThing');
      expect(String(error)).toMatch(new RegExp(`^${error.name}: `));
    }
    expect(errors[1]).toBeInstanceOf(ApiError);
  });

  const messages: [string, { status: number; body: unknown }, string][] = [
    [
      'the envelope: msg, code and rid',
      { status: 400, body: { code: 1001, msg: 'prompt too long', rid: 'r-1' } },
      'getThing failed with HTTP 400: prompt too long (code 1001, rid r-1)',
    ],
    ['code 0 is still shown', { status: 400, body: { code: 0, msg: 'odd' } }, 'getThing failed with HTTP 400: odd (code 0)'],
    ['a text body, trimmed', { status: 502, body: '  Bad Gateway\n' }, 'getThing failed with HTTP 502: Bad Gateway'],
    ['a long text body, cut at 200 characters', { status: 502, body: 'x'.repeat(500) }, `getThing failed with HTTP 502: ${'x'.repeat(200)}`],
    ['no body', { status: 500, body: undefined }, 'getThing failed with HTTP 500: no message'],
    ['a blank body', { status: 500, body: '   ' }, 'getThing failed with HTTP 500: no message'],
    ['an array body is no envelope', { status: 500, body: [{ msg: 'not this' }] }, 'getThing failed with HTTP 500: no message'],
    ['wrong-typed envelope fields are not shown', { status: 500, body: { code: '7', msg: 7, rid: 9 } }, 'getThing failed with HTTP 500: no message'],
  ];
  it.each(messages)('ApiError message from %s', (_name, init, message) => {
    expect(new ApiError({ ...failure, ...init }).message).toBe(message);
  });

  it("ApiError keeps the envelope's fields, and its cause only when it is text", () => {
    const error = new ApiError({
      ...failure,
      status: 400,
      body: { code: 1, msg: 'm', cause: 'validation', details: { field: 'x' }, rid: 'r' },
      headers: { 'x-a': '1' },
    });
    expect({ ...error, cause: error.cause }).toMatchObject({
      status: 400,
      code: 1,
      msg: 'm',
      cause: 'validation',
      details: { field: 'x' },
      rid: 'r',
      headers: { 'x-a': '1' },
    });
    expect(new ApiError({ ...failure, status: 400, body: { cause: { nested: true } } }).cause).toBeUndefined();
  });

  it('RateLimitError keeps the wait the API asked for', () => {
    expect(new RateLimitError({ ...failure, status: 429, body: undefined, retryAfter: 7 }).retryAfter).toBe(7);
    expect(new RateLimitError({ ...failure, status: 429, body: undefined, retryAfter: undefined }).retryAfter).toBeUndefined();
  });

  it('TimeoutError says how long it waited', () => {
    const error = new TimeoutError('getThing', 1500);
    expect(error.message).toBe('getThing timed out after 1500 ms');
    expect(error.timeoutMs).toBe(1500);
  });

  it('validation errors name the first five issues, the root as (root), and count the rest', () => {
    const issues = [{ path: [], message: 'expected object' }, ...Array.from({ length: 6 }, (_, i) => ({ path: ['items', i, 'name'], message: `bad ${i}` }))];
    const request = new RequestValidationError('getThing', issues);
    expect(request.message).toBe(
      'invalid request for getThing: (root): expected object; items.0.name: bad 0; items.1.name: bad 1; items.2.name: bad 2; items.3.name: bad 3; and 2 more',
    );
    expect(request.issues).toBe(issues);
    const response = new ResponseValidationError('getThing', 201, issues.slice(1, 2));
    expect(response.message).toBe('response of getThing does not match the document: items.0.name: bad 0');
    expect(response.status).toBe(201);
  });
});
