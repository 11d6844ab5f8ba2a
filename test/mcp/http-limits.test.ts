import { afterEach, describe, expect, it } from 'vitest';
import { runMcp } from '../../generator/servers/mcp.js';
import { closedAfter, openSockets, send, trickle } from './helpers/raw-http.js';

const TOKENS = 'first-token=podcast.read;second-token-longer=podcast.read;third=podcast.read';
const LIST = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

/** `runMcp({ http: true })` in this process, with small limits so that a test sees them act. */
async function serve(limits: Parameters<typeof runMcp>[0]['limits'] = {}): Promise<string> {
  const controller = new AbortController();
  let log = '';
  let listening: (url: string) => void = () => {};
  const address = new Promise<string>((resolve) => (listening = resolve));
  const exit = runMcp({
    env: { PODCAST_API_KEY: 'k', PODCAST_BASE_URL: 'http://127.0.0.1:9', PODCAST_MCP_TOKENS: TOKENS },
    http: true,
    port: 0,
    signal: controller.signal,
    limits,
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
  return Promise.race([address, exit.then((code) => Promise.reject(new Error(`runMcp exited with ${code}: ${log}`)))]);
}

describe('podcast-gen mcp --http under abuse (in process, small limits)', () => {
  it('hangs up on headers that trickle in past the headers timeout', async () => {
    const url = await serve({ headersTimeoutMs: 400, requestTimeoutMs: 800 });
    const slow = await trickle({ url, text: `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ${'a'.repeat(200)}\r\n`, everyMs: 50, timeoutMs: 5000 });
    expect(slow.closedAfterMs).toBeLessThan(3000);
  });

  it('hangs up on a body that trickles in past the request timeout', async () => {
    const url = await serve({ headersTimeoutMs: 400, requestTimeoutMs: 800 });
    const head = `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer third\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`;
    const slow = await trickle({ url, text: `${head}${' '.repeat(1000)}`, everyMs: 20, bytesPerTick: 4, timeoutMs: 6000 });
    expect(slow.closedAfterMs).toBeLessThan(4000);
  });

  it('closes an idle kept-alive connection after the keep-alive timeout', async () => {
    const url = await serve({ keepAliveTimeoutMs: 300 });
    const request = `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer third\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: ${LIST.length}\r\n\r\n${LIST}`;
    const idle = await trickle({ url, text: request, everyMs: 1, bytesPerTick: request.length, timeoutMs: 5000 });
    expect(idle.answer).toMatch(/^HTTP\/1\.1 200/);
    expect(idle.closedAfterMs).toBeLessThan(2000);
  });

  it('keeps at most maxConnections connections open', async () => {
    const url = await serve({ maxConnections: 4 });
    const sockets = await openSockets(url, 10);
    expect(await closedAfter(sockets, 300)).toBe(6);
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await send({ url, headers: { ...HEADERS, authorization: 'Bearer third' }, body: LIST })).status).toBe(200);
  });
});
