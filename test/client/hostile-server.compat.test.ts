import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AbortError,
  ApiError,
  ClientError,
  ConnectionError,
  createPodcastClient,
  RateLimitError,
  RedirectError,
  RequestValidationError,
  ResponseTooLargeError,
  ResponseValidationError,
  TimeoutError,
} from '../../generated/index.js';
import { fixtures } from '../../generated/fixtures/index.js';

/**
 * A server that answers at random: any status, odd content types, garbage, truncated, huge or
 * wrong-typed bodies, broken framing, early closes, slow headers, echoes of the key. Every call of
 * the generated client must settle as data or as one of the runtime's error classes, and no error
 * may carry the key. Answers are written on the raw socket, since node:http refuses what a hostile
 * server sends.
 */

/** Fixed, so that a failure reproduces; HOSTILE_DRAW runs another draw. */
const DRAW = Number(process.env['HOSTILE_DRAW'] ?? 20_260_611);
const CALLS = 360;
const LANES = 6;
const API_KEY = 'HostileFuzz-Key-7c1e93b5d2';
const TIMEOUT_MS = 250;
const MAX_BYTES = 64 * 1024;
/** A call still unsettled after this is reported as hung (the client's own limits end it far sooner). */
const SETTLE_MS = 10_000;
const ERROR_CLASSES = [
  ApiError,
  RateLimitError,
  RedirectError,
  ResponseTooLargeError,
  ConnectionError,
  TimeoutError,
  AbortError,
  RequestValidationError,
  ResponseValidationError,
  ClientError,
] as const;

type OperationId = keyof typeof fixtures;
const OPERATIONS = Object.keys(fixtures) as OperationId[];
const ECHO = 'ECHO_KEY';

/** How the body goes on the wire. */
type Framing =
  | 'length'
  | 'length-short'
  | 'length-long'
  | 'length-garbage'
  | 'length-twice'
  | 'length-huge'
  | 'chunked'
  | 'chunked-cut'
  | 'chunked-bad'
  | 'close';

/** One answer of the server. */
interface Plan {
  kind: 'http' | 'reset' | 'hang' | 'cut-status-line' | 'cut-headers' | 'garbage';
  status: number;
  reason: string;
  headers: [string, string][];
  body: string | Uint8Array;
  framing: Framing;
  /** Milliseconds before the headers are finished (past the timeout sometimes). */
  slowHeadersMs: number;
  /** Milliseconds before the second half of the body. */
  slowBodyMs: number;
  keepAlive: boolean;
}

const statusArb = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(200, 201, 204, 205, 206, 299, 301, 302, 303, 304, 307, 308, 400, 401, 404, 429, 500, 503) },
  { weight: 2, arbitrary: fc.constantFrom(100, 101, 103, 199, 600, 700, 999, 599, 600) },
  { weight: 3, arbitrary: fc.integer({ min: 100, max: 999 }) },
);

const contentTypeArb = fc.constantFrom<string | undefined>(
  undefined,
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/problem+json',
  'text/html',
  'text/plain',
  'application/octet-stream',
  'multipart/form-data; boundary=x',
  '',
  ';;;',
  'application/json, text/html',
  'text/event-stream',
);

/** A JSON value of any shape, to put where the document expects another. */
const wrongArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, 0, -1, 1e308, '', 'x', true, [], {}, [1, 'a'], { data: null }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Replaces one property (or the whole value) of `value` with a drawn wrong one. */
function mutate(value: unknown, wrong: unknown, pick: number): unknown {
  if (typeof value !== 'object' || value === null) return wrong;
  const keys = Object.keys(value);
  if (keys.length === 0) return wrong;
  const key = keys[pick % keys.length] as string;
  return Array.isArray(value) ? value.map((v, i) => (String(i) === key ? wrong : v)) : { ...value, [key]: wrong };
}

function bodyArb(operationId: OperationId): fc.Arbitrary<string | Uint8Array> {
  const fixture = fixtures[operationId] as { response: { body: Record<string, unknown> } };
  const good = fixture.response.body;
  const text = JSON.stringify(good);
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(text) },
    // The envelope with its payload, a field of it or a field of the envelope of the wrong type.
    {
      weight: 3,
      arbitrary: fc
        .tuple(wrongArb, fc.nat(), fc.boolean())
        .map(([wrong, pick, inData]) => JSON.stringify(inData ? { ...good, data: mutate(good['data'], wrong, pick) } : mutate(good, wrong, pick))),
    },
    // A failure envelope, the key echoed in its text, its property names and its values.
    {
      weight: 2,
      arbitrary: fc
        .record({ code: fc.oneof(fc.integer(), fc.string()), msg: fc.string(), rid: fc.oneof(fc.string(), fc.integer()), retry_after: wrongArb })
        .map((r) => JSON.stringify({ ...r, msg: `${r.msg} bad key ${ECHO}`, cause: ECHO, details: { [ECHO]: [ECHO, { k: ECHO }] } })),
    },
    { weight: 1, arbitrary: fc.constant(JSON.stringify({ ...good, msg: ECHO, data: { ...(good['data'] as object), [ECHO]: ECHO } })) },
    { weight: 1, arbitrary: fc.nat({ max: text.length }).map((n) => text.slice(0, n)) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
    { weight: 1, arbitrary: wrongArb.map((w) => JSON.stringify(w)) },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', 'null', `\uFEFF${text}`, '{"code":0,"data":', '<html><body>502 Bad Gateway</body></html>') },
    { weight: 1, arbitrary: fc.constantFrom('x'.repeat(MAX_BYTES + 1), `[${'0,'.repeat(MAX_BYTES)}0]`) },
    { weight: 1, arbitrary: fc.constant(`{"code":0,"data":${'['.repeat(10_000)}${']'.repeat(10_000)}}`) },
  );
}

const extraHeaderArb: fc.Arbitrary<[string, string]> = fc.oneof(
  fc.constantFrom<[string, string]>(
    ['retry-after', '0'],
    ['retry-after', '1'],
    ['retry-after', '-5'],
    ['retry-after', '99999999999999999999'],
    ['retry-after', 'soon'],
    ['retry-after', 'Wed, 21 Oct 2015 07:28:00 GMT'],
    ['location', '/open/podcast/v1/quota/summary'],
    ['location', `/open/podcast/v1/quota/summary?k=${ECHO}`],
    ['location', `http://${ECHO}.example/x`],
    ['location', `http://elsewhere.example/x?key=${ECHO}`],
    ['location', 'javascript:alert(1)'],
    ['location', ''],
    ['location', 'http://[::1'],
    ['x-echo', ECHO],
    ['set-cookie', `session=${ECHO}`],
    ['www-authenticate', `ApiKey realm="${ECHO}"`],
    ['content-encoding', 'gzip'],
    ['content-encoding', 'br, identity'],
    ['transfer-encoding', 'identity'],
    ['x-bytes', '\u00ff\u00fe'],
  ),
  fc.tuple(fc.stringMatching(/^x-[a-z0-9-]{1,10}$/), fc.string({ unit: 'grapheme-ascii', maxLength: 40 })),
  fc.tuple(fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 12 }), fc.string({ unit: 'grapheme-ascii', maxLength: 40 })),
);

function planArb(operationId: OperationId): fc.Arbitrary<Plan> {
  return fc.record({
    kind: fc.oneof(
      { weight: 12, arbitrary: fc.constant<Plan['kind']>('http') },
      { weight: 1, arbitrary: fc.constantFrom<Plan['kind']>('reset', 'hang', 'cut-status-line', 'cut-headers', 'garbage') },
    ),
    status: statusArb,
    reason: fc.oneof(fc.constantFrom('OK', '', 'Whatever', `Key ${ECHO}`), fc.string({ unit: 'grapheme-ascii', maxLength: 20 })),
    headers: fc
      .tuple(contentTypeArb, fc.array(extraHeaderArb, { maxLength: 2 }))
      .map(([type, extra]) => (type === undefined ? extra : [['content-type', type] as [string, string], ...extra])),
    body: bodyArb(operationId),
    framing: fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom<Framing>('length', 'length', 'length', 'chunked', 'close') },
      {
        weight: 1,
        arbitrary: fc.constantFrom<Framing>('length-short', 'length-long', 'length-garbage', 'length-twice', 'length-huge', 'chunked-cut', 'chunked-bad'),
      },
    ),
    slowHeadersMs: fc.constantFrom(0, 0, 0, 0, 30, TIMEOUT_MS * 2),
    slowBodyMs: fc.constantFrom(0, 0, 0, 20, TIMEOUT_MS * 2),
    keepAlive: fc.boolean(),
  });
}

/** One call: an operation, and the answers the server gives its requests in turn (retries and redirects included). */
const callArb = fc
  .constantFrom(...OPERATIONS)
  .chain((operationId) => fc.record({ operationId: fc.constant(operationId), plans: fc.array(planArb(operationId), { minLength: 1, maxLength: 3 }) }));

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const toBytes = (body: string | Uint8Array) => (typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body));

/** Writes one planned answer on the raw socket. */
async function answer(socket: Socket, plan: Plan, key: string): Promise<void> {
  const echo = (text: string) => text.split(ECHO).join(key);
  if (plan.kind === 'hang') return;
  if (plan.kind === 'reset') {
    socket.destroy();
    return;
  }
  if (plan.kind === 'cut-status-line') {
    socket.end(`HTTP/1.1 ${plan.status}`);
    return;
  }
  if (plan.kind === 'garbage') {
    socket.end(`\u0000\u0001 not http at all ${echo(ECHO)}\r\n\r\n`);
    return;
  }
  const body = typeof plan.body === 'string' ? Buffer.from(echo(plan.body), 'utf8') : toBytes(plan.body);
  const lines = [`HTTP/1.1 ${plan.status} ${echo(plan.reason)}`];
  for (const [name, value] of plan.headers) lines.push(`${name}: ${echo(value)}`);
  const framing = plan.framing;
  if (framing === 'length' || framing === 'length-long') lines.push(`content-length: ${framing === 'length' ? body.length : Math.max(0, body.length - 5)}`);
  if (framing === 'length-short') lines.push(`content-length: ${body.length + 10}`);
  if (framing === 'length-garbage') lines.push('content-length: 12abc');
  if (framing === 'length-twice') lines.push(`content-length: ${body.length}`, `content-length: ${body.length + 1}`);
  if (framing === 'length-huge') lines.push('content-length: 99999999999999');
  if (framing.startsWith('chunked')) lines.push('transfer-encoding: chunked');
  lines.push(`connection: ${plan.keepAlive && framing !== 'close' ? 'keep-alive' : 'close'}`);
  const head = Buffer.from(lines.map((l) => l.replace(/[\r\n]/g, ' ')).join('\r\n'), 'latin1');
  if (plan.kind === 'cut-headers') {
    socket.end(head.subarray(0, Math.floor(head.length / 2)));
    return;
  }
  if (plan.slowHeadersMs > 0) {
    socket.write(head.subarray(0, 12));
    await wait(plan.slowHeadersMs);
    if (socket.destroyed) return;
    socket.write(head.subarray(12));
  } else socket.write(head);
  socket.write('\r\n\r\n');
  const half = Math.floor(body.length / 2);
  const parts = [body.subarray(0, half), body.subarray(half)];
  for (const [i, part] of parts.entries()) {
    if (i === 1 && plan.slowBodyMs > 0) await wait(plan.slowBodyMs);
    if (socket.destroyed) return;
    if (framing === 'chunked' || framing === 'chunked-cut') {
      if (part.length > 0) socket.write(Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n')]));
      if (framing === 'chunked-cut' && i === 0) {
        socket.destroy();
        return;
      }
    } else if (framing === 'chunked-bad') {
      socket.write(Buffer.concat([Buffer.from('zz\r\n'), part, Buffer.from('\r\n')]));
    } else socket.write(part);
  }
  if (framing === 'chunked') socket.write('0\r\n\r\n');
  if (framing === 'length-short') {
    socket.destroy();
    return;
  }
  // The connection ends after every answer, a kept-alive one too: a client that reuses it meets a close.
  socket.end();
}

interface Outcome {
  call: number;
  operationId: string;
  outcome: string;
  error?: unknown;
  leak?: string;
}

/** Every text an error shows: message, stack, cause, JSON form and own properties (the body, headers, issues). */
function shownTexts(error: unknown): string[] {
  if (!(error instanceof Error)) return [String(error)];
  const cause = (error as { cause?: unknown }).cause;
  const texts = [error.message, String(error), error.stack ?? '', String(cause), JSON.stringify(cause) ?? ''];
  for (const value of [error, Object.entries(error)]) {
    try {
      texts.push(JSON.stringify(value) ?? '');
    } catch (problem) {
      texts.push(`(not JSON: ${String(problem)})`);
    }
  }
  return texts;
}

describe('the generated client against a hostile server', () => {
  const calls = fc.sample(callArb, { seed: DRAW, numRuns: CALLS });
  const served = new Map<number, number>();
  const sockets = new Set<Socket>();
  const server = createServer();
  let baseUrl = '';

  beforeAll(async () => {
    server.on('request', (req: IncomingMessage) => {
      const call = Number(req.headers['x-fuzz-call']);
      const key = String(req.headers['x-api-key'] ?? '');
      const plans = calls[call]?.plans ?? [];
      const index = served.get(call) ?? 0;
      served.set(call, index + 1);
      const plan = plans[index % plans.length];
      req.resume();
      req.on('end', () => {
        if (plan) void answer(req.socket, plan, key).catch(() => req.socket.destroy());
        else req.socket.destroy();
      });
    });
    server.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    });
    server.on('clientError', (_, socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it(`every call settles as data or a ClientError without the key (draw ${DRAW}, ${CALLS} calls)`, { timeout: 180_000 }, async () => {
    const client = createPodcastClient({ apiKey: API_KEY, baseUrl, timeoutMs: TIMEOUT_MS, maxRetries: 1, maxRetryWaitMs: 200, maxResponseBytes: MAX_BYTES });
    const started = performance.now();
    const outcomes: Outcome[] = [];
    const run = async (index: number): Promise<void> => {
      const { operationId } = calls[index] as (typeof calls)[number];
      const method = client[operationId] as (...args: unknown[]) => Promise<unknown>;
      const options = { headers: { 'x-fuzz-call': String(index) } };
      const params = (fixtures[operationId] as { params: unknown }).params;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const hung = new Promise<'hung'>((resolve) => {
        timer = setTimeout(() => resolve('hung'), SETTLE_MS);
      });
      try {
        const settled = await Promise.race([(method.length === 1 ? method(options) : method(params, options)).then(() => 'data' as const), hung]);
        outcomes.push({ call: index, operationId, outcome: settled });
      } catch (error) {
        const known = ERROR_CLASSES.some((Class) => error instanceof Class && (error as Error).constructor === Class);
        const name = error instanceof Error ? error.name : typeof error;
        const leak = shownTexts(error).find((text) => text.toLowerCase().includes(API_KEY.toLowerCase()));
        const outcome: Outcome = { call: index, operationId, outcome: known ? name : `raw ${name}`, error };
        if (leak !== undefined) outcome.leak = leak.slice(0, 300);
        outcomes.push(outcome);
      } finally {
        clearTimeout(timer);
      }
    };
    let next = 0;
    await Promise.all(
      Array.from({ length: LANES }, async () => {
        while (next < calls.length) await run(next++);
      }),
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const counts: Record<string, number> = {};
    for (const o of outcomes) counts[o.outcome] = (counts[o.outcome] ?? 0) + 1;
    const requests = [...served.values()].reduce((a, b) => a + b, 0);
    console.log(
      `hostile server: draw ${DRAW}, ${outcomes.length} calls, ${requests} requests, ${seconds} s\n` +
        Object.entries(counts)
          .sort((a, b) => b[1] - a[1])
          .map(([outcome, n]) => `  ${outcome}: ${n}`)
          .join('\n'),
    );
    const bad = outcomes.filter((o) => o.outcome === 'hung' || o.outcome.startsWith('raw ') || o.leak !== undefined);
    const firstOfEach = new Map<string, Outcome>();
    for (const o of bad) {
      const klass = o.leak === undefined ? `${o.outcome}: ${String((o.error as Error | undefined)?.message ?? '').slice(0, 80)}` : `leak in ${o.outcome}`;
      if (!firstOfEach.has(klass)) firstOfEach.set(klass, o);
    }
    const report = [...firstOfEach.entries()].map(([klass, o]) => ({
      class: klass,
      count: bad.filter((b) => b.outcome === o.outcome && (b.leak === undefined) === (o.leak === undefined)).length,
      call: o.call,
      operationId: o.operationId,
      plans: calls[o.call]?.plans.map((p) => ({ ...p, body: typeof p.body === 'string' ? p.body.slice(0, 120) : `[${p.body.length} bytes]` })),
      leak: o.leak,
    }));
    expect(report).toStrictEqual([]);
    expect(outcomes).toHaveLength(CALLS);
  });
});
