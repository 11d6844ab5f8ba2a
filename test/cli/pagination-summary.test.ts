/**
 * What a run says of pagination: the summary lists the paged operations by style (and `--json`
 * each one), so a user can check the detection; an `x-pagination` the operation cannot meet stops
 * the run at its place, writing nothing.
 */
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { removeProject, runCli, tempProject } from './helpers/run-cli.js';

const projects: string[] = [];
afterAll(() => projects.forEach(removeProject));
function project(): string {
  const dir = tempProject('pagination-summary');
  projects.push(dir);
  cpSync(join(FIXTURE_DOCS, 'paging', 'styles.yaml'), join(dir, 'styles.yaml'));
  return dir;
}

describe('the summary of a run', () => {
  it('lists the paged operations by style, an extension named where it decided', async () => {
    const dir = project();
    const run = await runCli(['--spec', 'styles.yaml', '--out', 'out'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      "podcast-gen: paged: 5 of 5 operations: link 1 (listIssues); cursor 2 (listCharges, listEvents (x-pagination)); offset 1 (listTracks); page 1 (listAlbums (x-speakeasy-pagination)) (an operation's x-pagination overrides what was detected)",
    );
  });

  it('under --json, gives each paged operation with its style, list, parameters and fields as the document names them', async () => {
    const dir = project();
    const run = await runCli(['--spec', 'styles.yaml', '--out', 'out', '--json'], { cwd: dir });
    const { summary } = JSON.parse(run.stdout) as { summary: { pagination: unknown[] } };
    expect(summary.pagination).toStrictEqual([
      { operationId: 'listIssues', style: 'link', source: 'detected', items: '$', param: 'page', size: 'per_page' },
      {
        operationId: 'listCharges',
        style: 'cursor',
        source: 'detected',
        items: 'data',
        param: 'starting_after',
        size: 'limit',
        nextCursor: 'data[-1].id',
        hasMore: 'has_more',
      },
      { operationId: 'listTracks', style: 'offset', source: 'detected', items: 'items', param: 'offset', size: 'limit' },
      {
        operationId: 'listEvents',
        style: 'cursor',
        source: 'x-pagination',
        items: 'edges',
        param: 'after',
        size: 'first',
        nextCursor: 'pageInfo.endCursor',
        hasMore: 'pageInfo.hasNextPage',
      },
      { operationId: 'listAlbums', style: 'page', source: 'x-speakeasy-pagination', items: 'albums', param: 'p', size: 'n' },
    ]);
  });

  it('stops at an x-pagination the operation cannot meet: file, line and column, what to do, nothing written', async () => {
    const dir = project();
    const text = readFileSync(join(dir, 'styles.yaml'), 'utf8').replace('        nextCursor: $.pageInfo.endCursor\n', '        nextCursor: $.pageInfo[next]\n');
    writeFileSync(join(dir, 'styles.yaml'), text);
    const line = text.split('\n').findIndex((l) => l.includes('nextCursor: $.pageInfo[next]')) + 1;
    const run = await runCli(['--spec', 'styles.yaml', '--out', 'out'], { cwd: dir });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(
      `styles.yaml:${line}:9  error  model/pagination-extension  x-pagination.nextCursor is a path into the response body: \`$.data\`, \`$.meta.next_cursor\`, \`$.data[-1].id\``,
    );
    expect(run.stderr).toContain('see docs/client.md, "Pagination", for its shape');
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });
});
