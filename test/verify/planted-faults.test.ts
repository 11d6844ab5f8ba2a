import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatReport } from '../../generator/verify/format-report.js';
import { verifyServer } from '../../generator/verify/verify-server.js';
import { PLANTED, startFaultServer } from './fault-server.js';
import { podcastTarget, TEST_KEY } from './helpers.js';

let server: Awaited<ReturnType<typeof startFaultServer>>;
let target: Awaited<ReturnType<typeof podcastTarget>>;
beforeAll(async () => {
  target = await podcastTarget();
  server = await startFaultServer();
});
afterAll(() => server.close());

const credential = { credential: TEST_KEY, credentialVariable: 'PODCAST_API_KEY', cases: 1 };

describe('verify against a server with planted faults', () => {
  it('finds each fault, named by its check, and gives no false verdict on the operations left intact', async () => {
    const report = await verifyServer({ ...target, ...credential, baseUrl: server.url, unsafe: true, negative: true, maxRetries: 1 });
    const checks = Object.fromEntries(report.operations.map((o) => [o.operationId, [...new Set(o.findings.map((f) => f.check))]]));
    const expected = Object.fromEntries(target.model.operations.map((op) => [op.operationId, PLANTED[op.operationId] ? [PLANTED[op.operationId]?.check] : []]));
    // addImage's fault takes invalid input with its 201 too: each request breaking a constraint is let in.
    expected['addImage'] = ['status', 'negative-data'];
    expect(checks).toStrictEqual(expected);
    expect(report.summary).toMatchObject({ total: 12, passed: 5, failed: 7, skipped: 0 });
    const finding = (id: string) => report.operations.find((o) => o.operationId === id)?.findings[0];
    expect(finding('getVoiceCloneAllowance')).toMatchObject({
      check: 'body',
      message: 'data.free_count: Invalid input: expected number, received string',
      expected: 'Invalid input: expected number, received string',
      actual: '"2"',
    });
    expect(finding('createMultiCameraAvatar')).toMatchObject({ check: 'body', message: expect.stringMatching(/^retry_after: /), actual: 'absent' });
    expect(finding('getSubscription')).toMatchObject({ expected: 'application/json', actual: 'text/plain' });
    expect(finding('listImageBackgrounds')).toMatchObject({ actual: '500' });
    expect(finding('addImage')).toMatchObject({ actual: '201', expected: '200, default' });
    expect(finding('quotaSummary')).toMatchObject({ expected: 'Retry-After', actual: 'absent' });
    expect(finding('searchCatalog')).toMatchObject({ expected: '401 or 403', actual: '200', message: expect.stringMatching(/^without its credential: /) });
    for (const format of ['text', 'json', 'junit', 'markdown'] as const) expect(formatReport(report, format)).not.toContain(TEST_KEY);
    // The client's retry rules: a 429 is tried again once (maxRetries 1), after the wait it asks for; a 500 is not.
    const sent = (path: string) => server.seen.filter((r) => r.method === 'GET' && r.path === path && r.credentialed).length;
    expect(sent('/open/podcast/v1/quota/summary')).toBe(2);
    expect(sent('/open/podcast/v1/image_backgrounds')).toBe(1);
  });

  it('without --unsafe, the server receives no write', async () => {
    server.seen.length = 0;
    const report = await verifyServer({ ...target, ...credential, baseUrl: server.url, negative: true, maxRetries: 0 });
    expect(new Set(server.seen.map((r) => r.method))).toStrictEqual(new Set(['GET']));
    const skipped = report.operations.filter((o) => o.status === 'skipped');
    expect(skipped.map((o) => [o.operationId, o.reason])).toStrictEqual(
      target.model.operations.filter((op) => op.httpMethod !== 'GET').map((op) => [op.operationId, `a write (${op.httpMethod}): sent only with --unsafe`]),
    );
  });

  it('with --unsafe, each POST carries a fresh idempotency key', async () => {
    server.seen.length = 0;
    await verifyServer({ ...target, ...credential, baseUrl: server.url, unsafe: true, maxRetries: 0 });
    const keys = server.seen.filter((r) => r.method === 'POST').map((r) => r.headers['idempotency-key']);
    expect(keys.length).toBeGreaterThanOrEqual(5);
    expect(keys.every((k) => typeof k === 'string' && k.length > 0)).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
