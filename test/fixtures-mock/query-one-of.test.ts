import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../generator/index.js';
import { FIXTURE_DOCS, ROOT } from '../helpers/paths.js';

const OUT = join(ROOT, 'test', '.tmp', 'fixtures-mock-query-one-of');

interface Mock {
  url: string;
  close(): Promise<void>;
}

// Pandascore's document: the mock read a query parameter of several types (`page`: an integer or an
// object; a videogame ID or slug) as text, and answered 400 to 48 of its operations.
describe('the mock reads a query parameter of several types as the text says', () => {
  let mock: Mock;
  let api: { getAdditions(params: object): Promise<unknown> };
  beforeAll(async () => {
    rmSync(OUT, { recursive: true, force: true });
    await generate({ spec: join(FIXTURE_DOCS, 'corpus', 'query-one-of.yaml'), out: OUT });
    mock = await ((await import(pathToFileURL(join(OUT, 'mock', 'index.ts')).href)) as { startMockServer(): Promise<Mock> }).startMockServer();
    const { createPodcastClient } = (await import(pathToFileURL(join(OUT, 'client.ts')).href)) as { createPodcastClient(options: object): typeof api };
    api = createPodcastClient({ baseUrl: mock.url });
  });
  afterAll(async () => {
    await mock?.close();
    rmSync(OUT, { recursive: true, force: true });
  });

  it("takes the client's numbers and booleans as such, and text where that is what the text is", async () => {
    await expect(api.getAdditions({ page: 2, videogame: [1, 'league-of-legends'], flag: true })).resolves.toBeDefined();
    await expect(api.getAdditions({ videogame: ['lol'], flag: 'auto' })).resolves.toBeDefined();
  });

  it('still refuses what no branch takes', async () => {
    expect((await fetch(`${mock.url}/additions?page=0&videogame=1&flag=true`)).status).toBe(400);
    expect((await fetch(`${mock.url}/additions?videogame=Dota%202&flag=true`)).status).toBe(400);
  });
});
