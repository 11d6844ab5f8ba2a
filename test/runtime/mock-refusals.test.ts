import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { bodyProblem, idempotencyProblem, mediaTypeMatches, ruleOf, validationProblem, type ValidatorIssue } from '../../templates/mock/input-problems.js';
import { allowedMethods } from '../../templates/mock/match.js';
import { carryMessage, refusalStatus, type RefusalKind } from '../../templates/mock/refusals.js';
import type { MockDeclaredError, MockRoute } from '../../templates/mock/wire.js';

// The mock's refusals, room by room (templates/mock/input-problems.ts, refusals.ts): what is wrong
// said by place and rule, the status the operation declares for it, and a body its schema takes.

const route = (more: Partial<MockRoute> = {}): MockRoute => ({ operationId: 'op', method: 'POST', path: '/a', fields: [], ...more });

describe('ruleOf: a validator issue as the rule it breaks', () => {
  const cases: [string, { given: [Partial<ValidatorIssue>, unknown]; want: string }][] = [
    ['a missing value', { given: [{ code: 'invalid_type', expected: 'string' }, undefined], want: 'required' }],
    ['a value of another type', { given: [{ code: 'invalid_type', expected: 'int' }, 'x'], want: 'must be an integer' }],
    ['a number over its maximum', { given: [{ code: 'too_big', origin: 'number', maximum: 100, inclusive: true }, 101], want: 'must be <= 100' }],
    ['a number at an exclusive minimum', { given: [{ code: 'too_small', origin: 'number', minimum: 0, inclusive: false }, 0], want: 'must be > 0' }],
    ['a string too long', { given: [{ code: 'too_big', origin: 'string', maximum: 128 }, 'k'], want: 'must be at most 128 characters' }],
    ['a string too short', { given: [{ code: 'too_small', origin: 'string', minimum: 1 }, ''], want: 'must be at least 1 character' }],
    ['an array too long', { given: [{ code: 'too_big', origin: 'array', maximum: 2 }, []], want: 'must have at most 2 items' }],
    ['a value outside an enum', { given: [{ code: 'invalid_value', values: ['a', 'b', 'c'] }, 'd'], want: 'must be one of "a", "b", "c"' }],
    ['a value outside two', { given: [{ code: 'invalid_value', values: [1, 2] }, 3], want: 'must be 1 or 2' }],
    ['a pattern', { given: [{ code: 'invalid_format', format: 'regex', pattern: '^x$' }, 'y'], want: 'must match the pattern ^x$' }],
    ['a format', { given: [{ code: 'invalid_format', format: 'uuid' }, 'y'], want: 'must be a valid uuid' }],
    ['a multiple', { given: [{ code: 'not_multiple_of', divisor: 0.5 }, 0.3], want: 'must be a multiple of 0.5' }],
    ['an unknown property', { given: [{ code: 'unrecognized_keys', keys: ['x'] }, {}], want: 'must not have the property x' }],
    ['another check: its own message', { given: [{ code: 'custom', message: 'pick one of the two' }, {}], want: 'pick one of the two' }],
  ];
  it.each(cases)('%s', (_name, { given: [issue, value], want }) => {
    expect(ruleOf({ path: [], message: '', ...issue }, value)).toBe(want);
  });
});

describe('validationProblem: each issue placed where its field travels', () => {
  const fields: MockRoute['fields'] = [
    { name: 'limit', in: 'query', type: 'integer' },
    { name: 'traceId', wireName: 'X-Trace-Id', in: 'header', type: 'string' },
    { name: 'hosts', in: 'body-field', type: 'array' },
  ];
  const params = z.object({
    limit: z.optional(z.int().check(z.maximum(100))),
    traceId: z.optional(z.string()),
    hosts: z.array(z.string()).check(z.maxLength(2)),
  });

  it('names the place, the wire name and the rule; only body issues make a body problem', () => {
    expect(validationProblem(route({ fields }), params, { limit: 500, traceId: 5, hosts: ['a', 'b', 'c'] })).toStrictEqual({
      kind: 'invalid',
      message: 'invalid request: query.limit: must be <= 100; header.X-Trace-Id: must be a string; body.hosts: must have at most 2 items',
      issues: [
        { path: ['query', 'limit'], message: 'must be <= 100' },
        { path: ['header', 'X-Trace-Id'], message: 'must be a string' },
        { path: ['body', 'hosts'], message: 'must have at most 2 items' },
      ],
    });
    expect(validationProblem(route({ fields }), params, { hosts: ['a', 7] })).toMatchObject({
      kind: 'invalid-body',
      message: 'invalid request: body.hosts[1]: must be a string',
    });
    expect(validationProblem(route({ fields }), params, {})?.message).toBe('invalid request: body.hosts: required');
  });
});

describe('bodyProblem and idempotencyProblem', () => {
  const json = route({ bodyKind: 'json', bodyTypes: ['application/json', 'image/*'], bodyRequired: true, bodyObject: true });
  const cases: [string, { given: [MockRoute, string, string | undefined, unknown]; want: string | undefined }][] = [
    ['a declared media type, its parameters aside', { given: [json, '{}', 'application/json; charset=utf-8', {}], want: undefined }],
    ['a wildcard the document declares', { given: [json, 'PNG', 'image/png', undefined], want: undefined }],
    [
      'another media type',
      { given: [json, '<a/>', 'application/xml', undefined], want: 'media-type: invalid request: header.Content-Type: must be application/json or image/*' },
    ],
    ['no body where one is required', { given: [json, '', 'application/json', undefined], want: 'invalid: invalid request: body: required' }],
    ['no body and no media type', { given: [json, '', undefined, undefined], want: 'invalid: invalid request: body: required' }],
    ['an array where the body is an object', { given: [json, '[]', 'application/json', []], want: 'invalid-body: invalid request: body: must be an object' }],
    ['null there', { given: [json, 'null', 'application/json', null], want: 'invalid-body: invalid request: body: must be an object' }],
    ['an optional body left out', { given: [route({ bodyKind: 'json', bodyTypes: ['application/json'] }), '', undefined, undefined], want: undefined }],
    [
      'an empty form, whose fields are all optional',
      {
        given: [route({ bodyKind: 'form', bodyTypes: ['application/x-www-form-urlencoded'], bodyRequired: true }), '', 'application/x-www-form-urlencoded', {}],
        want: undefined,
      },
    ],
  ];
  it.each(cases)('%s', (_name, { given: [r, raw, type, body], want }) => {
    const problem = bodyProblem(r, raw, type, body);
    expect(problem && `${problem.kind}: ${problem.message}`).toBe(want);
  });

  it('an idempotency key: required where the document says, within its bounds', () => {
    const key = route({ idempotency: { header: 'Idempotency-Key', required: true, minLength: 1, maxLength: 4 } });
    expect(idempotencyProblem(key, {})?.message).toBe('invalid request: header.Idempotency-Key: required');
    expect(idempotencyProblem(key, { 'idempotency-key': '' })?.message).toBe('invalid request: header.Idempotency-Key: must be at least 1 character');
    expect(idempotencyProblem(key, { 'idempotency-key': 'abcde' })?.message).toBe('invalid request: header.Idempotency-Key: must be at most 4 characters');
    expect(idempotencyProblem(key, { 'idempotency-key': 'abc' })).toBeUndefined();
    expect(idempotencyProblem(route({ idempotency: { header: 'Idempotency-Key' } }), {})).toBeUndefined();
  });

  it('mediaTypeMatches: type and subtype, `*` in the declared one, parameters and case aside', () => {
    expect(['application/json', '*/*', 'application/*'].map((d) => mediaTypeMatches(d, 'Application/JSON; charset=utf-8'))).toStrictEqual([true, true, true]);
    expect(['text/plain', 'image/*'].map((d) => mediaTypeMatches(d, 'application/json'))).toStrictEqual([false, false]);
  });
});

describe('refusalStatus: the status the operation declares for the kind of refusal', () => {
  const d = (...keys: string[]): MockDeclaredError[] => keys.map((key) => ({ key, fixture: Number(key) || 500, type: 'application/json' }));
  const cases: [string, { given: [MockDeclaredError[], RefusalKind]; want: [number, string | undefined] }][] = [
    ['a parameter: the 400', { given: [d('400', '422'), 'invalid'], want: [400, '400'] }],
    ['a parameter: the 422 where no 400 is declared', { given: [d('422', 'default'), 'invalid'], want: [422, '422'] }],
    ["a body's values: the 422 first", { given: [d('400', '422'), 'invalid-body'], want: [422, '422'] }],
    ["a body's values: the 400 where no 422 is declared", { given: [d('400'), 'invalid-body'], want: [400, '400'] }],
    ['unreadable JSON: never the 422', { given: [d('422', 'default'), 'malformed'], want: [400, 'default'] }],
    ['under 4XX before default', { given: [d('4XX', 'default'), 'invalid'], want: [400, '4XX'] }],
    ['only default: 400 for invalid values', { given: [d('default'), 'invalid-body'], want: [400, 'default'] }],
    ['a missing credential under default', { given: [d('default'), 'credential'], want: [401, 'default'] }],
    ['a media type: its own 415', { given: [d('415', 'default'), 'media-type'], want: [415, '415'] }],
    ['nothing declared', { given: [[], 'media-type'], want: [415, undefined] }],
    ['a 5XX covers no refusal', { given: [d('5XX'), 'invalid'], want: [400, undefined] }],
  ];
  it.each(cases)('%s', (_name, { given: [declared, kind], want }) => {
    const { status, declared: chosen } = refusalStatus(route({ declared }), kind);
    expect([status, chosen?.key]).toStrictEqual(want);
  });
});

describe('carryMessage: the message where the declared schema has room, never a body it refuses', () => {
  const problem = z.strictObject({ type: z.string(), title: z.string(), detail: z.optional(z.string()) });
  const nested = z.strictObject({ error: z.strictObject({ code: z.enum(['invalid']), message: z.string() }) });
  const open = z.object({ reason: z.enum(['unprocessable']) });
  const closed = z.strictObject({ error: z.enum(['bad_request']) });
  const cases: [string, { given: [unknown, Parameters<typeof carryMessage>[2]]; want: unknown }][] = [
    ['a message property', { given: [{ type: 't', title: 'Bad', detail: 'x' }, problem], want: { type: 't', title: 'Bad', detail: 'M' } }],
    ['one level down', { given: [{ error: { code: 'invalid', message: 'x' } }, nested], want: { error: { code: 'invalid', message: 'M' } } }],
    ['added where more properties are allowed', { given: [{ reason: 'unprocessable' }, open], want: { reason: 'unprocessable', message: 'M' } }],
    ['no room: the body as it was', { given: [{ error: 'bad_request' }, closed], want: { error: 'bad_request' } }],
    ['no judge: the body as it was', { given: [{ message: 'x' }, undefined], want: { message: 'x' } }],
  ];
  it.each(cases)('%s', (_name, { given: [body, judge], want }) => {
    expect(carryMessage(body, 'M', judge)).toStrictEqual(want);
  });
});

describe('allowedMethods: what a path takes (RFC 9110 Allow)', () => {
  it('its operations, HEAD beside a GET, and OPTIONS', () => {
    expect(allowedMethods(new Set(['GET', 'POST']))).toStrictEqual(['GET', 'POST', 'HEAD', 'OPTIONS']);
    expect(allowedMethods(new Set(['DELETE']))).toStrictEqual(['DELETE', 'OPTIONS']);
    expect(allowedMethods(new Set(['GET', 'HEAD', 'OPTIONS']))).toStrictEqual(['GET', 'HEAD', 'OPTIONS']);
  });
});
