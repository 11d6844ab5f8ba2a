/** The copied `msw/handlers.ts` as code: how an answer of a fixture goes on the wire, as the mock server sends it. */
import { describe, expect, it } from 'vitest';
import { responseOf, type MswAnswer } from '../../templates/msw/handlers.js';

/** What a client reads of a response: its status, its content type, its body's text. */
async function read(answer: MswAnswer): Promise<{ status: number; type: string | null; text: string; length: string | null }> {
  const response = responseOf(answer);
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text(), length: response.headers.get('content-length') };
}

const table: [string, { given: MswAnswer; want: Awaited<ReturnType<typeof read>> }][] = [
  [
    'an object as JSON',
    { given: { status: 200, headers: {}, body: { a: 1 } }, want: { status: 200, type: 'application/json', text: '{"a":1}', length: null } },
  ],
  ['null as no body', { given: { status: 503, headers: {}, body: null }, want: { status: 503, type: null, text: '', length: null } }],
  [
    'null as JSON where its content type is JSON',
    {
      given: { status: 200, headers: { 'content-type': 'application/json' }, body: null },
      want: { status: 200, type: 'application/json', text: 'null', length: null },
    },
  ],
  [
    'a string as text',
    { given: { status: 200, headers: {}, body: 'pong' }, want: { status: 200, type: 'text/plain; charset=utf-8', text: 'pong', length: null } },
  ],
  [
    'a string with its own content type',
    { given: { status: 200, headers: { 'Content-Type': 'text/csv' }, body: 'a,b' }, want: { status: 200, type: 'text/csv', text: 'a,b', length: null } },
  ],
  [
    'a string quoted where its content type is JSON',
    {
      given: { status: 200, headers: { 'content-type': 'application/problem+json' }, body: 'x' },
      want: { status: 200, type: 'application/problem+json', text: '"x"', length: null },
    },
  ],
  [
    'no framing header of the fixture’s',
    {
      given: { status: 200, headers: { 'Content-Length': '999', Connection: 'close' }, body: { a: 1 } },
      want: { status: 200, type: 'application/json', text: '{"a":1}', length: null },
    },
  ],
  ['no body where the status has none', { given: { status: 204, headers: {}, body: { a: 1 } }, want: { status: 204, type: null, text: '', length: null } }],
  [
    'a Blob as its bytes',
    {
      given: { status: 200, headers: { 'content-type': 'image/png' }, body: new Blob(['png']) },
      want: { status: 200, type: 'image/png', text: 'png', length: null },
    },
  ],
];

describe('responseOf', () => {
  it.each(table)('%s', async (_, { given, want }) => expect(await read(given)).toStrictEqual(want));

  it('keeps the fixture’s other headers', () => {
    expect(responseOf({ status: 201, headers: { Location: '/pets/7', 'Retry-After': '3' }, body: null }).headers.get('location')).toBe('/pets/7');
  });
});
