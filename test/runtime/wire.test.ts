import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Core, type FieldSpec, type OperationSpec, type RequestEvent } from '../../templates/runtime.js';
import { startLoopback, type SeenRequest } from '../helpers/loopback.js';
import { operationSpec, oneScheme, type OneScheme } from './operation-spec.js';

const API_KEY = 'key-7f3a9c21';
let server: Awaited<ReturnType<typeof startLoopback>>;
beforeAll(async () => {
  server = await startLoopback(() => ({ body: { ok: true } }));
});
afterAll(() => server.close());

/** Sends one call through a real loopback server and gives the request as it arrived and as the hook saw it. */
async function send(
  spec: OperationSpec,
  input: Record<string, unknown>,
  { auth = { kind: 'none' } as OneScheme, baseUrl = server.url, query }: { auth?: OneScheme; baseUrl?: string; query?: Record<string, string> } = {},
): Promise<{ seen: SeenRequest; event: RequestEvent }> {
  const events: RequestEvent[] = [];
  const core = new Core({ apiKey: API_KEY, baseUrl, onRequest: (e) => void events.push(e) }, oneScheme(auth));
  const before = server.requests.length;
  await core.request(spec, input, {}, query ? { query } : {});
  expect(server.requests).toHaveLength(before + 1);
  return { seen: server.requests[before] as SeenRequest, event: events[0] as RequestEvent };
}

// As generated specs write them: `wireName` only where it is not `name`.
const field = (name: string, place: FieldSpec['in'], more: Partial<FieldSpec> = {}): FieldSpec => ({ name, in: place, required: false, ...more });

describe('the URL', () => {
  it('encodes path parameters as one segment each, and joins the base URL without doubled slashes', async () => {
    const spec = operationSpec({ path: '/items/{item id}/parts/{part}', fields: [field('itemId', 'path', { wireName: 'item id' }), field('part', 'path')] });
    const { seen } = await send(spec, { itemId: 'a/b c?#', part: 7 }, { baseUrl: `${server.url}/api//` });
    expect(seen.path).toBe('/api/items/a%2Fb%20c%3F%23/parts/7');
  });

  const styles: [string, Partial<FieldSpec>, unknown, Record<string, string | string[]>][] = [
    ['form arrays explode by default', {}, ['a', 'b'], { v: ['a', 'b'] }],
    ['form arrays without explode are comma-joined', { explode: false }, [1, 2], { v: '1,2' }],
    ['spaceDelimited arrays', { style: 'spaceDelimited', explode: false }, [1, 2], { v: '1 2' }],
    ['pipeDelimited arrays', { style: 'pipeDelimited', explode: false }, [1, 2], { v: '1|2' }],
    ['deepObject objects', { style: 'deepObject', explode: true }, { a: 1, b: 'x y' }, { 'v[a]': '1', 'v[b]': 'x y' }],
    ['form objects explode into their own keys', {}, { lat: 1, lng: 2 }, { lat: '1', lng: '2' }],
    ['form objects without explode are key,value pairs', { explode: false }, { lat: 1, lng: 2 }, { v: 'lat,1,lng,2' }],
    ['scalars as text, reserved characters escaped', {}, 'a&b=c+d', { v: 'a&b=c+d' }],
    ['booleans as text', {}, false, { v: 'false' }],
    // No style writes an object inside an array or object: its JSON, as the mock reads it (Mastodon's `timeline` went out as [object Object]).
    ['objects in an array as JSON', {}, [{ id: 1 }, { id: 2 }], { v: ['{"id":1}', '{"id":2}'] }],
    ['arrays in an object as JSON', {}, { at: [1, 2] }, { at: '[1,2]' }],
  ];
  it.each(styles)('query: %s', async (_name, style, value, query) => {
    const { seen } = await send(operationSpec({ fields: [field('v', 'query', style)] }), { v: value });
    expect(seen.query).toStrictEqual(query);
  });

  const pathStyles: [string, Partial<FieldSpec>, unknown, string][] = [
    ['simple arrays', {}, ['a', 'b,c'], 'a,b%2Cc'],
    ['simple objects', {}, { a: 1, b: 'x y' }, 'a,1,b,x%20y'],
    ['simple objects, exploded', { explode: true }, { a: 1, b: 2 }, 'a=1,b=2'],
    ['objects in a simple array as JSON, escaped', {}, [{ a: 1 }], '%7B%22a%22%3A1%7D'],
    ['label scalars, a dot escaped', { style: 'label' }, 'v1.2', '.v1%2E2'],
    ['label arrays', { style: 'label' }, ['a', 'b'], '.a,b'],
    ['label arrays, exploded', { style: 'label', explode: true }, ['a', 'b.c'], '.a.b%2Ec'],
    ['label objects, exploded', { style: 'label', explode: true }, { a: 1, b: 2 }, '.a=1.b=2'],
    ['matrix scalars', { style: 'matrix' }, 5, ';v=5'],
    ['matrix arrays', { style: 'matrix' }, ['a', 'b'], ';v=a,b'],
    ['matrix arrays, exploded', { style: 'matrix', explode: true }, ['a', 'b;c'], ';v=a;v=b%3Bc'],
    ['matrix objects', { style: 'matrix' }, { a: 1, b: 2 }, ';v=a,1,b,2'],
    ['matrix objects, exploded', { style: 'matrix', explode: true }, { a: 1, b: 2 }, ';a=1;b=2'],
  ];
  it.each(pathStyles)('path: %s', async (_name, style, value, segment) => {
    const { seen } = await send(operationSpec({ path: '/items/{v}', fields: [field('v', 'path', style)] }), { v: value });
    expect(seen.path).toBe(`/items/${segment}`);
  });

  // Azure's resourceGroupName pattern allows `.`: fetch requested /resourcegroups/exportTemplate, and `..` climbs.
  it.each(['.', '..', '%2e', '.%2E'])('refuses a path parameter that makes the segment %s, before anything is sent', async (value) => {
    const spec = operationSpec({ path: '/groups/{group}/export', fields: [field('group', 'path', { write: (_f, v) => String(v) })] });
    const core = new Core({ apiKey: API_KEY, baseUrl: server.url }, oneScheme({ kind: 'none' }));
    const before = server.requests.length;
    await expect(core.request(spec, { group: value }, {}, {})).rejects.toThrow(/group: makes the path segment/);
    expect(server.requests).toHaveLength(before);
    const { seen } = await send(operationSpec({ path: '/groups/{group}/export', fields: [field('group', 'path')] }), { group: '...' });
    expect(seen.path).toBe('/groups/.../export');
  });

  it("leaves out absent parameters and adds the call's extra query", async () => {
    const { seen } = await send(operationSpec({ fields: [field('a', 'query'), field('b', 'query')] }), { a: 1 }, { query: { extra: 'x' } });
    expect(seen.query).toStrictEqual({ a: '1', extra: 'x' });
  });
});

describe('headers and cookies', () => {
  it('sends header parameters (arrays comma-joined) and cookie parameters, escaped', async () => {
    const spec = operationSpec({
      fields: [
        field('trace', 'header', { wireName: 'X-Trace' }),
        field('tags', 'header', { wireName: 'X-Tags' }),
        field('session', 'cookie'),
        field('theme', 'cookie'),
      ],
    });
    const { seen } = await send(spec, { trace: 't-1', tags: ['a', 'b'], session: 'a;b c', theme: 'dark' });
    expect(seen.headers).toMatchObject({ 'x-trace': 't-1', 'x-tags': 'a,b', cookie: 'session=a%3Bb%20c; theme=dark', accept: 'application/json' });
  });

  it('writes header objects in style simple and cookie arrays and objects in style form, exploded or not', async () => {
    const spec = operationSpec({
      fields: [
        field('range', 'header', { wireName: 'X-Range' }),
        field('rangeX', 'header', { wireName: 'X-Range-X', explode: true }),
        field('ids', 'cookie', { explode: false }),
        field('tags', 'cookie'),
        field('point', 'cookie', { explode: false }),
        field('window', 'cookie'),
      ],
    });
    const { seen } = await send(spec, {
      range: { min: 1, max: 2 },
      rangeX: { min: 3, max: 4 },
      ids: [1, 2],
      tags: ['a', 'b c'],
      point: { x: 1, y: 2 },
      window: { from: 5, to: 6 },
    });
    expect(seen.headers).toMatchObject({
      'x-range': 'min,1,max,2',
      'x-range-x': 'min=3,max=4',
      cookie: 'ids=1,2; tags=a; tags=b%20c; point=x,1,y,2; from=5; to=6',
    });
  });

  const auths: [string, OneScheme, (seen: SeenRequest) => unknown, unknown][] = [
    ['an API key header', { kind: 'apiKey', in: 'header', name: 'X-Api-Key' }, (s) => s.headers['x-api-key'], API_KEY],
    ['an API key in the query', { kind: 'apiKey', in: 'query', name: 'api_key' }, (s) => s.query.api_key, API_KEY],
    ['an API key cookie, beside the cookie parameters', { kind: 'apiKey', in: 'cookie', name: 'key' }, (s) => s.headers.cookie, `session=s1; key=${API_KEY}`],
    ['a bearer token', { kind: 'bearer' }, (s) => s.headers.authorization, `Bearer ${API_KEY}`],
    ['basic credentials, the key being user:password', { kind: 'basic' }, (s) => s.headers.authorization, `Basic ${Buffer.from(API_KEY).toString('base64')}`],
  ];
  it.each(auths)('the credential as %s', async (_name, auth, pick, want) => {
    const { seen } = await send(operationSpec({ fields: [field('session', 'cookie')] }), { session: 's1' }, { auth });
    expect(pick(seen)).toBe(want);
  });

  it('a cookie parameter, an `in: querystring` one or a form body whose spec carries no writer is refused before anything is sent', async () => {
    const core = new Core({ apiKey: API_KEY, baseUrl: server.url }, oneScheme({ kind: 'none' }));
    const before = server.requests.length;
    const bare = [
      { ...operationSpec(), fields: [field('session', 'cookie')] },
      { ...operationSpec(), fields: [field('q', 'querystring', { contentType: 'application/json' })] },
      { ...operationSpec({ method: 'POST' }), body: { kind: 'form', contentType: 'application/x-www-form-urlencoded', required: true, flattened: false } },
    ] satisfies OperationSpec[];
    for (const spec of bare) await expect(core.request(spec, { session: 's', q: { a: 1 }, body: { a: 1 } }, {})).rejects.toThrow(TypeError);
    expect(server.requests).toHaveLength(before);
  });

  it('the credential in the query takes the place of a same-named extra parameter', async () => {
    const { seen } = await send(operationSpec(), {}, { auth: { kind: 'apiKey', in: 'query', name: 'api_key' }, query: { api_key: 'other' } });
    expect(seen.query).toStrictEqual({ api_key: API_KEY });
  });
});

describe('headers that frame the message', () => {
  // Vercel's upload takes a Content-Length parameter, Azure's Data Lake a Transfer-Encoding one: fetch
  // frames the body itself, refuses a length that is not the body's and any Transfer-Encoding or
  // Connection, and a browser drops them. The document names them; the client leaves them to fetch.
  it('are not sent from parameters or per-call headers, and the body arrives whole', async () => {
    const spec = operationSpec({
      method: 'POST',
      body: { kind: 'json', contentType: 'application/json', required: true, flattened: false },
      fields: [
        field('contentLength', 'header', { wireName: 'Content-Length' }),
        field('transferEncoding', 'header', { wireName: 'Transfer-Encoding' }),
        field('trace', 'header', { wireName: 'X-Trace' }),
      ],
    });
    const core = new Core({ apiKey: API_KEY, baseUrl: server.url }, oneScheme({ kind: 'none' }));
    const before = server.requests.length;
    await core.request(
      spec,
      { contentLength: 3, transferEncoding: 'chunked', trace: 't', body: { text: 'hello' } },
      {},
      { headers: { Connection: 'close', 'Keep-Alive': 'timeout=5' } },
    );
    const seen = server.requests[before] as SeenRequest;
    expect(JSON.parse(seen.body)).toStrictEqual({ text: 'hello' });
    expect(seen.headers['content-length']).toBe(String(Buffer.byteLength(seen.body)));
    expect(seen.headers['transfer-encoding']).toBeUndefined();
    expect(seen.headers['keep-alive']).toBeUndefined();
    expect(seen.headers['x-trace']).toBe('t');
  });
});

describe('request bodies', () => {
  const body = (kind: NonNullable<OperationSpec['body']>['kind'], contentType: string, more: Partial<NonNullable<OperationSpec['body']>> = {}) =>
    operationSpec({ method: 'POST', body: { kind, contentType, required: true, flattened: false, ...more } });

  it('JSON: the body as given, with its media type', async () => {
    const { seen, event } = await send(body('json', 'application/merge-patch+json'), { body: { a: [1, { b: null }] } });
    expect(seen.headers['content-type']).toBe('application/merge-patch+json');
    expect(JSON.parse(seen.body)).toStrictEqual({ a: [1, { b: null }] });
    expect(event.body).toStrictEqual({ a: [1, { b: null }] });
  });

  it('form: repeated keys for arrays, JSON for objects, nothing for null', async () => {
    const { seen } = await send(body('form', 'application/x-www-form-urlencoded'), { body: { name: 'a b&c', ids: [1, 2], meta: { k: 1 }, gone: null } });
    expect(seen.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(seen.body).toBe('name=a+b%26c&ids=1&ids=2&meta=%7B%22k%22%3A1%7D');
  });

  it('multipart: files as files, objects as JSON, arrays as repeated parts, with a boundary fetch chooses', async () => {
    const { seen } = await send(body('multipart', 'multipart/form-data'), {
      body: { file: new Blob(['PNG bytes'], { type: 'image/png' }), meta: { k: 1 }, tags: ['a', 'b'] },
    });
    expect(seen.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const parts = seen.body.split(/\r\n--[^\r\n]+/).slice(0, -1);
    expect(parts.map((p) => /name="([^"]+)"/.exec(p)?.[1])).toStrictEqual(['file', 'meta', 'tags', 'tags']);
    expect(seen.body).toContain('Content-Type: image/png\r\n\r\nPNG bytes');
    expect(seen.body).toContain('name="meta"\r\n\r\n{"k":1}');
  });

  it('text and binary: sent as they are; the hook is not shown the bytes', async () => {
    const text = await send(body('text', 'text/plain'), { body: 42 });
    expect([text.seen.headers['content-type'], text.seen.body]).toStrictEqual(['text/plain', '42']);
    const binary = await send(body('binary', 'application/octet-stream'), { body: new Uint8Array([104, 105]) });
    expect([binary.seen.headers['content-type'], binary.seen.body, binary.event.body]).toStrictEqual(['application/octet-stream', 'hi', '[binary]']);
  });

  it('a flattened body gathers its fields under their wire names; an optional one with none is not sent', async () => {
    const fields = [field('imageUrl', 'body-field', { wireName: 'image_url' }), field('count', 'body-field')];
    const flattened = (required: boolean) =>
      operationSpec({ method: 'POST', fields, body: { kind: 'json', contentType: 'application/json', required, flattened: true } });
    expect(JSON.parse((await send(flattened(true), { imageUrl: 'u', count: 0 })).seen.body)).toStrictEqual({ image_url: 'u', count: 0 });
    expect((await send(flattened(true), {})).seen.body).toBe('{}');
    const none = await send(flattened(false), {});
    expect([none.seen.body, none.seen.headers['content-type']]).toStrictEqual(['', undefined]);
  });
});
