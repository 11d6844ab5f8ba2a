import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateFiles } from '../../generator/index.js';
import { FIXTURE_DOCS, ROOT } from '../helpers/paths.js';

const SHELF = join(FIXTURE_DOCS, 'query', 'shelf.yaml');
const CATALOG_32 = join(FIXTURE_DOCS, 'versions', 'features-3.2.yaml');
const PAGER = join(FIXTURE_DOCS, 'paging', 'styles.yaml');

async function emitted(spec: string, options: Record<string, unknown> = {}) {
  const { files, problems } = await generateFiles({ cwd: ROOT, spec, outputs: ['tanstack-query'], ...options });
  return { files: new Map(files.filter((f) => f.path.startsWith('tanstack-query/')).map((f) => [f.path, f.content])), problems };
}

describe('the TanStack Query output', () => {
  it('matches its snapshots for a document of every shape it prints', async () => {
    const { files } = await emitted(SHELF, { 'tanstack-query': { frameworks: ['vue', 'react'] } });
    expect([...files.keys()].sort()).toStrictEqual([
      'tanstack-query/infinite-pages.ts',
      'tanstack-query/options.ts',
      'tanstack-query/query-keys.ts',
      'tanstack-query/react.ts',
      'tanstack-query/vue.ts',
    ]);
    for (const name of ['options.ts', 'react.ts', 'vue.ts'])
      await expect(files.get(`tanstack-query/${name}`)).toMatchFileSnapshot(join('__snapshots__', 'shelf', `${name}.snap`));
  });

  it('matches its snapshots for a paged document: an infinite query beside each paged query', async () => {
    const { files } = await emitted(PAGER, { name: 'pager', 'tanstack-query': { frameworks: ['react'] } });
    for (const name of ['options.ts', 'react.ts'])
      await expect(files.get(`tanstack-query/${name}`)).toMatchFileSnapshot(join('__snapshots__', 'pager', `${name}.snap`));
    const options = files.get('tanstack-query/options.ts') ?? '';
    for (const id of ['listIssues', 'listCharges', 'listTracks', 'listEvents', 'listAlbums'])
      expect(options, id).toContain(`export function ${id}InfiniteQuery(core: Core,`);
  });

  it('writes the React file by default, and the frameworks chosen', async () => {
    const paths = async (frameworks?: string[]) => [...(await emitted(SHELF, frameworks ? { 'tanstack-query': { frameworks } } : {})).files.keys()].sort();
    const shared = ['tanstack-query/infinite-pages.ts', 'tanstack-query/options.ts', 'tanstack-query/query-keys.ts'];
    expect(await paths()).toStrictEqual([...shared, 'tanstack-query/react.ts']);
    expect(await paths(['vue'])).toStrictEqual([...shared, 'tanstack-query/vue.ts']);
    expect(await paths([])).toStrictEqual(shared);
  });

  it('refuses a framework it writes no file for, naming those it does', async () => {
    await expect(emitted(SHELF, { 'tanstack-query': { frameworks: ['react', 'svelte'] } })).rejects.toMatchObject({
      exitCode: 2,
      problems: [
        { code: 'config/bad-value', message: expect.stringContaining('names no framework podcast-gen writes: svelte'), hint: 'frameworks: react, vue' },
      ],
    });
  });

  it('makes a query of a safe method (3.2’s QUERY too), a mutation of the others (COPY too), and leaves a stream out with a warning', async () => {
    const { files, problems } = await emitted(CATALOG_32);
    const options = files.get('tanstack-query/options.ts') ?? '';
    expect(options).toContain('export function searchItemsQuery(core: Core, params?: CatalogParams<"searchItems">');
    expect(options).toContain('export function copyItemsMutation(core: Core,');
    expect(options).toContain('export function findItemsQuery(');
    for (const streamed of ['streamItems', 'watchItems', 'sequenceItems']) {
      expect(options).not.toContain(`${streamed}Query`);
      expect(problems).toContainEqual(
        expect.objectContaining({
          code: 'tanstack-query/streamed',
          severity: 'warn',
          message: expect.stringMatching(new RegExp(`^${streamed}: no query or mutation options`)),
        }),
      );
    }
  });
});
