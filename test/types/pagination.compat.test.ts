import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { clientOnOwnMock } from '../versions/document-roundtrip.js';
import { generatedProject } from './helpers/generated-project.js';

// A paged operation's method gains .pages() and .items(), each item typed by the page's list.
describe('the pages of a paged operation', () => {
  const project = generatedProject('pagination', join(FIXTURE_DOCS, 'paging', 'styles.yaml'), [
    "import { createPodcastClient, type PodcastData } from './client.js';",
    "const pager = createPodcastClient({ baseUrl: 'https://pager.example.com' });",
    'export async function walk(): Promise<number> {',
    '  let total = 0;',
    '  for await (const charge of pager.listCharges({ limit: 100 }).items({ maxItems: 1000 })) {',
    '    total += charge.amount;',
    '    // @ts-expect-error a charge has no currency in this document',
    '    void charge.currency;',
    '  }',
    "  for await (const page of pager.listIssues({ owner: 'octo', per_page: 50 }).pages({ maxPages: 10 })) {",
    '    const titles: string[] = page.items.map((issue) => issue.title);',
    "    const first: PodcastData<'listIssues'> = page.data;",
    '    void titles;',
    '    void first;',
    '    total += page.index + page.status;',
    '  }',
    '  for await (const event of pager.listEvents().items()) total += event.name.length;',
    "  const tracks: PodcastData<'listTracks'> = await pager.listTracks({ limit: 2 });",
    '  return total + tracks.total;',
    '}',
  ]);

  it('compiles, its items typed by the list of the page, and its client reads the mock', async () => {
    expect(project.diagnostics()).toStrictEqual([]);
    expect(await clientOnOwnMock(project.out)).toStrictEqual({ called: ['listIssues', 'listCharges', 'listTracks', 'listEvents', 'listAlbums'], failed: [] });
  }, 120_000);
});
