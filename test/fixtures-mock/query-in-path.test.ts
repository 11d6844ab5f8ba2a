import { describe, expect, it } from 'vitest';
import { clientOnOwnMock } from '../versions/document-roundtrip.js';
import { generatedMock } from './helpers/generated-mock.js';

// Weatherbit's document: `/alerts?lat={lat}&lon={lon}` with lat and lon path parameters. The client
// sent `/alerts?lat=1&lon=2?key=k`, and the mock routed by the whole template (404).
describe('a query part written into a path template', () => {
  const generated = generatedMock('fixtures-mock-query-in-path', 'query-in-path.yaml');

  it('is sent by the client as the first pairs of one query string, and answered by the mock', async () => {
    expect(await clientOnOwnMock(generated.out)).toStrictEqual({ called: ['getAlerts', 'getCurrent', 'getAirByCity', 'getAirByPlace'], failed: [] });
    const { createPodcastClient } = await generated.load<{ createPodcastClient(options: object): { getAlerts(params: object): Promise<unknown> } }>(
      'client.ts',
    );
    expect(await createPodcastClient({ baseUrl: generated.mock.url }).getAlerts({ lat: 1.5, lon: -2, key: 'k' })).toStrictEqual(
      expect.objectContaining({ lat: expect.any(Number) }),
    );
    const alerts = generated.mock.requests.find((r) => r.operationId === 'getAlerts');
    expect([alerts?.path, alerts?.query]).toStrictEqual(['/alerts', { lat: '1.5', lon: '-2', key: 'k' }]);
  });

  it("is read by the mock: a parameter's value from its key, a literal pair as the route's own", async () => {
    expect((await fetch(`${generated.mock.url}/alerts?lat=95&lon=0&key=k`)).status).toBe(400);
    expect((await fetch(`${generated.mock.url}/alerts?lat=45&lon=0&key=k`)).status).toBe(200);
    expect((await fetch(`${generated.mock.url}/current?units=M&city=Oslo`)).status).toBe(200);
  });

  // Weatherbit's `/current/airquality?city={city}&country={country}` beside `?lat={lat}&lon={lon}`.
  it('tells apart operations of one path by the keys of their query parts', async () => {
    expect((await fetch(`${generated.mock.url}/current/airquality?lat=1&lon=2`)).status).toBe(200);
    expect((await fetch(`${generated.mock.url}/current/airquality?city=Oslo&country=NO`)).status).toBe(200);
    expect(generated.mock.requests.slice(-2).map((r) => r.operationId)).toStrictEqual(['getAirByPlace', 'getAirByCity']);
  });
});
