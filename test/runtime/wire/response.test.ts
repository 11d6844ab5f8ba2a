/** Responses read by runtime/wire/response.ts: under a size cap, decoded, their headers as a record. */
import { describe, expect, it } from 'vitest';
import { ResponseTooLargeError } from '../../../templates/runtime/errors.js';
import { bodyReader, headersOf, parseBody, readBody, readCapped, readOrAbort } from '../../../templates/runtime/wire/response.js';

/** A response whose body arrives in these chunks. */
function streamed(chunks: string[], headers: Record<string, string> = {}): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { headers });
}

describe('readCapped', () => {
  it('reads a body within the cap whole', async () => {
    expect(await (await readCapped(streamed(['ab', 'cd']), 4, 'op', new AbortController())).text()).toBe('abcd');
  });

  it('gives up as soon as the body passes the cap, and aborts the connection', async () => {
    const controller = new AbortController();
    const error = await readCapped(streamed(['ab', 'cde']), 4, 'op', controller).catch((e: unknown) => e);
    expect([error instanceof ResponseTooLargeError, (error as ResponseTooLargeError).limit, controller.signal.aborted]).toStrictEqual([true, 4, true]);
  });

  it('refuses at once a Content-Length over the cap, saying it', async () => {
    const error = (await readCapped(streamed(['x'], { 'content-length': '99' }), 4, 'op', new AbortController()).catch(
      (e: unknown) => e,
    )) as ResponseTooLargeError;
    expect([error.contentLength, error.message]).toStrictEqual([
      99,
      'op: the response body is larger than maxResponseBytes (4 bytes): its Content-Length is 99',
    ]);
  });
});

describe('readOrAbort', () => {
  it('rejects a read that never ends once the signal aborts', async () => {
    const reader = new ReadableStream<Uint8Array>().getReader();
    const controller = new AbortController();
    const read = readOrAbort(reader, controller.signal);
    controller.abort(new Error('stop'));
    await expect(read).rejects.toThrow('stop');
  });
});

describe('decoding', () => {
  it.each<[string, { given: string; want: unknown }]>([
    ['JSON', { given: '{"a":1}', want: { a: 1 } }],
    ['text that is no JSON', { given: 'oops', want: 'oops' }],
    ['nothing', { given: '  ', want: undefined }],
  ])('parseBody: %s', (_name, { given, want }) => {
    expect(parseBody(given)).toStrictEqual(want);
  });

  it('reads a body by the kind of its data, and keeps a media type the Response constructor refuses out of the way', async () => {
    const bytes = new Blob(['{"a":1}']);
    const odd = new Response('x', { headers: { 'content-type': 'application/json' } });
    expect(await readBody(bodyReader(bytes, odd), 'json')).toStrictEqual({ a: 1 });
    expect(await readBody(bodyReader(bytes, odd), 'text')).toBe('{"a":1}');
    expect(await readBody(bodyReader(bytes, odd), 'none')).toBe(undefined);
    expect(headersOf(new Response(null, { headers: { 'X-A': '1' } }))).toStrictEqual({ 'x-a': '1' });
  });
});
