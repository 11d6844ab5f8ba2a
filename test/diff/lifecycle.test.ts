/**
 * The API's life end to end, in process: stability levels (x-stability-level, --stability-level),
 * the day of a deprecation dated by git where the old side is a revision (--deprecation-days), and
 * the filters of the operations compared (--match-path, --exclude-path, --exclude-extension,
 * --include, --exclude). Every day is the test's, never today's.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { DiffReport } from '../../generator/diff/change.js';
import { diffDocuments } from '../../generator/diff/diff-documents.js';
import { runDiff } from '../../generator/diff/run-diff.js';
import { runCli } from '../cli/helpers/run-cli.js';
import { gitRepo } from './git-repo.js';

interface Shop {
  /** The status values GET /items answers. */
  status?: string;
  /** The status values GET /labs answers (an alpha operation). */
  labStatus?: string;
  /** The stability GET /labs is marked with. */
  labStability?: string;
  /** Lines under DELETE /items/{id}. */
  deleteItem?: string;
  /** Whether DELETE /items/{id} is there. */
  withDelete?: boolean;
  /** Lines under GET /internal/stats. */
  stats?: string;
  description?: string;
}

function shop(given: Shop = {}): string {
  const deleteItem =
    given.withDelete === false
      ? ''
      : `
    delete:
      operationId: deleteItem
      tags: [items]${given.deleteItem ?? ''}
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses:
        '204': { description: deleted }`;
  return `openapi: 3.0.3
info: { title: Shop, version: 1.0.0, description: ${given.description ?? 'A shop.'} }
paths:
  /items:
    get:
      operationId: listItems
      tags: [items]
      responses:
        '200':
          description: the items
          content:
            application/json:
              schema: { type: object, properties: { status: { type: string, enum: [${given.status ?? 'open, sold'}] } } }
  /items/{id}:${deleteItem}
    get:
      operationId: getItem
      tags: [items]
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses:
        '200': { description: the item }
  /labs:
    get:
      operationId: listLabs
      tags: [labs]
      x-stability-level: ${given.labStability ?? 'alpha'}
      responses:
        '200':
          description: the labs
          content:
            application/json:
              schema: { type: object, properties: { status: { type: string, enum: [${given.labStatus ?? 'on, off'}] } } }
  /internal/stats:
    get:
      operationId: getStats
      tags: [internal]
      x-internal: true${given.stats ?? ''}
      responses:
        '200':
          description: the stats
          content:
            application/json:
              schema: { type: object, properties: { count: { type: integer } } }
`;
}

const verdicts = (report: Pick<DiffReport, 'changes'>) => report.changes.map((c) => [c.rule, c.level, c.operations?.map((o) => o.operationId).join() ?? '']);

describe("the API's life", () => {
  const repo = gitRepo();
  afterAll(() => rmSync(repo.dir, { recursive: true, force: true }));
  const diff = (old: Shop, next: Shop, more: Partial<Parameters<typeof diffDocuments>[0]> = {}) => {
    repo.write({ 'old.yaml': shop(old), 'new.yaml': shop(next) });
    return diffDocuments({ old: { spec: 'old.yaml' }, new: { spec: 'new.yaml' }, cwd: repo.dir, today: '2026-06-15', ...more });
  };

  it('a change of an alpha operation is info by default (beta and up are judged); --stability-level alpha judges it', async () => {
    const given = [{}, { labStatus: 'on, off, paused' }] as const;
    expect(verdicts(await diff(...given))).toStrictEqual([['response-enum-value-added', 'info', 'listLabs']]);
    expect(verdicts(await diff(...given, { stabilityLevel: 'alpha' }))).toStrictEqual([['response-enum-value-added', 'breaking', 'listLabs']]);
    // A stable operation's change is judged whatever the floor below stable.
    expect(verdicts(await diff({}, { status: 'open, sold, held' }, { stabilityLevel: 'draft' }))).toStrictEqual([
      ['response-enum-value-added', 'breaking', 'listItems'],
    ]);
    // --stability-level stable: a beta operation's changes are info too.
    expect(verdicts(await diff({ labStability: 'beta' }, { labStability: 'beta', labStatus: 'on' }, { stabilityLevel: 'stable' }))).toStrictEqual([
      ['response-enum-value-removed', 'info', 'listLabs'],
    ]);
  });

  it('an operation marked less stable in the same change is judged by the more stable side: the level going down is a warning of its own', async () => {
    const report = await diff({ labStability: 'stable' }, { labStability: 'alpha', labStatus: 'on, off, paused' });
    expect(verdicts(report)).toStrictEqual([
      ['response-enum-value-added', 'breaking', 'listLabs'],
      ['operation-stability-decreased', 'warning', 'listLabs'],
    ]);
    expect(report.changes[1]?.message).toBe('stability `stable` -> `alpha` (x-stability-level)');
  });

  it('a stability level that is none of the four is read as stable, with a note', async () => {
    const report = await diff({ labStability: 'gamma' }, { labStability: 'gamma', labStatus: 'on, off, paused' });
    expect(verdicts(report)).toStrictEqual([['response-enum-value-added', 'breaking', 'listLabs']]);
    expect(report.notes).toStrictEqual([
      'x-stability-level "gamma" of GET /labs (the old document) is none of draft, alpha, beta, stable: judged as stable',
      'x-stability-level "gamma" of GET /labs (the new document) is none of draft, alpha, beta, stable: judged as stable',
    ]);
  });

  it('--deprecation-days with a git revision: the day of deprecation is the commit that wrote `deprecated: true`', async () => {
    repo.write({ 'api.yaml': shop() });
    repo.commit('the shop', undefined, '2026-01-05');
    repo.write({ 'api.yaml': shop({ deleteItem: '\n      deprecated: true' }) });
    const deprecation = repo.commit('deprecate deleteItem', undefined, '2026-03-01');
    repo.write({ 'api.yaml': shop({ deleteItem: '\n      deprecated: true', description: 'A shop, and more.' }) });
    repo.commit('an unrelated edit later', undefined, '2026-05-20');
    repo.write({ 'api.yaml': shop({ withDelete: false, description: 'A shop, and more.' }) });
    const run = (deprecationDays: number) =>
      runDiff({
        old: 'git:HEAD',
        configured: 'api.yaml',
        cwd: repo.dir,
        failOn: 'breaking',
        types: false,
        today: '2026-06-15',
        deprecationDays,
        compare: (input) => diffDocuments({ ...input, proof: { types: false, validators: false } }),
      });
    // 2026-03-01 to 2026-06-15: 106 days.
    const enough = await run(90);
    expect(verdicts(enough.view.report)).toStrictEqual([['operation-removed-after-deprecation', 'info', 'deleteItem']]);
    const asked = await run(120);
    expect(verdicts(asked.view.report)).toStrictEqual([['operation-removed-before-deprecation-days', 'breaking', 'deleteItem']]);
    expect(asked.view.report.changes[0]?.message).toBe(
      `DELETE /items/{id} is gone: \`client.deleteItem\` and the tool \`delete_item\` with it; it was deprecated on 2026-03-01 (git: commit ${deprecation.slice(0, 10)} wrote api.yaml:18), 106 days before 2026-06-15: --deprecation-days 120 asks more`,
    );
    // The same removal from a file, which has no history: the day is not known.
    repo.write({ 'old.yaml': shop({ deleteItem: '\n      deprecated: true' }) });
    const file = await diffDocuments({ old: { spec: 'old.yaml' }, new: { spec: 'api.yaml' }, cwd: repo.dir, today: '2026-06-15', deprecationDays: 90 });
    expect(verdicts(file)).toStrictEqual([
      ['api-description-changed', 'info', ''],
      ['operation-removed-before-deprecation-days', 'breaking', 'deleteItem'],
    ]);
  });

  it('--deprecation-days must be a whole number of days (exit 2)', async () => {
    const error = await diff({}, {}, { deprecationDays: -3 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ exitCode: 2, problems: [{ code: 'diff/bad-deprecation-days' }] });
  });

  describe('the operations compared', () => {
    const cli = async (args: string[]) => {
      repo.write({ 'old.yaml': shop(), 'new.yaml': shop({ status: 'open', labStatus: 'on', stats: '\n      description: Stats.' }) });
      const run = await runCli(['diff', 'old.yaml', 'new.yaml', '--no-types', '--format', 'json', '--stability-level', 'alpha', ...args], { cwd: repo.dir });
      if (run.code === 2) return { code: run.code, stderr: run.stderr };
      return { code: run.code, changes: verdicts(JSON.parse(run.stdout) as DiffReport).map(([rule, , op]) => `${rule} ${op}`) };
    };
    const all = ['response-enum-value-removed listItems', 'response-enum-value-removed listLabs', 'operation-description-changed getStats'];

    it.each([
      { given: [], want: all },
      { given: ['--match-path', '^/items'], want: ['response-enum-value-removed listItems'] },
      { given: ['--exclude-path', '^/(labs|internal)'], want: ['response-enum-value-removed listItems'] },
      { given: ['--exclude-extension', 'x-internal'], want: all.slice(0, 2) },
      { given: ['--include', 'tag:labs', '--include', 'tag:internal', '--exclude-extension', 'x-internal'], want: ['response-enum-value-removed listLabs'] },
      { given: ['--exclude', 'op:listLabs'], want: [all[0], all[2]] },
    ])('$given', async ({ given, want }) => {
      expect(await cli(given)).toStrictEqual({ code: 0, changes: want });
    });

    it('an operation marked on one side only is left out of both: marking it is no removal', async () => {
      repo.write({
        'old.yaml': shop(),
        'new.yaml': shop({ status: 'open, sold, held' }).replace('      operationId: listLabs\n', '      operationId: listLabs\n      x-internal: true\n'),
      });
      const run = await runCli(['diff', 'old.yaml', 'new.yaml', '--no-types', '--format', 'json', '--exclude-extension', 'x-internal'], { cwd: repo.dir });
      expect(verdicts(JSON.parse(run.stdout) as DiffReport)).toStrictEqual([['response-enum-value-added', 'breaking', 'listItems']]);
    });

    it.each([
      { given: ['--match-path', '(unclosed'], want: /--match-path "\(unclosed" is no regular expression/ },
      { given: ['--exclude-extension', 'internal'], want: /--exclude-extension "internal" names no extension/ },
      { given: ['--match-path', '^/nowhere'], want: /the filters leave no operation of either document/ },
    ])('$given is bad usage (exit 2)', async ({ given, want }) => {
      const run = await cli(given);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(want);
    });
  });
});
