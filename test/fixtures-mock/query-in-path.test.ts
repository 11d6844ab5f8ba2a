import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../generator/index.js';
import { FIXTURE_DOCS, ROOT } from '../helpers/paths.js';
import { clientOnOwnMock } from '../versions/document-roundtrip.js';

const OUT = join(ROOT, 'test', '.tmp', 'fixtures-mock-query-in-path');

interface Mock {
  url: string;
  requests: { operationId?: string; path: string; query: Record<string, unknown> }[];
  close(): Promise<void>;
}

// Weatherbit's document: `/alerts?lat={lat}&lon={lon}` with lat and lon path parameters. The client
// sent `/alerts?lat=1&lon=2?key=k`, and the mock routed by the whole template (404).
describe('a query part written into a path template', () => {
  let mock: Mock;
  beforeAll(async () => {
    rmSync(OUT, { recursive: true, force: true });
    await generate({ spec: join(FIXTURE_DOCS, 'corpus', 'query-in-path.yaml'), out: OUT });
    mock = await ((await import(pathToFileURL(join(OUT, 'mock', 'index.ts')).href)) as { startMockServer(): Promise<Mock> }).startMockServer();
  });
  afterAll(async () => {
    await mock?.close();
    rmSync(OUT, { recursive: true, force: true });
  });

  it('is sent by the client as the first pairs of one query string, and answered by the mock', async () => {
    expect(await clientOnOwnMock(OUT)).toStrictEqual({ called: ['getAlerts', 'getCurrent'], failed: [] });
    const { createPodcastClient } = (await import(pathToFileURL(join(OUT, 'client.ts')).href)) as { createPodcastClient(options: object): { getAlerts(params: object): Promise<unknown> } };
    expect(await createPodcastClient({ baseUrl: mock.url }).getAlerts({ lat: 1.5, lon: -2, key: 'k' })).toStrictEqual(expect.objectContaining({ lat: expect.any(Number) }));
    const alerts = mock.requests.find((r) => r.operationId === 'getAlerts');
    expect([alerts?.path, alerts?.query]).toStrictEqual(['/alerts', { lat: '1.5', lon: '-2', key: 'k' }]);
  });

  it("is read by the mock: a parameter's value from its key, a literal pair as the route's own", async () => {
    expect((await fetch(`${mock.url}/alerts?lat=95&lon=0&key=k`)).status).toBe(400);
    expect((await fetch(`${mock.url}/alerts?lat=45&lon=0&key=k`)).status).toBe(200);
    expect((await fetch(`${mock.url}/current?units=M&city=Oslo`)).status).toBe(200);
  });
});
