/**
 * A page that imports one operation's TanStack Query options, bundled as an app would bundle it
 * (esbuild: browser, ESM, minified), carries that operation and no other, and weighs little more
 * than a page calling the client's own function of it. React and TanStack Query are the page's own
 * packages: left out of the generated code's count (`external`), and counted in the whole page's.
 * The figures are written to the test's output and recorded in bench/RESULTS.md.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';
import { writeOutput } from '../helpers/query-and-msw.js';

/** The page's framework and TanStack Query: counted on their own. */
const FRAMEWORK = ['react', 'react-dom', '@tanstack/react-query'];

/** The pages: one query's options, one mutation's, the client's own call, and one that uses every operation's options. */
const PAGES: Record<string, string> = {
  query: `import { useQuery } from '@tanstack/react-query';
import { createPodcastCore } from './index.js';
import { quotaSummaryQueryOptions } from './tanstack-query/react.js';
const core = createPodcastCore({ apiKey: 'k', baseUrl: 'https://api.example.com' });
export const useQuota = () => useQuery(quotaSummaryQueryOptions(core));
`,
  mutation: `import { useMutation } from '@tanstack/react-query';
import { createPodcastCore } from './index.js';
import { addImageMutationOptions } from './tanstack-query/react.js';
const core = createPodcastCore({ apiKey: 'k', baseUrl: 'https://api.example.com' });
export const useAddImage = () => useMutation(addImageMutationOptions(core));
`,
  client: `import { createPodcastCore, quotaSummary } from './index.js';
const core = createPodcastCore({ apiKey: 'k', baseUrl: 'https://api.example.com' });
export const quota = () => quotaSummary(core);
`,
  all: `import * as query from './tanstack-query/react.js';
console.log(Object.values(query));
`,
};

interface Bundle {
  text: string;
  bytes: number;
  gzipBytes: number;
}

let folder = '';
let operationIds: string[] = [];
const bundles = new Map<string, Bundle>();

async function bundle(page: string, external: string[]): Promise<Bundle> {
  return bundleIn(folder, page, external);
}

async function bundleIn(at: string, page: string, external: string[]): Promise<Bundle> {
  const result = await build({
    entryPoints: [join(at, `page-${page}.ts`)],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    external,
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    logLevel: 'silent',
  });
  const text = result.outputFiles[0]?.text ?? '';
  return { text, bytes: Buffer.byteLength(text), gzipBytes: gzipSync(text).length };
}

beforeAll(async () => {
  const output = await writeOutput('query-bundle', { outputs: ['client', 'tanstack-query'] });
  folder = output.folder;
  operationIds = operationIdsOf(output.files.get('operations.ts') ?? '');
  for (const [name, source] of Object.entries(PAGES)) writeFileSync(join(folder, `page-${name}.ts`), source);
  for (const name of Object.keys(PAGES)) bundles.set(name, await bundle(name, FRAMEWORK));
  bundles.set('query, with React and TanStack Query', await bundle('query', []));
  console.info(
    `one operation's TanStack Query options, bundled (esbuild, minified; bytes, gzipped):\n${[...bundles]
      .map(([name, b]) => `  ${name}: ${b.bytes} B, ${b.gzipBytes} B gzipped`)
      .join('\n')}`,
  );
}, 120_000);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A paged document's output (test/fixtures/paging/styles.yaml) and a page that imports one operation's infinite query options. */
let pager: { folder: string; operationIds: string[]; infinite: Bundle; client: Bundle } | undefined;
beforeAll(async () => {
  const output = await writeOutput('query-bundle-pager', {
    spec: join(ROOT, 'test', 'fixtures', 'paging', 'styles.yaml'),
    name: 'pager',
    outputs: ['client', 'tanstack-query'],
  });
  writeFileSync(
    join(output.folder, 'page-infinite.ts'),
    `import { useInfiniteQuery } from '@tanstack/react-query';
import { createPagerCore } from './index.js';
import { listIssuesInfiniteQueryOptions } from './tanstack-query/react.js';
const core = createPagerCore({ baseUrl: 'https://pager.example.com' });
export const useIssues = () => useInfiniteQuery(listIssuesInfiniteQueryOptions(core, { owner: 'octo' }));
`,
  );
  writeFileSync(
    join(output.folder, 'page-client.ts'),
    `import { createPagerCore, listIssues } from './index.js';
const core = createPagerCore({ baseUrl: 'https://pager.example.com' });
export const issues = () => listIssues(core, { owner: 'octo' }).items();
`,
  );
  const at = (page: string) => bundleIn(output.folder, page, FRAMEWORK);
  pager = {
    folder: output.folder,
    operationIds: operationIdsOf(output.files.get('operations.ts') ?? ''),
    infinite: await at('infinite'),
    client: await at('client'),
  };
  console.info(
    `one operation's infinite query options, bundled: ${pager.infinite.bytes} B, ${pager.infinite.gzipBytes} B gzipped (its client walk: ${pager.client.bytes} B)`,
  );
}, 120_000);
afterAll(() => {
  if (pager) rmSync(pager.folder, { recursive: true, force: true });
});

/** The operationIds of `operations.ts`, from its wire descriptors. */
function operationIdsOf(operations: string): string[] {
  return [...operations.matchAll(/^ {2}operationId: "([^"]+)",$/gm)].map((match) => match[1] as string);
}

describe('a page that imports one operation’s TanStack Query options', () => {
  it('carries that operation and no other (a page of every operation carries them all)', () => {
    expect(operationIds).toHaveLength(12);
    const carried = (name: string) => operationIds.filter((id) => bundles.get(name)?.text.includes(`"${id}"`));
    expect(carried('query')).toStrictEqual(['quotaSummary']);
    expect(carried('mutation')).toStrictEqual(['addImage']);
    expect(carried('all')).toStrictEqual(operationIds);
  });

  it('weighs under a kilobyte more than the client’s own call of that operation', () => {
    const [query, client] = [bundles.get('query'), bundles.get('client')];
    if (!query || !client) throw new Error('a page was not bundled');
    expect(query.bytes).toBeGreaterThan(client.bytes);
    expect(query.bytes - client.bytes).toBeLessThan(1024);
    // The framework is left out of that count: with it, the page is much larger.
    expect(bundles.get('query, with React and TanStack Query')?.bytes).toBeGreaterThan(query.bytes + 10_000);
  });
});

describe('a page that imports one paged operation’s infinite query options', () => {
  it('carries that operation and no other, and little more than the client’s own walk of its pages', () => {
    if (!pager) throw new Error('the paged document was not bundled');
    expect(pager.operationIds).toHaveLength(5);
    expect(pager.operationIds.filter((id) => pager?.infinite.text.includes(`"${id}"`))).toStrictEqual(['listIssues']);
    expect(pager.infinite.bytes - pager.client.bytes).toBeLessThan(2048);
  });
});
