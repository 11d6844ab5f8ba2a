/**
 * The project's operation selection (the config's `operations`) holds for the change report as for
 * the run: a change of an operation the project does not generate is no change of its output, for
 * `podcast-gen diff` and for the summary `podcast-gen check` prints.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { diffDocuments } from '../../generator/diff/diff-documents.js';
import { runCli } from '../cli/helpers/run-cli.js';
import { gitRepo } from './git-repo.js';

/** Two operations; `orders` lets the orders' status change without touching items. */
function document(orderStatus: string): string {
  return `openapi: 3.0.3
info: { title: Shop, version: 1.0.0 }
paths:
  /items/{id}:
    get:
      operationId: getItem
      tags: [items]
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: the item
          content:
            application/json:
              schema: { type: object, properties: { name: { type: string } } }
  /orders/{id}:
    get:
      operationId: getOrder
      tags: [orders]
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: the order
          content:
            application/json:
              schema: { type: object, properties: { status: { type: string, enum: [${orderStatus}] } } }
`;
}

const CONFIG = JSON.stringify({ spec: 'api.yaml', out: 'src/api', operations: { include: ['tag:items'] } });

describe('the operation selection of the config', () => {
  const repo = gitRepo();
  afterAll(() => rmSync(repo.dir, { recursive: true, force: true }));

  it('diff: a change of an operation the project does not generate is no change (exit 0, semver none)', async () => {
    repo.write({ 'podcast-gen.config.json': CONFIG, 'old.yaml': document('open, paid'), 'api.yaml': document('open, paid, lost') });
    const run = await runCli(['diff', 'old.yaml', '--no-types', '--format', 'json'], { cwd: repo.dir });
    expect(run.stderr).toBe('');
    const report = JSON.parse(run.stdout) as { changes: unknown[]; semver: string };
    expect([run.code, report.semver, report.changes]).toStrictEqual([0, 'none', []]);
    // Without the selection, the same documents differ in getOrder's answer.
    repo.write({ 'podcast-gen.config.json': JSON.stringify({ spec: 'api.yaml', out: 'src/api' }) });
    const whole = await runCli(['diff', 'old.yaml', '--no-types', '--format', 'json'], { cwd: repo.dir });
    expect((JSON.parse(whole.stdout) as { changes: { rule: string }[] }).changes.map((c) => c.rule)).toStrictEqual(['response-enum-value-added']);
  }, 60_000);

  it('diff: an operation the selection chooses that the old document lacks is added, the old side read without operations', async () => {
    const withoutItems = document('open, paid').replace(/ {2}\/items\/\{id\}:[\s\S]*?(?= {2}\/orders)/, '');
    repo.write({ 'podcast-gen.config.json': CONFIG, 'old.yaml': withoutItems, 'api.yaml': document('open, paid') });
    const run = await runCli(['diff', 'old.yaml', '--no-types', '--format', 'json'], { cwd: repo.dir });
    expect(run.stderr).toBe('');
    const report = JSON.parse(run.stdout) as { changes: { rule: string }[]; semver: string };
    expect([run.code, report.semver, report.changes.map((c) => c.rule)]).toStrictEqual([0, 'minor', ['operation-added']]);
  }, 60_000);

  it("with the proofs: a side without the chosen operations leaves types unjudged, with why, and the rules' verdict", async () => {
    const withoutItems = document('open, paid').replace(/ {2}\/items\/\{id\}:[\s\S]*?(?= {2}\/orders)/, '');
    repo.write({ 'gone.yaml': withoutItems, 'api.yaml': document('open, paid') });
    const report = await diffDocuments({
      old: { spec: 'api.yaml' },
      new: { spec: 'gone.yaml' },
      cwd: repo.dir,
      operations: { include: ['tag:items'] },
      proof: { types: true, validators: true },
    });
    expect(report.changes.map((c) => [c.rule, c.surfaces.join(' ')])).toStrictEqual([['operation-removed', 'wire types mcp']]);
    expect(report.unjudged).toStrictEqual([
      { surface: 'types', reason: 'the new document has none of the operations the project generates: there is no output of it to compile code against' },
    ]);
  }, 60_000);

  it("check: the stale output's summary speaks only of the operations the output holds", async () => {
    repo.write({ 'podcast-gen.config.json': CONFIG, 'api.yaml': document('open, paid') });
    expect((await runCli(['generate'], { cwd: repo.dir })).code).toBe(0);
    repo.commit('the output of the first document');
    repo.write({ 'api.yaml': document('open, paid, lost') });
    const run = await runCli(['check'], { cwd: repo.dir });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('What the change of the document means (podcast-gen diff):');
    expect(run.stdout).toContain('0 breaking changes, 0 warnings, 0 info; semver advice: none');
  }, 60_000);
});
