import { describe, expect, it } from 'vitest';
import { generatedMock } from './helpers/generated-mock.js';

type Api = { checkAuthorization(params: object): Promise<unknown> };
type Fixtures = Record<string, { response: { headers: Record<string, string>; body: unknown } }>;

describe('a JSON answer of null', () => {
  const generated = generatedMock('fixtures-mock-nullable-answer', 'nullable-answer.yaml');

  it('is held by the fixture with its media type, and sent by the mock as JSON the client takes', async () => {
    const { fixtures } = await generated.load<{ fixtures: Fixtures }>('fixtures/index.ts');
    expect(fixtures.checkAuthorization?.response).toStrictEqual({ status: 200, headers: { 'content-type': 'application/json' }, body: null });
    const { createPodcastClient } = await generated.load<{ createPodcastClient(options: object): Api }>('client.ts');
    const api = createPodcastClient({ baseUrl: generated.mock.url });
    await expect(api.checkAuthorization({ client_id: 'c1' })).resolves.toBeNull();
    const answer = await fetch(`${generated.mock.url}/applications/c1/token`);
    expect([answer.headers.get('content-type'), await answer.text()]).toStrictEqual(['application/json', 'null']);
  });
});
