import { describe, expect, it } from 'vitest';
import { clientOnOwnMock } from '../versions/document-roundtrip.js';
import { generatedMock } from './helpers/generated-mock.js';

type Api = { updateNote(params: object): Promise<unknown> };

// Apideck's accounting document: the types ask for a required readOnly `id` in the request body,
// and the request validator refused it as an undeclared key of the closed object.
describe('a required readOnly property of a closed request body', () => {
  const generated = generatedMock('fixtures-mock-read-only-required', 'read-only-required.yaml');

  it('may be sent, as the types ask, and is not checked', async () => {
    expect(await clientOnOwnMock(generated.out)).toStrictEqual({ called: ['updateNote'], failed: [] });
    const { createPodcastClient } = await generated.load<{ createPodcastClient(options: object): Api }>('client.ts');
    const api = createPodcastClient({ baseUrl: generated.mock.url });
    // The path's `id` and the body's: the body is its own field.
    await expect(api.updateNote({ id: 'n1', body: { id: 'n1', text: 't' } })).resolves.toHaveProperty('text');
    await expect(api.updateNote({ id: 'n1', body: { text: 't' } })).resolves.toHaveProperty('text');
    await expect(api.updateNote({ id: 'n1', body: { text: 't', other: 1 } })).rejects.toMatchObject({ name: 'RequestValidationError' });
    const patch = (body: object) =>
      fetch(`${generated.mock.url}/notes/n1`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await patch({ id: 7, text: 't' })).status).toBe(200);
  });
});
