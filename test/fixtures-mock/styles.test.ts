import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../generator/index.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { batchFolder, removeBatch } from '../robustness/helpers/compile.js';

/**
 * Every style OpenAPI 3.0 writes a query parameter in, and a form body's fields by its `encoding`:
 * the generated client writes each, and the generated mock (on 127.0.0.1) reads each back as the
 * typed value before validating it. Each schema takes only the value as meant (two items at least,
 * integers, enums, closed objects), so a value read the wrong way is a 400.
 */
const SPEC = join(FIXTURE_DOCS, 'versions', 'styles-3.0.yaml');

type Api = Record<string, (params: unknown) => Promise<unknown>>;
interface Recorded { operationId?: string; status?: number; query: Record<string, string | string[]>; body?: unknown }
interface Route { operationId: string; fields: { name: string; in: string; wireName: string }[] }
interface Routes {
  routes: readonly Route[];
  readInput(route: Route, parts: { pathParams: Record<string, string>; query: URLSearchParams; rawQuery: string; headers: Record<string, string>; body: unknown }): Record<string, unknown>;
  readForm(route: Route, raw: string): Record<string, unknown>;
}

const QUERY = {
  tags: ['a', 'b'],
  ids: [1, 2],
  sizes: ['s', 'm'],
  colors: ['black', 'white'],
  scores: [3, 4],
  one: [5],
  filter: { min: 1, max: 9 },
  point: { x: 1.5, y: -2 },
  page: { offset: 0, count: 10 },
  limit: 20,
};

const FORM = {
  name: 'Tom',
  nicknames: ['tom', 'tommy'],
  aliases: ['t'],
  ids: [1, 2],
  colors: ['black', 'white'],
  sizes: ['s', 'l'],
  filter: { min: 2, max: 3 },
  point: { x: 0, y: 1 },
  meta: { lang: 'fr' },
  count: 3,
  draft: false,
};

describe('query styles and form encodings: the client writes them, the mock reads them back (OpenAPI 3.0, real HTTP)', () => {
  let batch: string;
  let api: Api;
  let mock: Routes;
  let server: { url: string; requests: Recorded[]; close(): Promise<void> };
  const last = (): Recorded => server.requests.at(-1) as Recorded;
  const key = { 'x-api-key': 'k' };

  beforeAll(async () => {
    batch = batchFolder('styles');
    const out = join(batch, 'styles');
    await generate({ spec: SPEC, out });
    const load = async (path: string) => (await import(pathToFileURL(join(out, path)).href)) as Record<string, unknown>;
    const client = await load('client.ts');
    const create = Object.entries(client).find(([name]) => /^create\w+Client$/.test(name))?.[1] as (options: object) => Api;
    const { startMockServer } = (await load('mock/index.ts')) as { startMockServer(): Promise<typeof server> };
    mock = (await load('mock/routes.ts')) as unknown as Routes;
    server = await startMockServer();
    api = create({ baseUrl: server.url, apiKey: 'k' });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    if (batch) removeBatch(batch);
  });

  it('the client writes each query style as OpenAPI 3.0 says', async () => {
    await api.search?.(QUERY);
    expect(last().query).toStrictEqual({
      tags: ['a', 'b'],
      ids: '1,2',
      sizes: 's m',
      colors: 'black|white',
      scores: ['3', '4'],
      one: '5',
      'filter[min]': '1',
      'filter[max]': '9',
      point: 'x,1.5,y,-2',
      offset: '0',
      count: '10',
      limit: '20',
    });
  });

  it('the mock accepts every style, and reads each query back as the typed value the client was given', async () => {
    await api.search?.(QUERY);
    expect(last()).toMatchObject({ operationId: 'search', status: 200 });
    const route = mock.routes.find((r) => r.operationId === 'search') as Route;
    const query = new URLSearchParams(Object.entries(last().query).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((item) => [k, item])));
    expect(mock.readInput(route, { pathParams: {}, query, rawQuery: query.toString(), headers: {}, body: null })).toStrictEqual(QUERY);
  });

  it('the client writes a form body by its encoding (repeated keys, one key, JSON text where none is given)', async () => {
    await api.submitForm?.(FORM);
    const form = new URLSearchParams(last().body as string);
    expect([...form]).toStrictEqual([
      ['name', 'Tom'],
      ['nicknames', 'tom'],
      ['nicknames', 'tommy'],
      ['aliases', 't'],
      ['ids', '1,2'],
      ['colors', 'black|white'],
      ['sizes', 's l'],
      ['filter[min]', '2'],
      ['filter[max]', '3'],
      ['point', 'x,0,y,1'],
      ['meta', '{"lang":"fr"}'],
      ['count', '3'],
      ['draft', 'false'],
    ]);
  });

  it('the mock accepts the form, and reads it back as the typed object the client was given (one key of an array: a one-item array)', async () => {
    await api.submitForm?.(FORM);
    expect(last()).toMatchObject({ operationId: 'submitForm', status: 200 });
    const route = mock.routes.find((r) => r.operationId === 'submitForm') as Route;
    expect(mock.readForm(route, last().body as string)).toStrictEqual(FORM);
    expect(mock.readForm(route, 'name=a&nicknames=x&aliases=y')).toStrictEqual({ name: 'a', nicknames: ['x'], aliases: ['y'] });
  });

  it('the mock refuses what is written in another style than the document says (400, naming the field)', async () => {
    const get = async (query: string) => {
      const response = await fetch(`${server.url}/search?${query}`, { headers: key });
      return { status: response.status, text: await response.text() };
    };
    expect(await get('tags=a&tags=b')).toMatchObject({ status: 200 });
    // Written comma-separated where the document says pipes: one item, `black,white`.
    expect(await get('colors=black,white')).toMatchObject({ status: 400, text: expect.stringMatching(/colors/) });
    expect(await get('colors=black|white')).toMatchObject({ status: 200 });
    // Repeated keys where the document says one comma-separated value: the first is read, one item.
    expect(await get('ids=1&ids=2')).toMatchObject({ status: 400, text: expect.stringMatching(/ids/) });
    expect(await get('filter[min]=1')).toMatchObject({ status: 400, text: expect.stringMatching(/filter/) });
    expect(await get('filter[min]=1&filter[max]=x')).toMatchObject({ status: 400, text: expect.stringMatching(/filter/) });
    expect(await get('offset=0')).toMatchObject({ status: 400, text: expect.stringMatching(/page/) });
    const post = async (body: string) => {
      const response = await fetch(`${server.url}/forms`, { method: 'POST', headers: { ...key, 'content-type': 'application/x-www-form-urlencoded' }, body });
      return { status: response.status, text: await response.text() };
    };
    expect(await post('name=a&colors=black%7Cwhite')).toMatchObject({ status: 200 });
    expect(await post('name=a&colors=black&colors=white')).toMatchObject({ status: 400, text: expect.stringMatching(/colors/) });
    expect(await post('name=a&ids=1,x')).toMatchObject({ status: 400, text: expect.stringMatching(/ids/) });
    expect(await post('name=a&aliases=x&aliases=y')).toMatchObject({ status: 400, text: expect.stringMatching(/aliases/) });
  });
});
