/**
 * `podcast-gen mcp --http` as Streamable HTTP asks, in process: each SSE stream of the 2025 era opens
 * with a priming event (an event ID and empty data) carrying `retry` (SEP-1699, protocol 2025-11-25),
 * never to a client of an older revision, which cannot read an event without data; the server is
 * stateless (no session, GET 405); both protocol eras the SDK serves answer the SDK's own client;
 * and it declares no capability it does not serve (`logging`). What the MCP conformance suite found
 * (test/mcp/conformance.compat.test.ts).
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMcp } from '../../generator/servers/mcp.js';
import { startFakeApi } from './helpers/fake-api.js';

const API_KEY = 'sk-live-streams-7a2c';
const TOKEN = 'stream-token';
const POST = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${TOKEN}` };

let api: Awaited<ReturnType<typeof startFakeApi>>;
let url: URL;
let stop: () => Promise<void>;

beforeAll(async () => {
  api = await startFakeApi(API_KEY);
  const controller = new AbortController();
  let log = '';
  let listening: (address: string) => void = () => {};
  const address = new Promise<string>((resolve) => (listening = resolve));
  const exit = runMcp({
    env: { PODCAST_API_KEY: API_KEY, PODCAST_BASE_URL: api.url, PODCAST_MCP_TOKENS: `${TOKEN}=podcast.read asset.read` },
    http: true,
    port: 0,
    signal: controller.signal,
    stderr: (text) => {
      log += text;
      const match = /listening on (http:\/\/\S+)/.exec(log);
      if (match?.[1]) listening(match[1]);
    },
  });
  stop = async () => {
    controller.abort();
    await exit;
  };
  url = new URL(await Promise.race([address, exit.then((code) => Promise.reject(new Error(`runMcp exited with ${code}: ${log}`)))]));
});
afterAll(async () => {
  await stop?.();
  await api?.close();
});

/** One event of an SSE stream, its fields as the stream spells them (`retry` as text). */
interface SseEvent {
  id?: string;
  event?: string;
  retry?: string;
  data: string;
}

/** The events of a whole SSE body (a comment line, such as a keep-alive, is no event). */
function sseEvents(body: string): SseEvent[] {
  const events: SseEvent[] = [];
  for (const block of body.split(/\r?\n\r?\n/)) {
    const lines = block.split(/\r?\n/).filter((line) => line !== '' && !line.startsWith(':'));
    if (lines.length === 0) continue;
    const event: SseEvent = { data: '' };
    const data: string[] = [];
    for (const line of lines) {
      const [field = '', ...rest] = line.split(':');
      const value = rest.join(':').replace(/^ /, '');
      if (field === 'data') data.push(value);
      else if (field === 'id' || field === 'event' || field === 'retry') event[field] = value;
    }
    event.data = data.join('\n');
    events.push(event);
  }
  return events;
}

const initialize = (protocolVersion: string) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 'http-streams-test', version: '1.0.0' } },
});
const callSubscription = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'podcast_get_subscription', arguments: {} } };

describe('mcp --http: SSE streams of the 2025 era (SEP-1699)', () => {
  it.each<{ given: string; headers: Record<string, string>; body: { id: number }; want: { priming: boolean } }>([
    { given: 'initialize at 2025-11-25', headers: {}, body: initialize('2025-11-25'), want: { priming: true } },
    { given: 'tools/call at 2025-11-25', headers: { 'mcp-protocol-version': '2025-11-25' }, body: callSubscription, want: { priming: true } },
    // A client of 2025-06-18 or older reads every event's data as a message: an empty one breaks it.
    { given: 'initialize at 2025-06-18', headers: {}, body: initialize('2025-06-18'), want: { priming: false } },
    { given: 'tools/call at 2025-03-26', headers: { 'mcp-protocol-version': '2025-03-26' }, body: callSubscription, want: { priming: false } },
  ])('$given: priming event with retry first: $want.priming', async ({ headers, body, want }) => {
    const response = await fetch(url, { method: 'POST', headers: { ...POST, ...headers }, body: JSON.stringify(body) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('mcp-session-id')).toBeNull();
    const events = sseEvents(await response.text());
    const answer = events.find((event) => event.data !== '');
    expect(JSON.parse(answer?.data ?? '{}')).toMatchObject({ jsonrpc: '2.0', id: body.id, result: {} });
    if (!want.priming) return void expect(events.filter((event) => event.data === '')).toStrictEqual([]);
    const [first] = events;
    expect(first?.data).toBe('');
    expect(first?.id).toMatch(/\S/);
    expect(Number(first?.retry)).toBeGreaterThan(0);
    // Every event of the stream has an ID of its own, unique across streams.
    expect(answer?.id).toMatch(/\S/);
    expect(answer?.id).not.toBe(first?.id);
  });

  it('gives two streams IDs that never collide', async () => {
    const ids = await Promise.all(
      [1, 2].map(async () => {
        const response = await fetch(url, { method: 'POST', headers: POST, body: JSON.stringify(initialize('2025-11-25')) });
        return sseEvents(await response.text()).map((event) => event.id);
      }),
    );
    expect(ids.flat()).not.toContain(undefined);
    expect(new Set(ids.flat()).size).toBe(ids.flat().length);
  });

  it('keeps no session: a GET stream (or one resumed with Last-Event-ID) and DELETE are 405, allowing POST', async () => {
    for (const [method, extra] of [
      ['GET', {}],
      ['GET', { 'last-event-id': 'any' }],
      ['DELETE', {}],
    ] as const) {
      const response = await fetch(url, { method, headers: { accept: 'text/event-stream', authorization: `Bearer ${TOKEN}`, ...extra } });
      expect(response.status, `${method} ${JSON.stringify(extra)}`).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      await response.body?.cancel();
    }
  });
});

describe('mcp --http: both protocol eras, and only the capabilities it serves', () => {
  it.each(['legacy', '2026-07-28'] as const)("the SDK's client (era %s) lists and calls", async (era) => {
    const client = new Client({ name: 'http-streams-test', version: '1.0.0' }, era === 'legacy' ? {} : { versionNegotiation: { mode: { pin: era } } });
    await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } } }));
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe(era === 'legacy' ? '2025-11-25' : '2026-07-28');
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('podcast_get_subscription');
      const result = await client.callTool({ name: 'podcast_get_subscription', arguments: {} });
      expect(result.isError ?? false, JSON.stringify(result)).toBe(false);
      // Logging is not declared, so logging/setLevel is not served: the two agree.
      expect(client.getServerCapabilities()?.logging).toBeUndefined();
      await expect(client.setLoggingLevel('info')).rejects.toThrow(/-32601|not found|not support/i);
    } finally {
      await client.close();
    }
  });
});
