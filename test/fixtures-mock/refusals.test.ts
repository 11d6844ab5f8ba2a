import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runMock } from '../../generator/servers/mock.js';
import type { ApiModel, SchemaObject } from '../../generator/model/types.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { generatedMock } from './helpers/generated-mock.js';
import { createJudge } from './judge.js';
import { modelOf } from './model.js';

const KEY = { 'x-key': 'k' };

interface Given {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

interface Want {
  status: number;
  /** The answer's media type: the declared one. */
  type: string;
  /** The recorded problem, which the body carries too where its schema has room. */
  problem: string;
  /** Where the body carries the problem (a property path), where it has room. */
  at?: string[];
  headers?: Record<string, string>;
}

// Refusals as RFC 9110 and the document say: the status the operation declares for the kind of
// refusal, its media type, and a body its schema takes that names the field and the rule.
describe('a refused request', () => {
  const generated = generatedMock('fixtures-mock-refusals', 'refusals.yaml');
  let model: ApiModel;
  beforeAll(async () => {
    model = await modelOf(join(FIXTURE_DOCS, 'corpus', 'refusals.yaml'));
  });
  const send = ({ method, path, headers = {}, body }: Given) =>
    fetch(`${generated.mock.url}${path}`, { method, headers: { ...KEY, ...headers }, ...(body === undefined ? {} : { body }) });
  const json = { 'content-type': 'application/json' };
  const problem = (detail: string) => ({ type: 'application/problem+json', problem: detail, at: ['detail'] });
  const error = (status: number, message: string) => ({ status, type: 'application/json', problem: message, at: ['error', 'message'] });

  const cases: [string, { given: Given; want: Want }][] = [
    [
      'a JSON array where the body is an object whose properties are all optional',
      {
        given: { method: 'PATCH', path: '/notes/1', headers: json, body: '[]' },
        want: { status: 400, ...problem('invalid request: body: must be an object') },
      },
    ],
    [
      'a JSON string there',
      {
        given: { method: 'PATCH', path: '/notes/1', headers: json, body: '"x"' },
        want: { status: 400, ...problem('invalid request: body: must be an object') },
      },
    ],
    [
      'a JSON number there',
      {
        given: { method: 'PATCH', path: '/notes/1', headers: json, body: '42' },
        want: { status: 400, ...problem('invalid request: body: must be an object') },
      },
    ],
    [
      'a JSON null there',
      {
        given: { method: 'PATCH', path: '/notes/1', headers: json, body: 'null' },
        want: { status: 400, ...problem('invalid request: body: must be an object') },
      },
    ],
    [
      'a required body missing, whose properties are all optional',
      { given: { method: 'PUT', path: '/notes/1', headers: json }, want: { status: 400, ...problem('invalid request: body: required') } },
    ],
    [
      'a required body missing (the declared 400)',
      {
        given: { method: 'POST', path: '/notes', headers: json },
        want: error(400, 'invalid request: body: required; body.name: required'),
      },
    ],
    [
      'a body of a media type the operation does not declare: 415 (under `default`), with the ones it takes',
      {
        given: { method: 'POST', path: '/notes', headers: { 'content-type': 'application/xml' }, body: '<note><name>a</name></note>' },
        want: { status: 415, ...problem('invalid request: header.Content-Type: must be application/json'), headers: { accept: 'application/json' } },
      },
    ],
    [
      'an empty idempotency key, where the document says minLength 1 (the declared 400)',
      {
        given: { method: 'POST', path: '/notes', headers: { ...json, 'idempotency-key': '' }, body: '{"name":"a"}' },
        want: error(400, 'invalid request: header.Idempotency-Key: must be at least 1 character'),
      },
    ],
    [
      'a body value out of bounds (the declared 422, content that cannot be processed)',
      {
        given: { method: 'POST', path: '/notes', headers: json, body: JSON.stringify({ name: 'n'.repeat(21) }) },
        want: error(422, 'invalid request: body.name: must be at most 20 characters'),
      },
    ],
    [
      'a body that is not JSON (the declared 400, not the 422)',
      { given: { method: 'POST', path: '/notes', headers: json, body: '{"name":' }, want: error(400, 'invalid request: body: must be valid JSON') },
    ],
    [
      'a query value out of bounds (`default`, as 400)',
      { given: { method: 'GET', path: '/notes?limit=500' }, want: { status: 400, ...problem('invalid request: query.limit: must be <= 100') } },
    ],
    ['a path value out of bounds', { given: { method: 'GET', path: '/notes/0' }, want: { status: 400, ...problem('invalid request: path.id: must be >= 1') } }],
    [
      'no credential: a 401 covered only by `default`, in its media type and schema',
      { given: { method: 'GET', path: '/notes', headers: { 'x-key': '' } }, want: { status: 401, ...problem('missing API key: send it in the header X-Key') } },
    ],
  ];

  it.each(cases)('%s', async (_name, { given, want }) => {
    const answer = await send(given);
    const body = (await answer.json()) as unknown;
    expect([answer.status, answer.headers.get('content-type')]).toStrictEqual([want.status, want.type]);
    for (const [name, value] of Object.entries(want.headers ?? {})) expect(answer.headers.get(name), name).toBe(value);
    expect(generated.mock.requests.at(-1)).toMatchObject({ status: want.status, problem: want.problem });
    if (want.at) expect(want.at.reduce((value: unknown, key) => (value as Record<string, unknown>)[key], body)).toBe(want.problem);
    const schema = declaredSchema(model, given, want.status);
    expect(createJudge(model)(schema, body)).toStrictEqual([]);
  });

  it('a valid request of each kind is answered from its fixture', async () => {
    const statuses = [
      await send({ method: 'PATCH', path: '/notes/1', headers: json, body: '{}' }),
      await send({ method: 'PATCH', path: '/notes/1' }),
      await send({ method: 'PUT', path: '/notes/1', headers: json, body: '{}' }),
      await send({ method: 'POST', path: '/notes', headers: { ...json, 'idempotency-key': 'k1' }, body: '{"name":"a"}' }),
      await send({ method: 'POST', path: '/notes', headers: { 'content-type': 'application/json; charset=utf-8' }, body: '{"name":"a"}' }),
    ].map((answer) => answer.status);
    expect(statuses).toStrictEqual([200, 200, 200, 201, 201]);
  });
});

describe('the methods of a path (RFC 9110)', () => {
  const generated = generatedMock('fixtures-mock-refusals-methods', 'refusals.yaml');
  const send = (method: string, path: string) => fetch(`${generated.mock.url}${path}`, { method, headers: KEY });

  it('a method the path does not take: 405 with Allow, listing HEAD beside GET, and OPTIONS', async () => {
    const answer = await send('PUT', '/notes');
    expect([answer.status, answer.headers.get('allow')]).toStrictEqual([405, 'GET, POST, HEAD, OPTIONS']);
    expect(generated.mock.requests.at(-1)?.problem).toBe('PUT is not an operation of /notes; it takes GET, POST, HEAD, OPTIONS');
    expect(JSON.stringify(await answer.json())).toContain('PUT is not an operation of /notes');
  });

  it('HEAD is answered as the GET without its body, with its length (9.3.2)', async () => {
    const get = await send('GET', '/notes/1');
    const text = await get.text();
    const head = await send('HEAD', '/notes/1');
    expect([head.status, head.headers.get('content-type'), head.headers.get('content-length')]).toStrictEqual([
      200,
      'application/json',
      String(Buffer.byteLength(text)),
    ]);
    expect(await head.text()).toBe('');
    expect(generated.mock.requests.at(-1)).toMatchObject({ method: 'HEAD', operationId: 'getNote', status: 200 });
  });

  it('OPTIONS is answered 204 with Allow; an unknown path still 404', async () => {
    const options = await send('OPTIONS', '/notes/1');
    expect([options.status, options.headers.get('allow'), await options.text()]).toStrictEqual([204, 'GET, PUT, DELETE, PATCH, HEAD, OPTIONS', '']);
    expect((await send('OPTIONS', '/nothing')).status).toBe(404);
  });
});

/** Runs the shipped mock (`podcast-gen mock --port 0`) with `env`, until `stop`: its output and address. */
function started(env?: Record<string, string>) {
  let out = '';
  let listening: (url: string) => void = () => {};
  const url = new Promise<string>((resolve) => (listening = resolve));
  const stop = new AbortController();
  const run = runMock({
    port: 0,
    signal: stop.signal,
    ...(env ? { env } : {}),
    stdout: (text) => {
      out += text;
      const address = /listening on (http:\S+)/.exec(out)?.[1];
      if (address) listening(address);
    },
  });
  return { url, stop, run, output: () => out };
}

describe('podcast-gen mock, its log', () => {
  it('names the field and the rule of a refused request', async () => {
    const mock = started();
    const answer = await fetch(`${await mock.url}/open/podcast/v1/images?id=abc`, { method: 'DELETE', headers: { 'x-api-key': 'k' } });
    expect(answer.status).toBe(400);
    mock.stop.abort();
    expect(await mock.run).toBe(0);
    expect(mock.output()).toContain('DELETE /open/podcast/v1/images -> 400 (deleteImage): invalid request: query.id: must be a number\n');
  });
});

describe('podcast-gen mock, its credential', () => {
  const quota = (url: string, key: string) => fetch(`${url}/open/podcast/v1/quota/summary`, { headers: { 'x-api-key': key } });

  it('is the one set in its variable, read as the MCP server and verify read it: another is refused 401', async () => {
    const mock = started({ PODCAST_API_KEY: ' vk-mock-0042 ', OTHER: 'x' });
    const url = await mock.url;
    expect((await quota(url, 'vk-mock-0042')).status).toBe(200);
    const wrong = await quota(url, 'another-key');
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { msg: string }).msg).toBe('the credential sent is not one this mock takes');
    mock.stop.abort();
    expect(await mock.run).toBe(0);
    expect(mock.output()).toContain('podcast-gen mock: takes only the credential set in PODCAST_API_KEY; another is refused 401\n');
    expect(mock.output()).not.toContain('vk-mock-0042');
  });

  it('is any where its variable is not set (or empty)', async () => {
    const envs: (Record<string, string> | undefined)[] = [{}, { PODCAST_API_KEY: '  ' }, undefined];
    for (const env of envs) {
      const mock = started(env);
      expect((await quota(await mock.url, 'any-key')).status).toBe(200);
      mock.stop.abort();
      expect(await mock.run).toBe(0);
      expect(mock.output()).not.toContain('takes only');
    }
  });
});

/** The schema of the response the operation of `given` declares for `status`: its own, its class's, else `default`. */
function declaredSchema(model: ApiModel, given: Given, status: number): SchemaObject {
  const route = given.path.split('?')[0]?.replace(/\/\d+$/, '/{id}');
  const op = model.operations.find((o) => o.httpMethod.toUpperCase() === given.method && o.path === route);
  const errors = op?.errors ?? [];
  const response =
    errors.find((e) => e.status === status) ?? errors.find((e) => e.statusClass === Math.floor(status / 100)) ?? errors.find((e) => e.status === 'default');
  if (!response?.schema) throw new Error(`no declared response for ${status}`);
  return response.schema;
}
