import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../generated/mock/index.js';
import { verifyServer } from '../../generator/verify/verify-server.js';
import { envelope, startLoopback } from '../helpers/loopback.js';
import { podcastTarget, TEST_KEY } from './helpers.js';

let mock: MockServer;
let target: Awaited<ReturnType<typeof podcastTarget>>;
beforeAll(async () => {
  target = await podcastTarget();
  // The mock takes the test's key only, so that a wrong one is refused as a real server refuses it.
  mock = await startMockServer({ credentials: { ApiKeyAuth: TEST_KEY } });
});
afterAll(() => mock.close());

describe('verify against the generated mock of the podcast document', () => {
  it('passes all twelve operations with --unsafe, --stateful, --negative and 20 cases each', async () => {
    const report = await verifyServer({
      ...target,
      baseUrl: mock.url,
      credential: TEST_KEY,
      credentialVariable: 'PODCAST_API_KEY',
      unsafe: true,
      stateful: true,
      negative: true,
      cases: 20,
    });
    expect(report.operations.filter((o) => o.status !== 'pass').map((o) => [o.operationId, o.findings])).toStrictEqual([]);
    expect(report.summary).toMatchObject({ total: 12, passed: 12, failed: 0, skipped: 0 });
    // Each operation with input sent more than its fixture, and each was refused without its credential, with a wrong one, and by an undeclared method.
    for (const op of report.operations) expect(op.coverage?.checks, op.operationId).toEqual(expect.arrayContaining(['accepted', 'ignored-auth']));
    expect(report.operations.find((o) => o.operationId === 'createMultiCameraAvatar')?.coverage?.cases).toBe(20);
  });

  it('the mock given a credential takes that one only: another is refused with 401, saying so', async () => {
    const path = `${mock.url}/open/podcast/v1/quota/summary`;
    expect((await fetch(path, { headers: { 'x-api-key': TEST_KEY } })).status).toBe(200);
    const wrong = await fetch(path, { headers: { 'x-api-key': 'another-key' } });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { msg: string }).msg).toBe('the credential sent is not one this mock takes');
    const none = await fetch(path);
    expect(((await none.json()) as { msg: string }).msg).toMatch(/^missing API key/);
  });

  it('a mock that takes any key: --negative finds it takes a wrong one too', async () => {
    const lenient = await startMockServer();
    try {
      const report = await verifyServer({
        ...target,
        baseUrl: lenient.url,
        credential: TEST_KEY,
        negative: true,
        cases: 1,
        select: (op) => op.operationId === 'quotaSummary',
      });
      expect(report.operations[0]?.findings.map((f) => [f.check, f.message])).toStrictEqual([
        ['ignored-auth', 'with a wrong credential: answered 200, where the request must be refused with 401 or 403'],
      ]);
    } finally {
      await lenient.close();
    }
  });
});

describe('verify is bounded', () => {
  it('never has more operations in flight than --concurrency', async () => {
    let inFlight = 0;
    let most = 0;
    const server = await startLoopback(async (request) => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 30));
      inFlight--;
      return request.path.includes('quota') ? { status: 200, body: envelope({}) } : { status: 404, body: envelope(null) };
    });
    try {
      const report = await verifyServer({
        ...target,
        baseUrl: server.url,
        credential: TEST_KEY,
        credentialVariable: 'PODCAST_API_KEY',
        unsafe: true,
        cases: 1,
        concurrency: 2,
      });
      expect(report.summary.total).toBe(12);
      expect(server.requests).toHaveLength(12);
      expect(most).toBeLessThanOrEqual(2);
    } finally {
      await server.close();
    }
  });

  it('fails an answer slower than --max-time with the time check', async () => {
    const slow = await startMockServer({ latencyMs: 300 });
    try {
      const report = await verifyServer({
        ...target,
        baseUrl: slow.url,
        credential: TEST_KEY,
        credentialVariable: 'PODCAST_API_KEY',
        maxTimeMs: 50,
        select: (op) => op.operationId === 'quotaSummary',
      });
      expect(report.operations[0]).toMatchObject({ status: 'fail', findings: [{ check: 'time', expected: 'at most 50 ms' }] });
    } finally {
      await slow.close();
    }
  });
});
