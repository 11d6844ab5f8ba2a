/**
 * diffDocuments end to end, in process: both sides read by the loader (every version, external
 * references), each change placed in both files, levels overridden, failures naming their side.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diffDocuments } from '../../generator/diff/diff-documents.js';
import { PodcastGenError } from '../../generator/problems.js';

const fixtures = 'test/fixtures/diff';
const temp = mkdtempSync(join(tmpdir(), 'podcast-gen-diff-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** 1-based line and column of the first `text` in a file. */
function placeOf(file: string, text: string): { line: number; col: number } {
  const lines = readFileSync(file, 'utf8').split('\n');
  const line = lines.findIndex((l) => l.includes(text));
  return { line: line + 1, col: (lines[line] as string).indexOf(text) + 1 };
}

describe('diffDocuments', () => {
  it('an operationId rename in the podcast document breaks types only (the tool keeps its x-tool-name), placed in both files', async () => {
    const renamed = join(temp, 'renamed.yaml');
    writeFileSync(renamed, readFileSync('spec/podcast.openapi.yaml', 'utf8').replace(/operationId: deleteImage\n/, 'operationId: removeImage\n'));
    const report = await diffDocuments({ old: { spec: 'spec/podcast.openapi.yaml' }, new: { spec: renamed, label: 'renamed.yaml' } });
    const pointer = '#/paths/~1open~1podcast~1v1~1images/delete/operationId';
    expect(report).toStrictEqual({
      semver: 'major',
      old: { file: 'spec/podcast.openapi.yaml', version: '1.0.0', openapi: '3.0.3' },
      new: { file: 'renamed.yaml', version: '1.0.0', openapi: '3.0.3' },
      changes: [
        {
          // Pinned: ignore files name changes by it, so the way it is made must not move.
          id: '518b7a471bbd',
          rule: 'operation-id-changed',
          level: 'breaking',
          surfaces: ['types'],
          message:
            'operationId `deleteImage` -> `removeImage`: `client.deleteImage` is now `client.removeImage`; the tool keeps its name `podcast_delete_image`',
          operations: [{ operationId: 'removeImage', method: 'DELETE', path: '/open/podcast/v1/images' }],
          old: { file: 'spec/podcast.openapi.yaml', pointer, ...placeOf('spec/podcast.openapi.yaml', 'operationId: deleteImage') },
          new: { file: 'renamed.yaml', pointer, ...placeOf(renamed, 'operationId: removeImage') },
        },
      ],
      unjudged: [
        { surface: 'types', reason: "the types proof did not run: each types verdict is the comparison rules' alone, unproven" },
        { surface: 'validators', reason: "the validators proof did not run: each validators verdict is the comparison rules' alone, unproven" },
      ],
      notes: [],
    });
  });

  it('the same document twice: no change, semver none', async () => {
    const report = await diffDocuments({ old: { spec: 'spec/podcast.openapi.yaml' }, new: { spec: 'spec/podcast.openapi.yaml' } });
    expect([report.semver, report.changes]).toStrictEqual(['none', []]);
  });

  it('Swagger 2.0 against OpenAPI 3.1: compared after conversion, with a note, placed in the 2.0 file as written', async () => {
    const report = await diffDocuments({ old: { spec: `${fixtures}/versions/swagger-2.yaml` }, new: { spec: `${fixtures}/versions/openapi-3.1.yaml` } });
    expect(report.notes).toStrictEqual([
      'the documents are of different versions (Swagger 2.0 and OpenAPI 3.1): compared as podcast-gen reads both; the old document (Swagger 2.0) was converted to OpenAPI 3.0',
    ]);
    expect(report.changes.map((c) => [c.rule, c.level, c.surfaces.join(' '), c.old?.pointer, c.old?.line])).toStrictEqual([
      // The 2.0 file writes no `nullable`: the place is the property's.
      ['response-nullable-added', 'breaking', 'wire types validators', '#/definitions/Thing/properties/status', 28],
      ['response-enum-value-added', 'breaking', 'types validators', '#/definitions/Thing/properties/status/enum', 30],
    ]);
    expect([report.old.openapi, report.new.openapi, report.semver]).toStrictEqual(['2.0', '3.1.0', 'major']);
  });

  it('follows external $refs on both sides', async () => {
    const report = await diffDocuments({ old: { spec: `${fixtures}/external-ref/old/api.yaml` }, new: { spec: `${fixtures}/external-ref/new/api.yaml` } });
    expect(report.changes.map((c) => [c.rule, c.level, c.surfaces.join(' '), c.message])).toStrictEqual([
      ['request-max-length-tightened', 'breaking', 'wire validators mcp', 'thing.name: maxLength 100 -> 40'],
    ]);
  });

  it('per-rule level overrides win, and leave the semver advice to what the change breaks; a rule the catalogue lacks is a usage error (exit 2)', async () => {
    const sides = { old: { spec: `${fixtures}/external-ref/old/api.yaml` }, new: { spec: `${fixtures}/external-ref/new/api.yaml` } };
    const report = await diffDocuments({ ...sides, levels: { 'request-max-length-tightened': 'warning' } });
    // The override changes what fails the run, not what semver means: the old callers' values are still refused.
    expect([report.changes.map((c) => c.level), report.semver]).toStrictEqual([['warning'], 'major']);
    const error = await diffDocuments({ ...sides, levels: { 'no-such-rule': 'info' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PodcastGenError);
    expect([(error as PodcastGenError).exitCode, (error as PodcastGenError).problems[0]?.code]).toStrictEqual([2, 'diff/unknown-rule']);
  });

  it('a side that does not load names the side and keeps file:line:col (exit 1)', async () => {
    const missing = await diffDocuments({
      old: { spec: `${fixtures}/nowhere.yaml`, label: 'git:main:api.yaml' },
      new: { spec: 'spec/podcast.openapi.yaml' },
    }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(PodcastGenError);
    const [problem] = (missing as PodcastGenError).problems;
    expect([(missing as PodcastGenError).exitCode, problem?.file, problem?.message]).toStrictEqual([1, 'git:main:api.yaml', 'old document: no such file']);
    const broken = await diffDocuments({ old: { spec: 'spec/podcast.openapi.yaml' }, new: { spec: `${fixtures}/broken/bad-yaml.yaml` } }).catch(
      (e: unknown) => e,
    );
    const [bad] = (broken as PodcastGenError).problems;
    expect([bad?.file, typeof bad?.line, bad?.message.startsWith('new document: ')]).toStrictEqual([`${fixtures}/broken/bad-yaml.yaml`, 'number', true]);
  });

  it('a proof a flag turned off: its surface is unjudged, the reason names the flag', async () => {
    const report = await diffDocuments({
      old: { spec: `${fixtures}/no-generate/old.yaml` },
      new: { spec: `${fixtures}/no-generate/old.yaml` },
      proof: { types: false, validators: true, offBy: { types: '--no-types' } },
    });
    expect(report.unjudged).toStrictEqual([
      { surface: 'types', reason: "--no-types: the types proof did not run: each types verdict is the comparison rules' alone, unproven" },
    ]);
  });

  it('a side that loads but does not generate: the wire verdicts stand, types and validators are unjudged with the reason', async () => {
    const report = await diffDocuments({
      old: { spec: `${fixtures}/no-generate/old.yaml` },
      new: { spec: `${fixtures}/no-generate/new.yaml` },
      proof: { types: false, validators: true },
    });
    expect(report.changes.map((c) => [c.rule, c.level, c.surfaces.join(' ')])).toStrictEqual([
      ['parameter-added-required', 'breaking', 'wire types validators mcp'],
      ['response-enum-value-added', 'breaking', 'types validators'],
      ['operation-added', 'info', ''],
    ]);
    expect(report.unjudged.map((u) => [u.surface, u.reason.startsWith('the new document failed to generate: ')])).toStrictEqual([
      ['validators', true],
      ['types', false],
    ]);
    expect(report.unjudged[1]?.reason).toBe("the types proof did not run: each types verdict is the comparison rules' alone, unproven");
  });
});
