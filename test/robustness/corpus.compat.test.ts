import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatProblem, generateFiles, PodcastGenError } from '../../generator/index.js';
import { FIXTURE_DOCS, ROOT } from '../helpers/paths.js';
import { batchFolder, removeBatch, typecheck, writeOutput } from './helpers/compile.js';

/** One document of the corpus and what became of it. */
interface Entry {
  name: string;
  spec: string;
  /** The document's own claim: OpenAPI 3.0 documents must generate; others must be refused clearly. */
  version: '3.0' | 'other';
  outcome?: 'compiled' | 'generated' | 'refused' | 'failed';
  detail?: string;
}

/**
 * Documents that fail today, each with why and whose code it is. The test fails when one of them
 * starts passing (remove it here) or when any other document fails.
 */
const KNOWN_FAILURES: Record<string, string> = {};

const EXAMPLES = join(ROOT, 'node_modules', '@readme', 'oas-examples');

function documentsIn(folder: string, prefix: string, version: Entry['version']): Entry[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => /\.(json|ya?ml)$/.test(name) && statSync(join(folder, name)).isFile())
    .sort()
    .map((name) => ({ name: `${prefix}/${basename(name).replace(/\.(json|ya?ml)$/, '')}`, spec: join(folder, name), version }));
}

/** @readme/oas-examples 3.0 (3.1 and Swagger 2.0 are tested in test/versions/) and the documents in test/fixtures/corpus. */
const CORPUS: Entry[] = [...documentsIn(join(EXAMPLES, '3.0', 'json'), 'oas-3.0', '3.0'), ...documentsIn(join(FIXTURE_DOCS, 'corpus'), 'corpus', '3.0')];

describe('corpus: public and feature documents generate and compile under strict tsc', () => {
  let batch: string;

  beforeAll(async () => {
    batch = batchFolder('corpus');
    for (const entry of CORPUS) {
      try {
        const { files } = await generateFiles({ spec: entry.spec });
        writeOutput(join(batch, entry.name), files);
        entry.outcome = 'generated';
      } catch (error) {
        const refused = error instanceof PodcastGenError && error.problems.some((p) => /^load\/(unsupported-version|swagger-2)$/.test(p.code));
        entry.outcome = refused ? 'refused' : 'failed';
        entry.detail =
          error instanceof PodcastGenError
            ? error.problems.map(formatProblem).join(' | ').slice(0, 300)
            : String((error as Error).stack)
                .split('\n')
                .slice(0, 2)
                .join(' ');
      }
    }
    const generated = CORPUS.filter((e) => e.outcome === 'generated');
    const result = typecheck(
      batch,
      generated.map((e) => join(batch, e.name)),
    );
    for (const entry of generated) {
      const errors = result.failed.get(join(batch, entry.name));
      entry.outcome = errors ? 'failed' : 'compiled';
      if (errors) entry.detail = `tsc: ${errors.slice(0, 2).join(' | ').slice(0, 300)}`;
    }
    if (!result.ok && result.failed.has('?')) throw new Error(`tsc failed outside the corpus folders:\n${result.output.slice(0, 2000)}`);
    report();
  }, 300_000);
  afterAll(() => removeBatch(batch));

  function report(): void {
    const valid = CORPUS.filter((e) => e.version === '3.0');
    const passed = valid.filter((e) => e.outcome === 'compiled');
    const lines = [
      `corpus: ${valid.filter((e) => e.outcome === 'compiled' || e.detail?.startsWith('tsc:')).length}/${valid.length} OpenAPI 3.0 documents generate, ` +
        `${passed.length}/${valid.length} generate and compile under strict tsc (${((100 * passed.length) / valid.length).toFixed(1)}%)`,
      ...CORPUS.filter((e) => e.outcome === 'failed').map(
        (e) => `  FAILED ${e.name}: ${KNOWN_FAILURES[e.name] ? `(known: ${KNOWN_FAILURES[e.name]}) ` : ''}${e.detail}`,
      ),
    ];
    console.log(lines.join('\n'));
  }

  it('has the documents it should (oas-examples 3.0, Petstore, the feature documents)', () => {
    expect(CORPUS.filter((e) => e.version === '3.0').length).toBeGreaterThanOrEqual(40);
    expect(CORPUS.map((e) => e.name)).toContain('oas-3.0/petstore');
    expect(CORPUS.map((e) => e.name)).toEqual(
      expect.arrayContaining(['corpus/bodies-and-media', 'corpus/parameters', 'corpus/no-ids-no-tools', 'corpus/peer-breakers']),
    );
  });

  it('every valid OpenAPI 3.0 document generates and compiles (except the known failures listed above)', () => {
    const failed = CORPUS.filter((e) => e.version === '3.0' && e.outcome !== 'compiled');
    const unexpected = failed.filter((e) => !KNOWN_FAILURES[e.name]).map((e) => `${e.name}: ${e.detail}`);
    expect(unexpected).toStrictEqual([]);
    const fixed = Object.keys(KNOWN_FAILURES).filter((name) => CORPUS.find((e) => e.name === name)?.outcome === 'compiled');
    expect(fixed, 'these pass now: remove them from KNOWN_FAILURES').toStrictEqual([]);
  });
});
