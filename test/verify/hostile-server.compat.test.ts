/**
 * `verify` against hostile servers: each request answered at random (any status, odd media types,
 * garbage, truncated, huge or wrong-typed bodies, broken framing, early closes, slow or no
 * headers, redirect loops, echoes of the key), and against servers that do one thing wrong every
 * time. Every run must end, within its limits, in a report (exit 0 or 1, never an unexpected
 * error), and no report may carry the key. Answers are written on the raw socket, since node:http
 * refuses what a hostile server sends. Deterministic: HOSTILE_DRAW runs another draw.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatReport } from '../../generator/verify/format-report.js';
import { verifyServer } from '../../generator/verify/verify-server.js';
import { removeProject, runCli, tempProject } from '../cli/helpers/run-cli.js';
import { podcastTarget, TEST_KEY } from './helpers.js';

const DRAW = Number(process.env['HOSTILE_DRAW'] ?? 20_260_612);
const PLANS = 500;
const TIMEOUT_MS = 300;
/** A run still unsettled after this has hung (its own limits end it far sooner). */
const SETTLE_MS = 120_000;
const ECHO = 'ECHO_KEY';

/** One answer: what the server writes for one request. */
interface Plan {
  kind: 'http' | 'reset' | 'hang' | 'garbage' | 'cut-headers';
  status: number;
  headers: [string, string][];
  body: string;
  framing: 'length' | 'length-short' | 'chunked' | 'chunked-cut' | 'close';
  slowHeadersMs: number;
}

const planArb: fc.Arbitrary<Plan> = fc.record({
  kind: fc.oneof(
    { weight: 12, arbitrary: fc.constant<Plan['kind']>('http') },
    { weight: 1, arbitrary: fc.constantFrom<Plan['kind']>('reset', 'hang', 'garbage', 'cut-headers') },
  ),
  status: fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(200, 201, 204, 302, 307, 400, 401, 404, 405, 415, 422, 429, 500, 503) },
    { weight: 1, arbitrary: fc.integer({ min: 100, max: 999 }) },
  ),
  headers: fc.array(
    fc.constantFrom<[string, string]>(
      ['content-type', 'application/json'],
      ['content-type', 'text/html'],
      ['content-type', 'application/problem+json'],
      ['content-type', ';;;'],
      ['location', '/open/podcast/v1/quota/summary'],
      ['location', `http://elsewhere.example/x?k=${ECHO}`],
      ['location', 'http://[::1'],
      ['retry-after', '0'],
      ['retry-after', '99999999999'],
      ['allow', 'GET, POST'],
      ['x-echo', ECHO],
      ['www-authenticate', `ApiKey realm="${ECHO}"`],
    ),
    { maxLength: 3 },
  ),
  body: fc.oneof(
    fc.constantFrom('', 'null', '{}', '[]', '{"code":0,"msg":"ok","data":', `{"msg":"bad key ${ECHO}"}`, '<html>502</html>'),
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? 'null'),
    fc.constant('x'.repeat(200_000)),
    fc.constant(`{"data":${'['.repeat(5000)}${']'.repeat(5000)}}`),
  ),
  framing: fc.constantFrom<Plan['framing']>('length', 'length', 'chunked', 'close', 'length-short', 'chunked-cut'),
  slowHeadersMs: fc.constantFrom(0, 0, 0, 20, TIMEOUT_MS * 2),
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function answer(socket: Socket, plan: Plan, key: string): Promise<void> {
  const echo = (text: string) => text.split(ECHO).join(key);
  if (plan.kind === 'hang') return;
  if (plan.kind === 'reset') return void socket.destroy();
  if (plan.kind === 'garbage') return void socket.end(`\u0000 not http ${echo(ECHO)}\r\n\r\n`);
  const body = Buffer.from(echo(plan.body), 'utf8');
  const lines = [`HTTP/1.1 ${plan.status} X`, ...plan.headers.map(([name, value]) => `${name}: ${echo(value)}`)];
  if (plan.framing === 'length') lines.push(`content-length: ${body.length}`);
  if (plan.framing === 'length-short') lines.push(`content-length: ${body.length + 10}`);
  if (plan.framing.startsWith('chunked')) lines.push('transfer-encoding: chunked');
  lines.push('connection: close');
  const head = `${lines.join('\r\n')}\r\n\r\n`;
  if (plan.kind === 'cut-headers') return void socket.end(head.slice(0, head.length / 2));
  if (plan.slowHeadersMs > 0) {
    socket.write(head.slice(0, 10));
    await wait(plan.slowHeadersMs);
    if (socket.destroyed) return;
    socket.write(head.slice(10));
  } else socket.write(head);
  if (plan.framing.startsWith('chunked')) {
    socket.write(`${body.length.toString(16)}\r\n`);
    socket.write(plan.framing === 'chunked-cut' ? body.subarray(0, body.length / 2) : body);
    if (plan.framing === 'chunked-cut') return void socket.destroy();
    socket.write('\r\n0\r\n\r\n');
  } else socket.write(body);
  if (plan.framing === 'length-short') return void socket.destroy();
  socket.end();
}

/** A server answering request n with `planFor(n)`. */
async function hostile(planFor: (n: number, req: IncomingMessage) => Plan) {
  const sockets = new Set<Socket>();
  let served = 0;
  const server = createServer((req, res) => {
    const plan = planFor(served++, req);
    const key = String(req.headers['x-api-key'] ?? '');
    req.resume();
    req.on('end', () => void answer(res.socket as Socket, plan, key).catch(() => res.socket?.destroy()));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('clientError', (_, socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served: () => served,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const plain = (status: number, headers: [string, string][], body: string): Plan => ({
  kind: 'http',
  status,
  headers,
  body,
  framing: 'length',
  slowHeadersMs: 0,
});

/** Hostile servers of one kind, each the same to every request (issue 43's bad input). */
const ONE_FAULT: Record<string, (n: number, req: IncomingMessage) => Plan> = {
  'a redirect loop': (_, req) => plain(302, [['location', req.url ?? '/']], ''),
  '200 for everything': () => plain(200, [['content-type', 'application/json']], '{"code":0,"msg":"success","data":{}}'),
  'a body far larger than any declared': () => plain(200, [['content-type', 'application/json']], `{"data":"${'x'.repeat(20 * 1024 * 1024)}"}`),
  'connections closed': () => ({ ...plain(200, [], ''), kind: 'reset' }),
  'no answer': () => ({ ...plain(200, [], ''), kind: 'hang' }),
};

let target: Awaited<ReturnType<typeof podcastTarget>>;
let dir: string;
beforeAll(async () => {
  target = await podcastTarget();
  dir = tempProject('verify-hostile');
});
afterAll(() => removeProject(dir));

/** Runs verify to its end or to SETTLE_MS; the report, or 'hung'. */
async function settle<T>(run: Promise<T>): Promise<T | 'hung'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hung = new Promise<'hung'>((resolve) => {
    timer = setTimeout(() => resolve('hung'), SETTLE_MS);
  });
  try {
    return await Promise.race([run, hung]);
  } finally {
    clearTimeout(timer);
  }
}

describe('verify against a hostile server', () => {
  it(`every run ends in a report without the key (draw ${DRAW}, ${PLANS} answers drawn)`, { timeout: 300_000 }, async () => {
    const plans = fc.sample(planArb, { seed: DRAW, numRuns: PLANS });
    const server = await hostile((n) => plans[n % plans.length] as Plan);
    try {
      const started = performance.now();
      const report = await settle(
        verifyServer({
          ...target,
          credential: TEST_KEY,
          credentialVariable: 'PODCAST_API_KEY',
          baseUrl: server.url,
          unsafe: true,
          negative: true,
          stateful: true,
          cases: 5,
          timeoutMs: TIMEOUT_MS,
          maxRetries: 1,
        }),
      );
      expect(report).not.toBe('hung');
      if (report === 'hung') return;
      const checks: Record<string, number> = {};
      for (const op of report.operations) for (const f of op.findings) checks[f.check] = (checks[f.check] ?? 0) + 1;
      console.log(
        `hostile server (verify): draw ${DRAW}, ${server.served()} requests, ${((performance.now() - started) / 1000).toFixed(1)} s, findings ${JSON.stringify(checks)}`,
      );
      expect(report.summary.total).toBe(target.model.operations.length);
      for (const format of ['text', 'json', 'junit', 'markdown'] as const)
        expect(formatReport(report, format).toLowerCase()).not.toContain(TEST_KEY.toLowerCase());
    } finally {
      await server.close();
    }
  });

  it.each(Object.keys(ONE_FAULT))('%s: the command ends in a report, each operation failed with its cause', { timeout: 300_000 }, async (name) => {
    const server = await hostile(ONE_FAULT[name] as (n: number, req: IncomingMessage) => Plan);
    try {
      const run = await settle(
        runCli(
          ['verify', '--base-url', server.url, '--unsafe', '--negative', '--stateful', '--cases', '3', '--timeout', String(TIMEOUT_MS), '--format', 'json'],
          {
            cwd: dir,
            env: { PODCAST_API_KEY: TEST_KEY },
          },
        ),
      );
      expect(run).not.toBe('hung');
      if (run === 'hung') return;
      expect(run.stderr).not.toMatch(/unexpected error/);
      expect(run.code).toBe(1);
      const report = JSON.parse(run.stdout) as { operations: { status: string; findings: { check: string; message: string }[] }[] };
      const failed = report.operations.filter((o) => o.status === 'fail');
      expect(failed.length).toBeGreaterThan(0);
      for (const op of failed) for (const finding of op.findings) expect(finding.message.length).toBeGreaterThan(0);
      expect(run.stdout).not.toContain(TEST_KEY);
    } finally {
      await server.close();
    }
  });
});
