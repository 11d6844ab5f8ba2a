/** The MCP tool of a paged operation says how to get the next page (emit/mcp/paging-hint.ts). */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateFiles } from '../../generator/index.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';

describe("the description of a paged operation's tool", () => {
  it('ends with how to get the next page, in its own style', async () => {
    const { files } = await generateFiles({ spec: join(FIXTURE_DOCS, 'paging', 'styles.yaml'), outputs: ['mcp'] });
    const { tools } = JSON.parse(files.find((f) => f.path === 'mcp/tools.json')?.content ?? '{}') as { tools: { name: string; description: string }[] };
    const last = Object.fromEntries(tools.map((t) => [t.name, t.description.slice(t.description.indexOf('Paged'))]));
    expect(last).toStrictEqual({
      list_issues: 'Paged: for the next page, call again with `page` one more (the first is 1); a page of fewer items than `per_page` is the last.',
      list_charges:
        'Paged: for the next page, call again with `starting_after` set to the `id` of the last item of `data`, while `has_more` is true; without one, this was the last page.',
      list_tracks:
        'Paged: for the next page, call again with `offset` increased by the number of items in `items`; a page of fewer items than `limit` is the last.',
      list_events:
        "Paged: for the next page, call again with `after` set to the result's `pageInfo.endCursor`, while `pageInfo.hasNextPage` is true; without one, this was the last page.",
      list_albums: 'Paged: for the next page, call again with `p` one more (the first is 1); a page of fewer items than `n` is the last.',
    });
  });
});

describe("a paged operation's tool binding (what a cut result says of the call that gets the rest)", () => {
  it('carries the pagination the description reads: the argument that asks for a page, its size, and where the list is in the result', async () => {
    const { files } = await generateFiles({ spec: join(FIXTURE_DOCS, 'paging', 'styles.yaml'), outputs: ['mcp'] });
    const server = files.find((f) => f.path === 'mcp/server.ts')?.content ?? '';
    const paging = Object.fromEntries(
      [...server.matchAll(/^ {2}(\w+): \{ operationId: "(\w+)".*?paging: (\{.*?\}),/gm)].map((m) => [m[2], JSON.parse(m[3] as string)]),
    );
    expect(paging).toStrictEqual({
      listIssues: { style: 'link', list: ['data'], param: 'page', sizeParam: 'per_page' },
      listCharges: { style: 'cursor', list: ['data'], param: 'starting_after', sizeParam: 'limit' },
      listTracks: { style: 'offset', list: ['items'], param: 'offset', sizeParam: 'limit' },
      listEvents: { style: 'cursor', list: ['edges'], param: 'after', sizeParam: 'first' },
      listAlbums: { style: 'page', list: ['albums'], param: 'p', sizeParam: 'n' },
    });
  });
});
