import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Core } from '../../templates/runtime.js';
import { startLoopback } from '../helpers/loopback.js';
import { operationSpec, oneScheme } from './operation-spec.js';

let server: Awaited<ReturnType<typeof startLoopback>>;
beforeAll(async () => {
  server = await startLoopback(() => ({ body: { ok: true } }));
});
afterAll(() => server.close());

describe('the credential', () => {
  it('is not asked of a client whose document declares none, and nothing is sent as one', async () => {
    const core = new Core({ baseUrl: server.url }, oneScheme({ kind: 'none' }));
    await expect(core.request(operationSpec(), {}, {})).resolves.toEqual({ ok: true });
    const seen = server.requests.at(-1);
    expect(Object.keys(seen?.headers ?? {}).filter((name) => /authorization|api-key|cookie/i.test(name))).toEqual([]);
  });

  it('is required where the document declares one', () => {
    expect(() => new Core({ baseUrl: server.url }, oneScheme({ kind: 'bearer' }))).toThrow('apiKey is required');
    expect(() => new Core({ apiKey: '', baseUrl: server.url }, oneScheme({ kind: 'apiKey', in: 'header', name: 'X-Api-Key' }))).toThrow('apiKey is required');
  });
});
