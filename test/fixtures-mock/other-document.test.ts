import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../generator/index.js';
import { FIXTURE_DOCS, ROOT } from '../helpers/paths.js';

const OUT = join(ROOT, 'test', '.tmp', 'fixtures-mock-petstore');

interface Mock {
  url: string;
  requests: { operationId?: string; headers: Record<string, unknown>; apiKey: boolean }[];
  close(): Promise<void>;
}

/** The petstore-mini document (bearer auth, no envelope, path/query/header parameters) through the whole pipeline. */
describe('fixtures and mock of another document', () => {
  let mock: Mock;
  let fixtures: Record<string, { params: Record<string, unknown>; response: { status: number; headers: Record<string, string>; body: unknown } }>;
  beforeAll(async () => {
    rmSync(OUT, { recursive: true, force: true });
    await generate({ spec: join(FIXTURE_DOCS, 'petstore-mini.yaml'), out: OUT });
    const module = (await import(pathToFileURL(join(OUT, 'mock', 'index.ts')).href)) as { startMockServer(): Promise<Mock> };
    fixtures = ((await import(pathToFileURL(join(OUT, 'fixtures', 'index.ts')).href)) as { fixtures: typeof fixtures }).fixtures;
    mock = await module.startMockServer();
  });
  afterAll(async () => {
    await mock?.close();
    rmSync(OUT, { recursive: true, force: true });
  });

  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${mock.url}${path}`, { ...init, headers: { authorization: 'Bearer secret-token', 'content-type': 'application/json', ...init.headers } });

  it('has a fixture per operation of that document', () => {
    expect(Object.keys(fixtures)).toStrictEqual(['listPets', 'createPet', 'getPet', 'deletePet']);
  });

  it('checks its bearer credential and never records it', async () => {
    expect((await call('/pets?status=sold', { headers: { authorization: '' } })).status).toBe(401);
    expect((await call('/pets?status=sold')).status).toBe(200);
    expect(mock.requests.map((r) => r.apiKey)).toStrictEqual([false, true]);
    expect(JSON.stringify(mock.requests)).not.toContain('secret-token');
  });

  it('reads query arrays, path and header parameters back and validates them', async () => {
    const list = await call('/pets?status=available&limit=2&tags=bright&tags=natural');
    expect(list.status).toBe(200);
    expect(await list.json()).toStrictEqual(fixtures.listPets?.response.body);
    const badTag = await call('/pets?status=available&tags=x');
    expect(badTag.status).toBe(400);
    expect(((await badTag.json()) as { message: string }).message).toBe('invalid request: query.tags[0]: must be at least 2 characters');
    expect((await call('/pets/0')).status).toBe(400);
    expect((await call('/pets/12', { headers: { 'x-trace-id': 'not-a-uuid' } })).status).toBe(400);
    const pet = await call('/pets/12', { headers: { 'x-trace-id': String(fixtures.getPet?.params['X-Trace-Id']) } });
    expect(pet.status).toBe(200);
  });

  it("answers with each fixture's status, headers and body (201 with Location, 204 without body)", async () => {
    const created = await call('/pets', { method: 'POST', body: JSON.stringify(fixtures.createPet?.params) });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(fixtures.createPet?.response.headers.Location);
    const deleted = await call('/pets/3', { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe('');
    const invalid = await call('/pets', { method: 'POST', body: JSON.stringify({ ...fixtures.createPet?.params, species: 'fish' }) });
    // The document declares 422 for invalid input, and the mock's failure body fits its schema.
    expect(invalid.status).toBe(422);
    expect(await invalid.json()).toMatchObject({ code: 422, message: expect.stringMatching(/species/) });
  });
});
