/** How a fixture's answer is served (templates/fixtures/answers.ts), by the mock and the MSW handlers alike. */
import { describe, expect, it } from 'vitest';
import { type FixtureAnswer, isJsonType, type WireAnswer, wireAnswer, withRetryAfter } from '../../templates/fixtures/answers.js';

describe('wireAnswer', () => {
  const table: [string, { given: FixtureAnswer; want: WireAnswer }][] = [
    [
      'an object as JSON, content-type added',
      { given: { status: 200, headers: {}, body: { a: 1 } }, want: { status: 200, headers: { 'content-type': 'application/json' }, body: '{"a":1}' } },
    ],
    [
      "no framing header of the fixture's (a Content-Length that is not the body's)",
      {
        given: { status: 200, headers: { 'Content-Length': '999', Connection: 'close', 'Content-Type': 'application/json', ETag: '"x"' }, body: [1] },
        want: { status: 200, headers: { 'Content-Type': 'application/json', ETag: '"x"' }, body: '[1]' },
      },
    ],
    [
      'a string as text',
      { given: { status: 200, headers: {}, body: 'hi' }, want: { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'hi' } },
    ],
    [
      'a string of a JSON media type, quoted',
      {
        given: { status: 200, headers: { 'content-type': 'application/problem+json' }, body: 'hi' },
        want: { status: 200, headers: { 'content-type': 'application/problem+json' }, body: '"hi"' },
      },
    ],
    ['null: no body', { given: { status: 200, headers: {}, body: null }, want: { status: 200, headers: {} } }],
    [
      'null of a JSON media type: a JSON null',
      {
        given: { status: 200, headers: { 'content-type': 'application/json' }, body: null },
        want: { status: 200, headers: { 'content-type': 'application/json' }, body: 'null' },
      },
    ],
    ['a 204: no body, whatever the fixture holds', { given: { status: 204, headers: {}, body: { a: 1 } }, want: { status: 204, headers: {} } }],
  ];
  it.each(table)('%s', (_, { given, want }) => {
    expect(wireAnswer(given)).toStrictEqual(want);
  });

  it('gives bytes as they are, without a content-type of its own', () => {
    const bytes = new Uint8Array([1, 2]);
    expect(wireAnswer({ status: 200, headers: {}, body: bytes })).toStrictEqual({ status: 200, headers: {}, body: bytes });
  });
});

describe('withRetryAfter', () => {
  it("replaces the fixture's Retry-After, in whatever case, and writes the wait in the body's field", () => {
    expect(
      withRetryAfter({ status: 429, headers: { 'retry-after': '60', 'X-Id': '1' }, body: { code: 429, retry_after: 60 } }, 2, 'retry_after'),
    ).toStrictEqual({
      status: 429,
      headers: { 'X-Id': '1', 'Retry-After': '2' },
      body: { code: 429, retry_after: 2 },
    });
  });

  it('leaves a body that is no object (or a document with no such field) as it is', () => {
    expect(withRetryAfter({ status: 429, headers: {}, body: [1] }, 1, 'retry_after').body).toStrictEqual([1]);
    expect(withRetryAfter({ status: 429, headers: {}, body: { code: 429 } }, 1, undefined).body).toStrictEqual({ code: 429 });
  });
});

describe('isJsonType', () => {
  it.each([
    ['application/json', true],
    ['application/problem+json; charset=utf-8', true],
    ['Application/JSON', true],
    ['text/json', false],
    ['application/jsonl', false],
    [undefined, false],
  ] as const)('%s: %s', (given, want) => {
    expect(isJsonType(given)).toBe(want);
  });
});
