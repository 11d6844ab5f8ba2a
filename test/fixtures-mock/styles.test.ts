import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../generator/index.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { batchFolder, removeBatch } from '../robustness/helpers/compile.js';

/**
 * Every style OpenAPI 3.0 writes a query, path, header or cookie parameter in, and a form body's
 * fields by its `encoding`:
 * the generated client writes each, and the generated mock (on 127.0.0.1) reads each back as the
 * typed value before validating it. Each schema takes only the value as meant (two items at least,
 * integers, enums, closed objects), so a value read the wrong way is a 400.
 */
const SPEC = join(FIXTURE_DOCS, 'versions', 'styles-3.0.yaml');

type Api = Record<string, (params: unknown) => Promise<unknown>>;
interface Recorded {
  operationId?: string;
  status?: number;
  path: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  body?: unknown;
}
interface Route {
  operationId: string;
  fields: { name: string; in: string; wireName: string }[];
}
interface Parts {
  pathParams: Record<string, string>;
  query: URLSearchParams;
  rawQuery: string;
  headers: Record<string, string>;
  body: unknown;
}
interface Routes {
  routes: readonly Route[];
  readInput(route: Route, parts: Parts): Record<string, unknown>;
  readForm(route: Route, raw: string): Record<string, unknown>;
  matchRoute(method: string, pathname: string): { route: Route; pathParams: Record<string, string> } | undefined;
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
  pairs: [
    [1, 2],
    [3, 4],
  ],
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

const PATH = { id: 7, tags: ['a', 'x,y'], tagsx: ['a', 'v.1'], range: { min: 1, max: 9 }, rangex: { min: 1, max: 9 } };

/** What the client writes for {@link PATH}, per OpenAPI 3.0's style table (a comma inside an item escaped, and in label a dot). */
const PATHS = {
  pathSimple: '/simple/7/a,x%2Cy/a,v.1/min,1,max,9/min=1,max=9',
  pathLabel: '/label/.7/.a,x%2Cy/.a.v%2E1/.min,1,max,9/.min=1.max=9',
  pathMatrix: '/matrix/;id=7/;tags=a,x%2Cy/;tagsx=a;tagsx=v.1/;range=min,1,max,9/;min=1;max=9',
};

const HEADERS = {
  'X-Id': 7,
  'X-Tags': ['a', 'b'],
  'X-Range': { min: 1, max: 9 },
  'X-Range-X': { min: 2, max: 3 },
  'X-Ranges': [
    { min: 1, max: 2 },
    { min: 3, max: 4 },
  ],
};

const COOKIES = { id: 7, tags: ['a', 'x,y'], tagsx: ['b', 'x,y'], range: { min: 1, max: 9 }, window: { from: 2, to: 5 } };

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
    // The document's routes and credential (routes.ts) read by the mock's shared code (wire.ts, match.ts).
    const { routes, auth } = (await load('mock/routes.ts')) as { routes: readonly Route[]; auth: unknown };
    const wire = (await load('mock/wire.ts')) as {
      readInput(route: Route, parts: Parts, auth: unknown): Record<string, unknown>;
      readForm: Routes['readForm'];
    };
    const { matchRoute } = (await load('mock/match.ts')) as {
      matchRoute(routes: readonly Route[], method: string, pathname: string): ReturnType<Routes['matchRoute']>;
    };
    mock = {
      routes,
      readInput: (route, parts) => wire.readInput(route, parts, auth),
      readForm: wire.readForm,
      matchRoute: (method, pathname) => matchRoute(routes, method, pathname),
    };
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
      pairs: '[1,2],[3,4]',
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

  it.each(Object.entries(PATHS))('%s: the client writes path parameters by the style table, the mock reads them back typed', async (operationId, path) => {
    await api[operationId]?.(PATH);
    expect(last()).toMatchObject({ operationId, status: 200, path });
    const match = mock.matchRoute('GET', path);
    expect(match?.route.operationId).toBe(operationId);
    const parts = { pathParams: match?.pathParams ?? {}, query: new URLSearchParams(), rawQuery: '', headers: {}, body: null };
    expect(mock.readInput(match?.route as Route, parts)).toStrictEqual(PATH);
  });

  it('the client writes header parameters in style simple (exploded objects as k=v), the mock reads them back typed', async () => {
    await api.readHeaders?.(HEADERS);
    expect(last()).toMatchObject({ operationId: 'readHeaders', status: 200 });
    expect(last().headers).toMatchObject({
      'x-id': '7',
      'x-tags': 'a,b',
      'x-range': 'min,1,max,9',
      'x-range-x': 'min=2,max=3',
      'x-ranges': '{"min":1,"max":2},{"min":3,"max":4}',
    });
    const route = mock.routes.find((r) => r.operationId === 'readHeaders') as Route;
    expect(mock.readInput(route, { pathParams: {}, query: new URLSearchParams(), rawQuery: '', headers: last().headers, body: null })).toStrictEqual(HEADERS);
  });

  it('the client writes cookie parameters in style form (exploded: the cookie repeated, properties as cookies), the mock reads them back typed', async () => {
    await api.readCookies?.(COOKIES);
    expect(last()).toMatchObject({ operationId: 'readCookies', status: 200 });
    const cookie = 'id=7; tags=a,x%2Cy; tagsx=b; tagsx=x%2Cy; range=min,1,max,9; from=2; to=5';
    expect(last().headers.cookie).toBe(cookie);
    const route = mock.routes.find((r) => r.operationId === 'readCookies') as Route;
    expect(mock.readInput(route, { pathParams: {}, query: new URLSearchParams(), rawQuery: '', headers: { cookie }, body: null })).toStrictEqual(COOKIES);
  });

  it('the mock refuses path, header and cookie parameters written in another style than the document says (400, naming the field)', async () => {
    const get = async (path: string, headers: Record<string, string> = {}) => {
      const response = await fetch(`${server.url}${path}`, { headers: { ...key, ...headers } });
      return { status: response.status, text: await response.text() };
    };
    expect(await get(PATHS.pathLabel)).toMatchObject({ status: 200 });
    // Label's exploded array written unexploded: one item `a,x,y` (not in the enum).
    expect(await get('/label/.7/.a,x%2Cy/.a,x%2Cy/.min,1,max,9/.min=1.max=9')).toMatchObject({ status: 400, text: expect.stringMatching(/tagsx/) });
    // Matrix without the prefix: no `;id=`.
    expect(await get('/matrix/7/;tags=a,b/;tagsx=a;tagsx=b/;range=min,1,max,9/;min=1;max=9')).toMatchObject({ status: 400, text: expect.stringMatching(/id/) });
    // Simple's unexploded object written exploded.
    expect(await get('/simple/7/a,b/a,b/min=1,max=9/min=1,max=9')).toMatchObject({ status: 400, text: expect.stringMatching(/range/) });
    const headers = { 'x-id': '7', 'x-tags': 'a,b', 'x-range': 'min,1,max,9', 'x-range-x': 'min=2,max=3', 'x-ranges': '{"min":1,"max":2},{"min":3,"max":4}' };
    expect(await get('/headers', headers)).toMatchObject({ status: 200 });
    expect(await get('/headers', { ...headers, 'x-range-x': 'min,2,max,3' })).toMatchObject({ status: 400, text: expect.stringMatching(/X-Range-X/) });
    expect(await get('/headers', { ...headers, 'x-tags': 'a' })).toMatchObject({ status: 400, text: expect.stringMatching(/X-Tags/) });
    const cookie = 'id=7; tags=a,b; tagsx=a; tagsx=b; range=min,1,max,9; from=2; to=5';
    expect(await get('/cookies', { cookie })).toMatchObject({ status: 200 });
    // The exploded array written comma-separated: one item `a,b`.
    expect(await get('/cookies', { cookie: cookie.replace('tagsx=a; tagsx=b', 'tagsx=a,b') })).toMatchObject({
      status: 400,
      text: expect.stringMatching(/tagsx/),
    });
    // The exploded object written as one cookie: from and to missing.
    expect(await get('/cookies', { cookie: cookie.replace('from=2; to=5', 'window=from,2,to,5') })).toMatchObject({
      status: 400,
      text: expect.stringMatching(/window/),
    });
  });
});
