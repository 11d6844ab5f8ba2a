import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_RESPONSE_BYTES, verifyServer } from '../../generator/verify/verify-server.js';
import { startLoopback } from '../helpers/loopback.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { generatedTarget, podcastTarget, TEST_KEY } from './helpers.js';
import { REFERENCE_KEY, startReferenceServer } from './reference-server.js';

const credential = { credential: TEST_KEY, credentialVariable: 'PODCAST_API_KEY', cases: 1 };
const GETS = ['quotaSummary', 'listImageBackgrounds', 'getSubscription', 'searchCatalog', 'getVoiceCloneAllowance'];

/** A port on 127.0.0.1 nothing listens on (taken, then given back). */
async function closedPort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('verify with bad input', () => {
  let target: Awaited<ReturnType<typeof podcastTarget>>;
  beforeAll(async () => {
    target = await podcastTarget();
  });

  const connectionCauses = (report: Awaited<ReturnType<typeof verifyServer>>) =>
    report.operations.filter((o) => o.status !== 'skipped').map((o) => [o.operationId, o.status, o.findings.map((f) => f.check)]);

  it('an unreachable address: each operation fails with the cause', async () => {
    const report = await verifyServer({ ...target, ...credential, baseUrl: `http://127.0.0.1:${await closedPort()}`, maxRetries: 0 });
    expect(connectionCauses(report)).toStrictEqual(
      target.model.operations.filter((op) => GETS.includes(op.operationId)).map((op) => [op.operationId, 'fail', ['connection']]),
    );
    for (const op of report.operations.filter((o) => o.status === 'fail')) expect(op.findings[0]?.message).toMatch(/connection failed: .*ECONNREFUSED/);
  });

  it('a TLS failure (https to a server that speaks plain HTTP): each operation fails with the cause', async () => {
    const server = await startLoopback(() => ({ status: 200, body: {} }));
    try {
      const report = await verifyServer({ ...target, ...credential, baseUrl: server.url.replace('http:', 'https:'), maxRetries: 0 });
      expect(report.summary).toMatchObject({ failed: 5, passed: 0 });
      for (const op of report.operations.filter((o) => o.status === 'fail'))
        expect(op.findings.map((f) => [f.check, /connection failed: .*(SSL|TLS|EPROTO)/i.test(f.message)])).toStrictEqual([['connection', true]]);
    } finally {
      await server.close();
    }
  });

  it('a server that hangs: each operation fails once its timeout has passed', async () => {
    const server = await startLoopback(() => ({ hang: true }));
    try {
      const report = await verifyServer({ ...target, ...credential, baseUrl: server.url, maxRetries: 0, timeoutMs: 300 });
      expect(report.summary).toMatchObject({ failed: 5, passed: 0 });
      for (const op of report.operations.filter((o) => o.status === 'fail'))
        expect(op.findings).toMatchObject([
          {
            check: 'connection',
            message: `${op.operationId} timed out after 300 ms`,
            expected: 'an answer',
            actual: `${op.operationId} timed out after 300 ms`,
          },
        ]);
    } finally {
      await server.close();
    }
  });

  it('a redirect to another origin is judged by its status alone, and not followed', async () => {
    const server = await startLoopback(() => ({ status: 302, headers: { location: 'http://elsewhere.invalid/next' } }));
    try {
      const report = await verifyServer({ ...target, ...credential, baseUrl: server.url, maxRetries: 0, select: (op) => op.operationId === 'quotaSummary' });
      expect(report.operations).toMatchObject([
        { operationId: 'quotaSummary', status: 'pass', httpStatus: 302, notes: [expect.stringContaining('it leads to another origin than baseUrl')] },
      ]);
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('an operation no fixture could be made for is skipped with the reason', async () => {
    const document = `openapi: 3.1.0
info: { title: No fixture, version: '1' }
paths:
  /fine:
    get:
      operationId: fine
      responses:
        '200':
          description: ok
          content: { application/json: { schema: { type: object, properties: { n: { type: integer } } } } }
  /impossible:
    get:
      operationId: impossible
      responses:
        '200':
          description: no value fits
          content: { application/json: { schema: { allOf: [{ type: string }, { type: integer }] } } }
`;
    const dir = mkdtempSync(join(tmpdir(), 'verify-no-fixture-'));
    const server = await startLoopback(() => ({ status: 200, body: { n: 1 } }));
    try {
      writeFileSync(join(dir, 'api.yaml'), document);
      const { model, generated, problems } = await generatedTarget({ spec: join(dir, 'api.yaml') }, dir);
      const report = await verifyServer({ model, generated, problems, baseUrl: server.url });
      expect(report.operations.map((o) => [o.operationId, o.status])).toStrictEqual([
        ['fine', 'pass'],
        ['impossible', 'skipped'],
      ]);
      expect(report.operations[1]?.reason).toMatch(/^no fixture could be made: impossible: no fixture: no value fits/);
      expect(server.requests.map((r) => r.path)).toStrictEqual(['/fine']);
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a redirect loop: each operation fails with the cause, within the hops the client follows', async () => {
    const server = await startLoopback((request) => ({ status: 302, headers: { location: request.path } }));
    try {
      const report = await verifyServer({ ...target, ...credential, baseUrl: server.url, maxRetries: 0, select: (op) => op.operationId === 'quotaSummary' });
      expect(report.operations[0]?.findings.map((f) => [f.check, f.message])).toStrictEqual([
        ['connection', expect.stringMatching(/^quotaSummary: redirect not followed \(HTTP 302 to http:\/\/127\.0\.0\.1:\d+\): more than 5 redirects$/)],
      ]);
      expect(server.requests.length).toBe(6);
    } finally {
      await server.close();
    }
  });

  it('a body far larger than any declared: the request fails with the cause, the rest unread', async () => {
    const server = await startLoopback(() => ({ status: 200, body: { code: 0, msg: 'ok', data: 'x'.repeat(MAX_RESPONSE_BYTES + 1024) } }));
    try {
      const report = await verifyServer({ ...target, ...credential, baseUrl: server.url, maxRetries: 0, select: (op) => op.operationId === 'quotaSummary' });
      expect(report.operations[0]?.findings).toMatchObject([{ check: 'connection', message: expect.stringContaining(`${MAX_RESPONSE_BYTES}`) }]);
    } finally {
      await server.close();
    }
  });

  it('a server that closes every connection: each request fails with the cause', async () => {
    const server = await startLoopback(() => ({ reset: true }));
    try {
      const report = await verifyServer({ ...target, ...credential, baseUrl: server.url, maxRetries: 0, select: (op) => op.operationId === 'quotaSummary' });
      expect(report.operations[0]?.findings).toMatchObject([{ check: 'connection', message: expect.stringMatching(/connection failed/) }]);
    } finally {
      await server.close();
    }
  });

  it('a server that answers 200 to everything: each request that must be refused is found, and the run ends', async () => {
    const server = await startLoopback(() => ({ status: 200, body: { code: 0, msg: 'success', cause: '', data: {}, details: {}, rid: 'r' } }));
    try {
      const report = await verifyServer({
        ...target,
        ...credential,
        baseUrl: server.url,
        unsafe: true,
        negative: true,
        maxRetries: 0,
        select: (op) => op.operationId === 'addImage',
      });
      expect([...new Set(report.operations[0]?.findings.map((f) => f.check))].sort()).toStrictEqual(['ignored-auth', 'method', 'negative-data']);
    } finally {
      await server.close();
    }
  });

  it('--max-requests: nothing past the budget is sent, and the report says what was not', async () => {
    const server = await startLoopback(() => ({ status: 200, body: {} }));
    try {
      const report = await verifyServer({ ...target, ...credential, cases: 5, baseUrl: server.url, maxRequests: 3, concurrency: 1 });
      expect(server.requests).toHaveLength(3);
      expect(report.summary.requests).toBe(3);
      const notSent = report.operations.filter((o) => o.status === 'skipped' && o.reason?.includes('--max-requests 3 reached'));
      expect(notSent.length).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });

  it('a link to an operation the selection leaves out is not followed, saying why', async () => {
    const { model, generated, problems } = await generatedTarget({ spec: join(FIXTURE_DOCS, 'verify', 'reference.yaml') });
    const server = await startReferenceServer();
    try {
      const report = await verifyServer({
        model,
        generated,
        problems,
        baseUrl: server.url,
        auth: { key: REFERENCE_KEY },
        unsafe: true,
        stateful: true,
        cases: 1,
        select: (op) => op.operationId === 'createItem',
      });
      expect(report.operations[0]?.coverage?.uncovered).toEqual(
        expect.arrayContaining([
          '--stateful: the link to getItem (its Location header) is not followed: the selection leaves it out',
          '--stateful: the link to deleteItem (its Location header) is not followed: the selection leaves it out',
        ]),
      );
      expect(report.leftOver).toStrictEqual(['POST /items answered 201: what it made could not be found again, so it was not deleted']);
    } finally {
      await server.close();
    }
  });
});
