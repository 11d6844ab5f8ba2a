import { describe, expect, it } from 'vitest';
import { generatedMock } from './helpers/generated-mock.js';

type Api = { mute(params: { body: { target?: string } | null }): Promise<unknown> };

// Stream's mute requests: a required body that may be null; the mock read the client's `null` as no body.
describe('a nullable request body', () => {
  const generated = generatedMock('fixtures-mock-nullable-body', 'nullable-body.yaml');

  it('is taken as null, and a request without one is still refused', async () => {
    const { createPodcastClient } = await generated.load<{ createPodcastClient(options: object): Api }>('client.ts');
    const api = createPodcastClient({ baseUrl: generated.mock.url });
    await expect(api.mute({ body: null })).resolves.toBeUndefined();
    await expect(api.mute({ body: { target: 'u1' } })).resolves.toBeUndefined();
    const post = (body?: string) =>
      fetch(`${generated.mock.url}/mutes`, { method: 'POST', headers: { 'content-type': 'application/json' }, ...(body === undefined ? {} : { body }) });
    expect((await post('null')).status).toBe(204);
    expect((await post()).status).toBe(400);
  });
});
