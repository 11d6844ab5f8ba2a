import { describe, expect, it } from 'vitest';
import { generatedMock } from './helpers/generated-mock.js';

// The mock answers as the document declares (GitHub's document, judged by `podcast-gen verify`): a
// redirect where only a redirect is declared, the declared media type, the declared failure body
// for invalid input, and a required query parameter checked beside a body it does not read.
describe('answers as the document declares them', () => {
  const generated = generatedMock('fixtures-mock-declared-answers', 'declared-answers.yaml');
  const get = (path: string, init: RequestInit = {}) => fetch(`${generated.mock.url}${path}`, { redirect: 'manual', ...init });

  it('an operation that declares only a redirect is answered with it, leading where the document says', async () => {
    const answer = await get('/archive');
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('https://downloads.example.com/archive.zip');
  });

  it('a redirect without a declared Location leads to an address that never resolves', async () => {
    const answer = await get('/logs');
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('https://redirect.invalid/downloadLogs');
  });

  it('an answer of another media type than JSON carries it, with a body or without', async () => {
    const octocat = await get('/octocat');
    expect([octocat.status, octocat.headers.get('content-type')]).toStrictEqual([200, 'application/octocat-stream']);
    const html = await get('/render', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'Hello' });
    expect([html.status, html.headers.get('content-type')]).toStrictEqual([200, 'text/html']);
    expect(typeof (await html.text())).toBe('string');
  });

  it('invalid input is answered with the declared 400, else 422, else default (as 400), with their bodies, saying what was wrong where they have room', async () => {
    // additionalProperties: false and an enum: no room for words, which the recorded request keeps.
    const bad = await get('/tasks?per_page=500');
    expect([bad.status, await bad.json()]).toStrictEqual([400, { error: 'bad_request' }]);
    expect((generated.mock.requests.at(-1) as { problem?: string }).problem).toBe('invalid request: query.per_page: must be <= 100');
    const unprocessable = await get('/merges?method=rebase', { method: 'PUT' });
    expect([unprocessable.status, await unprocessable.json()]).toStrictEqual([
      422,
      { reason: 'unprocessable', message: 'invalid request: query.method: must be "merge" or "squash"' },
    ]);
    const fallback = await get('/defaults?limit=99');
    expect([fallback.status, await fallback.json()]).toStrictEqual([400, { fault: 'any', message: 'invalid request: query.limit: must be <= 10' }]);
  });

  it('without a declared failure body, the mock refuses with its own, naming the field', async () => {
    const answer = await get('/plain?limit=99');
    expect(answer.status).toBe(400);
    expect(JSON.stringify(await answer.json())).toContain('limit');
  });

  it('a required query parameter is checked beside a body of bytes', async () => {
    const send = (query: string) =>
      get(`/assets${query}`, { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: new Uint8Array([1, 2, 3]) });
    const without = await send('');
    expect(without.status).toBe(400);
    expect(JSON.stringify(await without.json())).toContain('name');
    expect((await send('?name=notes.txt')).status).toBe(201);
  });
});
