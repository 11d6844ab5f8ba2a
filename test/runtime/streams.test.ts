import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Core, type OperationSpec, type Validator } from '../../templates/runtime.js';
import { operationSpec, oneScheme } from './operation-spec.js';

/**
 * Streamed responses (OpenAPI 3.2 `itemSchema`) as the runtime reads them: a real server on
 * 127.0.0.1 writes the body in the chunks a test gives (a byte at a time where the split matters),
 * so that items, lines and characters cut between chunks are read back whole.
 */
let chunks: (string | Buffer)[] = [];
let contentType = 'application/jsonl';
/** When set, the server writes the chunks and keeps the response open (until the client leaves). */
let holdOpen = false;
let closedEarly: Promise<void> = Promise.resolve();
let accepted: string | undefined;
let server: ReturnType<typeof createServer>;
let url: string;

beforeAll(async () => {
  server = createServer((req, res: ServerResponse) => {
    accepted = req.headers.accept;
    res.writeHead(200, { 'content-type': contentType });
    for (const chunk of chunks) res.write(chunk);
    if (holdOpen) closedEarly = new Promise((resolve) => res.on('close', () => resolve()));
    else res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const core = (options: { maxResponseBytes?: number } = {}) => new Core({ apiKey: 'key-0a1b2c3d', baseUrl: url, ...options }, oneScheme({ kind: 'none' }));
const spec = (stream: OperationSpec['stream']) => operationSpec({ dataKind: 'stream', stream });
const bytes = (text: string) => [...Buffer.from(text)].map((b) => Buffer.from([b]));

async function collect(items: Promise<unknown>): Promise<unknown[]> {
  const all: unknown[] = [];
  for await (const item of (await items) as AsyncIterable<unknown>) all.push(item);
  return all;
}

/** Items are numbers: anything else is refused, numbers are doubled (the validator's output is what the caller gets). */
const numbers: Validator = {
  safeParse: (value) =>
    typeof value === 'number' ? { success: true, data: value * 2 } : { success: false, error: { issues: [{ path: [], message: 'expected a number' }] } },
};

describe('JSON Lines and JSON text sequences', () => {
  it('reads items cut anywhere, a character cut between its bytes, CRLF and blank lines, a last line without LF', async () => {
    contentType = 'application/jsonl';
    chunks = bytes('{"name":"café"}\r\n\n[1,2]\n"last"');
    expect(await collect(core().request(spec('jsonl'), {}, {}))).toStrictEqual([{ name: 'café' }, [1, 2], 'last']);
  });

  it('reads a JSON text sequence (RS before each text)', async () => {
    contentType = 'application/json-seq';
    chunks = bytes('\u001e{"a":1}\n\u001e2\n');
    expect(await collect(core().request(spec('json-seq'), {}, {}))).toStrictEqual([{ a: 1 }, 2]);
  });

  it('validates each item, gives the validator output, and names a bad item by its index', async () => {
    chunks = ['1\n2\n"three"\n4\n'];
    const seen: unknown[] = [];
    const run = async () => {
      for await (const item of (await core().request(spec('jsonl'), {}, { data: numbers })) as AsyncIterable<unknown>) seen.push(item);
    };
    await expect(run()).rejects.toMatchObject({ name: 'ResponseValidationError', issues: [{ path: [2], message: 'expected a number' }] });
    expect(seen).toStrictEqual([2, 4]);
    expect(await collect(core().request(spec('jsonl'), {}, { data: numbers }, { validate: 'off' }))).toStrictEqual([1, 2, 'three', 4]);
  });

  it('refuses an item that is not JSON, and one longer than maxResponseBytes (a long stream of small items is fine)', async () => {
    chunks = ['1\n{oops\n'];
    await expect(collect(core().request(spec('jsonl'), {}, {}))).rejects.toMatchObject({ name: 'ResponseValidationError', issues: [{ path: [1] }] });
    chunks = Array.from({ length: 200 }, (_, i) => `${i}\n`);
    expect(await collect(core({ maxResponseBytes: 16 }).request(spec('jsonl'), {}, {}))).toHaveLength(200);
    chunks = ['1\n', `"${'x'.repeat(64)}`];
    await expect(collect(core({ maxResponseBytes: 16 }).request(spec('jsonl'), {}, {}))).rejects.toMatchObject({ name: 'ResponseTooLargeError', limit: 16 });
  });

  it('closes the connection when the caller leaves the loop, and stops with an AbortError when its signal aborts', async () => {
    chunks = ['1\n2\n'];
    holdOpen = true;
    try {
      for await (const item of (await core().request(spec('jsonl'), {}, {})) as AsyncIterable<unknown>) {
        expect(item).toBe(1);
        break;
      }
      await closedEarly;
      const controller = new AbortController();
      const seen: unknown[] = [];
      const run = async () => {
        for await (const item of (await core().request(spec('jsonl'), {}, {}, { signal: controller.signal })) as AsyncIterable<unknown>) {
          seen.push(item);
          if (seen.length === 2) controller.abort();
        }
      };
      await expect(run()).rejects.toMatchObject({ name: 'AbortError' });
      expect(seen).toStrictEqual([1, 2]);
    } finally {
      holdOpen = false;
    }
  });
});

describe('server-sent events', () => {
  it("asks for the stream's media type, and reads events as the standard says: fields, comments, data lines joined, CR, LF or CRLF, split anywhere", async () => {
    contentType = 'text/event-stream';
    chunks = [];
    await collect(core().request({ ...spec('sse'), accept: 'text/event-stream' }, {}, {}));
    expect(accepted).toBe('text/event-stream');
    const text = ': comment\r\nevent: add\r\ndata: one\r\ndata:two\r\nid: 1\r\nretry: 500\r\n\r\ndata: {"x":1}\rignored-field: y\r\rdata\n\nevent: no-data\n\n';
    for (const given of [[text], bytes(text)]) {
      chunks = given;
      expect(await collect(core().request(spec('sse'), {}, {}))).toStrictEqual([
        { event: 'add', data: 'one\ntwo', id: '1', retry: 500 },
        { data: '{"x":1}' },
        { data: '' },
      ]);
    }
  });

  it('drops an event the stream ends in the middle of', async () => {
    chunks = ['data: a\n\ndata: b\n'];
    expect(await collect(core().request(spec('sse'), {}, {}))).toStrictEqual([{ data: 'a' }]);
  });
});
