import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../generated/mock/index.js';
import { verifyServer } from '../../generator/verify/verify-server.js';
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
