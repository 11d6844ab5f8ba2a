/**
 * Server-sent events as the runtime reads them, against a real server on 127.0.0.1 that sends events
 * slowly, drops the connection, sends `retry`, and reads `Last-Event-ID` when the client comes back:
 * the first event arrives before the stream ends, a broken stream is resumed after the last event
 * it gave, bounded, and the caller's signal or the time limit ends a stream that never does.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AbortError, ApiError, ConnectionError, Core, readServerSentEvents, ResponseValidationError, TimeoutError } from '../../../templates/runtime.js';
import type { OperationSpec } from '../../../templates/runtime/spec.js';
import { operationSpec, oneScheme } from '../operation-spec.js';

/** What the server does for one connection: write these pieces, a pause between each, then end, drop or hang. */
interface Script {
  status?: number;
  pieces: string[];
  pauseMs?: number;
  /** `refuse`: the connection dropped before any answer. */
  ending: 'end' | 'drop' | 'hang' | 'refuse';
}
let scripts: Script[] = [];
/** Each connection's request: its Last-Event-ID and method, and when its last piece was written. */
let seen: { lastEventId: string | undefined; method: string; at: number }[] = [];
let server: ReturnType<typeof createServer>;
let url: string;
const open = new Set<ServerResponse>();

beforeAll(async () => {
  server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const script = scripts[seen.length] ?? { pieces: [], ending: 'end' };
    seen.push({ lastEventId: req.headers['last-event-id'] as string | undefined, method: req.method ?? '', at: Date.now() });
    if (script.ending === 'refuse') {
      req.socket.destroy();
      return;
    }
    open.add(res);
    res.on('close', () => open.delete(res));
    res.writeHead(script.status ?? 200, { 'content-type': 'text/event-stream' });
    for (const piece of script.pieces) {
      if (res.destroyed) return;
      res.write(piece);
      await new Promise((resolve) => setTimeout(resolve, script.pauseMs ?? 0));
    }
    if (script.ending === 'end') res.end();
    else if (script.ending === 'drop') res.socket?.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const res of open) res.socket?.destroy();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  scripts = [];
  seen = [];
});

/** An operation of events whose data is JSON of `{ n: number }` (a 3.0 or 3.1 document's `schema`). */
const events = (change: Partial<OperationSpec> = {}): OperationSpec =>
  operationSpec({
    dataKind: 'stream',
    stream: 'sse',
    eventData: 'json',
    accept: 'text/event-stream',
    retryConnectionErrors: true,
    readItems: readServerSentEvents,
    ...change,
  });
const validators = { data: z.object({ n: z.number() }) };
const core = (options: { timeoutMs?: number; maxRetries?: number } = {}) => new Core({ baseUrl: url, ...options }, oneScheme({ kind: 'none' }));

/** The events of one call, as they come, with when each came. */
async function collect(spec: OperationSpec, options: { signal?: AbortSignal; core?: Core } = {}): Promise<{ event: unknown; at: number }[]> {
  const items = (await (options.core ?? core()).request<AsyncIterable<unknown>>(
    spec,
    {},
    validators,
    options.signal ? { signal: options.signal } : {},
  )) as AsyncIterable<unknown>;
  const got: { event: unknown; at: number }[] = [];
  for await (const event of items) got.push({ event, at: Date.now() });
  return got;
}

describe('server-sent events', () => {
  it('arrive as they are sent: the first before the stream ends, each typed and validated', async () => {
    scripts = [{ pieces: ['id: 1\nevent: tick\ndata: {"n":1}\n\n', ': keep-alive\n', 'data: {"n":\n', 'data: 2}\n\n'], pauseMs: 150, ending: 'end' }];
    const started = Date.now();
    const got = await collect(events());
    expect(got.map((g) => g.event)).toStrictEqual([{ data: { n: 1 }, event: 'tick', id: '1' }, { data: { n: 2 } }]);
    // The stream took 4 pauses; the first event came before the second pause was over.
    expect((got[0]?.at ?? 0) - started).toBeLessThan(300);
    expect((got[1]?.at ?? 0) - (got[0]?.at ?? 0)).toBeGreaterThanOrEqual(250);
  });

  it('give their text where the data is text', async () => {
    scripts = [{ pieces: ['data: [DONE]\n\n'], ending: 'end' }];
    const items = (await core().request<AsyncIterable<unknown>>(events({ eventData: 'text' }), {}, {})) as AsyncIterable<unknown>;
    const got: unknown[] = [];
    for await (const event of items) got.push(event);
    expect(got).toStrictEqual([{ data: '[DONE]' }]);
  });

  it('that break off are resumed after the wait the server asked for, with Last-Event-ID, the event cut short dropped', async () => {
    scripts = [
      { pieces: ['retry: 300\n', 'id: 7\ndata: {"n":7}\n\n', 'id: 8\ndata: {"n":'], pauseMs: 20, ending: 'drop' },
      { pieces: ['id: 8\ndata: {"n":8}\n\n'], ending: 'end' },
    ];
    const got = await collect(events());
    expect(got.map((g) => g.event)).toStrictEqual([
      { data: { n: 7 }, id: '7', retry: 300 },
      { data: { n: 8 }, id: '8' },
    ]);
    expect(seen.map((s) => s.lastEventId)).toStrictEqual([undefined, '7']);
    expect((seen[1]?.at ?? 0) - (seen[0]?.at ?? 0)).toBeGreaterThanOrEqual(300);
  });

  it('that break off without an event between are resumed at most maxRetries times in a row', async () => {
    scripts = Array.from({ length: 6 }, () => ({ pieces: ['retry: 0\n'], ending: 'drop' as const }));
    const error = await collect(events(), { core: core({ maxRetries: 2 }) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(seen.length).toBe(3);
  });

  it('whose resumption fails are resumed again, each failed attempt counted and waited, up to maxRetries', async () => {
    scripts = [
      { pieces: ['id: 1\ndata: {"n":1}\n\nretry: 0\n'], ending: 'drop' },
      { pieces: [], ending: 'refuse' },
      { status: 503, pieces: [], ending: 'end' },
      { pieces: ['id: 2\ndata: {"n":2}\n\n'], ending: 'end' },
    ];
    const got = await collect(events({ retryStatuses: [503] }), { core: core({ maxRetries: 3 }) });
    expect(got.map((g) => g.event)).toStrictEqual([
      { data: { n: 1 }, id: '1' },
      { data: { n: 2 }, id: '2' },
    ]);
    expect(seen.map((s) => s.lastEventId)).toStrictEqual([undefined, '1', '1', '1']);
    seen = [];
    scripts = [{ pieces: ['retry: 0\n'], ending: 'drop' }, ...Array.from({ length: 4 }, () => ({ pieces: [], ending: 'refuse' as const }))];
    const error = await collect(events(), { core: core({ maxRetries: 2 }) }).catch((e: unknown) => e);
    expect([error instanceof ConnectionError, seen.length]).toStrictEqual([true, 3]);
  });

  it('that give only events without data (a priming event) before each break are not resumed forever', async () => {
    scripts = Array.from({ length: 6 }, (_, i) => ({ pieces: [`retry: 0\nid: p${i}\ndata:\n\n`], ending: 'drop' as const }));
    const items = (await core({ maxRetries: 2 }).request<AsyncIterable<unknown>>(events({ eventData: 'text' }), {}, {})) as AsyncIterable<unknown>;
    const error = await (async () => {
      for await (const _ of items);
    })().catch((e: unknown) => e);
    expect([error instanceof ConnectionError, seen.length]).toStrictEqual([true, 3]);
  });

  it('send no Last-Event-ID after an id field with no value (WHATWG: the last event ID is then empty)', async () => {
    scripts = [
      { pieces: ['retry: 0\nid: 1\ndata: {"n":1}\n\nid:\ndata: {"n":2}\n\n'], ending: 'drop' },
      { pieces: [], ending: 'end' },
    ];
    await collect(events());
    expect(seen.map((s) => s.lastEventId)).toStrictEqual([undefined, undefined]);
  });

  it('are not resumed for a call that may not be repeated (a POST without an idempotency key)', async () => {
    scripts = [
      { pieces: ['data: {"n":1}\n\n'], ending: 'drop' },
      { pieces: ['data: {"n":2}\n\n'], ending: 'end' },
    ];
    const got: unknown[] = [];
    const error = await (async () => {
      for await (const event of (await core().request<AsyncIterable<unknown>>(
        events({ method: 'POST', retryConnectionErrors: false }),
        {},
        validators,
      )) as AsyncIterable<unknown>)
        got.push(event);
    })().catch((e: unknown) => e);
    expect([got, error instanceof ConnectionError, seen.length]).toStrictEqual([[{ data: { n: 1 } }], true, 1]);
  });

  it('stop when the server answers the resumption 204, and fail as the call does when it answers a failure', async () => {
    scripts = [
      { pieces: ['id: 1\ndata: {"n":1}\n\nretry: 0\n'], ending: 'drop' },
      { status: 204, pieces: [], ending: 'end' },
    ];
    expect((await collect(events())).map((g) => g.event)).toStrictEqual([{ data: { n: 1 }, id: '1' }]);
    seen = [];
    scripts = [
      { pieces: ['retry: 0\n'], ending: 'drop' },
      { status: 404, pieces: [], ending: 'end' },
    ];
    await expect(collect(events({ retryStatuses: [503] }))).rejects.toBeInstanceOf(ApiError);
    expect(seen.length).toBe(2);
  });

  it("that never end are ended by the caller's signal, and by the time limit when nothing comes", async () => {
    scripts = [{ pieces: ['data: {"n":1}\n\n'], ending: 'hang' }];
    const controller = new AbortController();
    const items = (await core().request<AsyncIterable<unknown>>(events(), {}, validators, { signal: controller.signal })) as AsyncIterable<unknown>;
    const got: unknown[] = [];
    const error = await (async () => {
      for await (const event of items) {
        got.push(event);
        controller.abort();
      }
    })().catch((e: unknown) => e);
    expect([got.length, error instanceof AbortError]).toStrictEqual([1, true]);
    seen = [];
    scripts = [{ pieces: ['data: {"n":1}\n\n'], ending: 'hang' }];
    const idle = await collect(events({ retryConnectionErrors: false }), { core: core({ timeoutMs: 200 }) }).catch((e: unknown) => e);
    expect(idle).toBeInstanceOf(TimeoutError);
  });

  it('whose data does not match the schema fail naming the event and the field', async () => {
    scripts = [{ pieces: ['data: {"n":1}\n\ndata: {"n":"two"}\n\n'], ending: 'end' }];
    const error = (await collect(events()).catch((e: unknown) => e)) as ResponseValidationError;
    expect([error instanceof ResponseValidationError, error.issues[0]?.path]).toStrictEqual([true, [1, 'data', 'n']]);
    scripts = [{ pieces: ['data: not json\n\n'], ending: 'end' }];
    seen = [];
    const bad = (await collect(events()).catch((e: unknown) => e)) as ResponseValidationError;
    expect(bad.issues).toStrictEqual([{ path: [0, 'data'], message: "the event's data is not valid JSON" }]);
  });
});
