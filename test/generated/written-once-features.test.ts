/**
 * A large document's fixtures, tools and routes are written once (issue 40: the data modules, each
 * value that recurs written once); what the outputs serve from them must be what the same document's
 * output written whole serves, also for what came after that storage: server-sent events as fixture
 * bodies, paged lists served page by page (fixtures/pages.ts), a tool's outputSchema and `fields`
 * argument. Small one-feature documents, made large with PODCAST_GEN_LARGE=on, against themselves
 * written whole (`off`).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFiles } from '../../generator/index.js';
import { PAGED_CASES } from '../helpers/paged-lists.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { servedManifest, writeOutput } from '../mcp/helpers/generated-server.js';

interface Side {
  dir: string;
  remove(): void;
  load<T = Record<string, unknown>>(path: string): Promise<T>;
}

interface Mock {
  url: string;
  requests: unknown[];
  close(): Promise<void>;
}

type Walkable = { items(): AsyncIterable<unknown> };

const DOCUMENTS = {
  paging: join(FIXTURE_DOCS, 'paging', 'styles.yaml'),
  events: join(FIXTURE_DOCS, 'streams', 'events-3.1.yaml'),
  features: join(FIXTURE_DOCS, 'versions', 'features-3.2.yaml'),
};

const sides = new Map<string, { once: Side; whole: Side }>();

async function generated(spec: string, large: 'on' | 'off'): Promise<Side> {
  const before = process.env.PODCAST_GEN_LARGE;
  process.env.PODCAST_GEN_LARGE = large;
  try {
    const { files } = await generateFiles({ spec, name: 'feature' });
    const { dir, remove } = writeOutput(`written-once-${large}`, files);
    return { dir, remove, load: async <T>(path: string) => (await import(pathToFileURL(join(dir, path)).href)) as T };
  } finally {
    if (before === undefined) delete process.env.PODCAST_GEN_LARGE;
    else process.env.PODCAST_GEN_LARGE = before;
  }
}

beforeAll(async () => {
  for (const [name, spec] of Object.entries(DOCUMENTS)) sides.set(name, { once: await generated(spec, 'on'), whole: await generated(spec, 'off') });
}, 120_000);
afterAll(() => {
  for (const { once, whole } of sides.values()) {
    once.remove();
    whole.remove();
  }
});

function pair(name: string): { once: Side; whole: Side } {
  const found = sides.get(name);
  if (!found) throw new Error(`no output of ${name}`);
  return found;
}

/** Runs `use` on a side's mock, started with its own fixtures, and closes it. */
async function onMock<T>(side: Side, use: (mock: Mock) => Promise<T>): Promise<T> {
  const { startMockServer } = await side.load<{ startMockServer(): Promise<Mock> }>('mock/index.ts');
  const mock = await startMockServer();
  try {
    return await use(mock);
  } finally {
    await mock.close();
  }
}

describe.each(Object.keys(DOCUMENTS))('%s, written once as a large document', (name) => {
  it('is written in the data modules, with no .json files', () => {
    const { once } = pair(name);
    expect(readdirSync(join(once.dir, 'fixtures')).sort()).toStrictEqual([
      'answers.ts',
      'fixtures-data.d.ts',
      'fixtures-data.js',
      'index.ts',
      'pages.ts',
      'shared-values.ts',
    ]);
    expect(readdirSync(join(once.dir, 'mcp'))).toContain('server-data.js');
    expect(readdirSync(join(once.dir, 'mcp'))).not.toContain('tools.json');
  });

  it('gives the same fixtures, mock routes and tools/list (outputSchema and fields included) as written whole', async () => {
    const { once, whole } = pair(name);
    const fixtures = async (side: Side) => (await side.load<{ fixtures: unknown }>('fixtures/index.ts')).fixtures;
    const routes = async (side: Side) => (await side.load<{ routes: unknown }>('mock/routes.ts')).routes;
    expect(await fixtures(once)).toStrictEqual(JSON.parse(JSON.stringify(await fixtures(whole))));
    expect(await routes(once)).toStrictEqual(JSON.parse(JSON.stringify(await routes(whole))));
    const tools = (await servedManifest(once.dir)).tools;
    expect(tools).toStrictEqual((await servedManifest(whole.dir)).tools);
    expect(tools.some((tool) => tool.outputSchema !== undefined)).toBe(true);
    // A tool whose result is an object or a list of objects takes `fields` (the events' results are streams).
    const projected = tools.filter((tool) => 'fields' in ((tool.inputSchema.properties as object | undefined) ?? {}));
    expect(projected.length > 0).toBe(name !== 'events');
  });
});

describe('what the mock serves from data written once', () => {
  it('streams the same server-sent events, the fixture bodies, as written whole', async () => {
    const { once, whole } = pair('events');
    const served = (side: Side) =>
      onMock(side, async (mock) => {
        const { fixtures } = await side.load<{ fixtures: Record<string, { params: { symbol?: string }; response: { body: unknown } }> }>('fixtures/index.ts');
        const symbol = fixtures.watchTicks?.params.symbol ?? '';
        const texts: string[] = [];
        for (const path of [`/ticks?symbol=${encodeURIComponent(symbol)}`, '/log']) {
          const response = await fetch(`${mock.url}${path}`, { headers: { accept: 'text/event-stream' } });
          texts.push(`${response.status} ${response.headers.get('content-type')}\n${await response.text()}`);
        }
        expect(texts[0]).toContain(String(fixtures.watchTicks?.response.body));
        return texts;
      });
    const texts = await served(once);
    expect(texts.every((text) => text.startsWith('200 text/event-stream'))).toBe(true);
    expect(texts).toStrictEqual(await served(whole));
  });

  it('serves each paged list page by page, the same pages as written whole', async () => {
    const { once, whole } = pair('paging');
    const walked = (side: Side) =>
      onMock(side, async (mock) => {
        const { createFeatureClient } = await side.load<{ createFeatureClient(o: object): Record<string, (input: object) => Walkable> }>('index.ts');
        const client = createFeatureClient({ baseUrl: mock.url });
        const walks: unknown[] = [];
        for (const [id, pagesOfThree] of PAGED_CASES) {
          // Pages of one item: the fixture's list of two takes two pages at least.
          const input = Object.fromEntries(Object.entries(pagesOfThree).map(([key, value]) => [key, value === 3 ? 1 : value]));
          const before = mock.requests.length;
          const items: unknown[] = [];
          for await (const item of (client[id] as (input: object) => Walkable)(input).items()) items.push(item);
          walks.push({ id, items, requests: mock.requests.length - before });
        }
        return walks;
      });
    const walks = (await walked(once)) as { items: unknown[]; requests: number }[];
    expect(walks.every((walk) => walk.items.length > 1 && walk.requests >= walk.items.length)).toBe(true);
    expect(walks).toStrictEqual(await walked(whole));
  });
});
