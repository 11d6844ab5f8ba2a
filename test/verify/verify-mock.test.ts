import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../generated/mock/index.js';
import { verifyServer } from '../../generator/verify/verify-server.js';
import { envelope, startLoopback } from '../helpers/loopback.js';
import { podcastTarget, TEST_KEY } from './helpers.js';

let mock: MockServer;
let target: Awaited<ReturnType<typeof podcastTarget>>;
beforeAll(async () => {
  target = await podcastTarget();
  mock = await startMockServer();
});
afterAll(() => mock.close());

describe('verify against the generated mock of the podcast document', () => {
  it('passes all twelve operations with --unsafe and --negative', async () => {
    const report = await verifyServer({
      ...target,
      baseUrl: mock.url,
      credential: TEST_KEY,
      credentialVariable: 'PODCAST_API_KEY',
      unsafe: true,
      negative: true,
    });
    expect(report.operations.map((o) => [o.operationId, o.status])).toStrictEqual(target.model.operations.map((op) => [op.operationId, 'pass']));
    expect(report.summary).toMatchObject({ total: 12, passed: 12, failed: 0, skipped: 0 });
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
