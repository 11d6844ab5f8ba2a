import { describe, expect, it } from 'vitest';
import { clientOnOwnMock } from '../versions/document-roundtrip.js';
import { generatedMock } from './helpers/generated-mock.js';

// GitLab's notes: the mock read only spread fields from a form body, so a body taken whole arrived
// empty (`body.body: expected string, received undefined`).
describe('a form body taken whole', () => {
  const generated = generatedMock('fixtures-mock-form-body-whole', 'form-body-whole.yaml');

  it('is read by the mock, each key to its property type', async () => {
    expect(await clientOnOwnMock(generated.out)).toStrictEqual({ called: ['createNote', 'detectFood'], failed: [] });
    const post = (form: string) =>
      fetch(`${generated.mock.url}/projects/p1/notes`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
    expect((await post('body=hello&line=3&labels=a')).status).toBe(201);
    expect((await post('body=hello&line=x')).status).toBe(400);
    expect((await post('line=3')).status).toBe(400);
  });

  it("typed as a string, is the form's text", async () => {
    const response = await fetch(`${generated.mock.url}/food/detect`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'text=tacos',
    });
    expect(response.status).toBe(200);
  });
});
