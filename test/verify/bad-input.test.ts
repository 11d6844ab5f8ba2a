import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateFiles } from '../../generator/index.js';
import { loadVerifyTarget } from '../../generator/cli/verify-target.js';
import { verifyServer } from '../../generator/verify/verify-server.js';
import { startLoopback } from '../helpers/loopback.js';
import { podcastTarget, TEST_KEY } from './helpers.js';

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
      const { model, files, problems } = await generateFiles({ spec: join(dir, 'api.yaml') });
      const { generated } = await loadVerifyTarget({ model, files, cwd: dir });
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
});
