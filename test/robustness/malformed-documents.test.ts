/**
 * Documents whose structure no stage can read (test/fixtures/malformed/, one per way of breaking
 * it) end with a problem at their place and exit 1, before lint, the model or an emitter reads
 * them: never a stack trace, a native abort or "unexpected error". Any document left in that folder
 * (the mutation fuzzer leaves the crashes it finds there) is held to the same.
 */
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { generateFiles, PodcastGenError, type Problem } from '../../generator/index.js';
import { removeProject, runCli, tempProject } from '../cli/helpers/run-cli.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';

const MALFORMED = join(FIXTURE_DOCS, 'malformed');

/** What each document is refused with (the problem's code and the line it names), or that it generates. */
const TABLE: Record<string, { code: string; line: number } | 'generates'> = {
  'ref-number.yaml': { code: 'document/ref-not-string', line: 34 },
  'ref-object.yaml': { code: 'document/ref-not-string', line: 34 },
  'response-code-zero.yaml': { code: 'document/not-an-object', line: 21 },
  'parameter-list-string.yaml': { code: 'document/not-an-object', line: 10 },
  'parameters-not-a-list.yaml': { code: 'document/not-a-list', line: 9 },
  'paths-array.yaml': { code: 'document/not-an-object', line: 6 },
  'ref-to-schemas-map.yaml': { code: 'document/ref-target-kind', line: 36 },
  'ref-to-schemas-map-in-description.yaml': { code: 'document/ref-place', line: 38 },
  'ref-to-properties-in-type.yaml': { code: 'document/ref-place', line: 37 },
  'ref-to-properties-map.yaml': { code: 'document/ref-target-kind', line: 36 },
  'ref-to-paths.yaml': { code: 'document/ref-target-kind', line: 36 },
  'ref-to-response-as-schema.yaml': { code: 'document/ref-target-kind', line: 36 },
  'ref-to-missing-name.yaml': { code: 'bundler', line: 34 },
  'ref-chain-loop.yaml': { code: 'load/circular-ref', line: 25 },
  'example-ref-to-itself.yaml': { code: 'document/ref-loop', line: 36 },
  'extension-ref-to-schemas-map.yaml': { code: 'document/ref-loop', line: 37 },
  'discriminator-ref.yaml': { code: 'document/ref-place', line: 36 },
  'swagger-2-ref-into-body-parameter.yaml': { code: 'document/ref-target-moved', line: 21 },
  'tag-name-ref-to-root.yaml': { code: 'document/ref-loop', line: 4 },
  'swagger-2-ref-to-definitions-map.yaml': { code: 'document/ref-target-kind', line: 13 },
  // A field named as a method every object has (`hasOwnProperty`) crashed the 2.0 structure check.
  'swagger-2-field-named-has-own-property.yaml': { code: 'podcast-gen/struct', line: 9 },
  // Left by the mutation fuzzer.
  'description-ref-to-root.yaml': { code: 'document/ref-place', line: 38 },
  'info-ref-to-root.yaml': { code: 'document/ref-place', line: 6 },
  'operation-null.yaml': { code: 'document/not-an-object', line: 7 },
  'ref-null.yaml': { code: 'document/ref-not-string', line: 34 },
  'example-nested-ref-to-string.yaml': { code: 'document/ref-target-kind', line: 18 },
  'ref-number-in-discriminated-one-of.yaml': { code: 'document/ref-not-string', line: 35 },
  'ref-to-root.yaml': { code: 'document/ref-target-kind', line: 34 },
  'security-scheme-ref-to-root.yaml': { code: 'document/ref-place', line: 27 },
  'ref-empty.yaml': { code: 'document/ref-target-kind', line: 34 },
  'ref-through-itself.yaml': { code: 'document/ref-missing', line: 34 },
  'ref-to-empty-name.yaml': { code: 'document/ref-missing', line: 34 },
  'ref-to-empty-segments.yaml': { code: 'document/ref-missing', line: 34 },
  'ref-to-schemas-trailing-slash.yaml': { code: 'document/ref-missing', line: 34 },
  // A field named `__proto__` is one OpenAPI does not define: a warning, and the code is made.
  'property-named-proto.yaml': 'generates',
  // A field named as a method every object has: a warning under the generic preset; see below for redocly's rules.
  'field-named-has-own-property.yaml': 'generates',
};

const documents = readdirSync(MALFORMED)
  .filter((name) => /\.(ya?ml|json)$/.test(name))
  .sort();

async function refusal(name: string, dir = MALFORMED): Promise<Problem[]> {
  try {
    await generateFiles({ spec: join(dir, name) });
  } catch (error) {
    if (error instanceof PodcastGenError) return error.problems;
    throw error;
  }
  throw new Error(`${name} generated`);
}

describe('malformed documents: a problem at the place, never a crash', () => {
  it('has every document of the table', () => {
    for (const name of Object.keys(TABLE)) expect(documents).toContain(name);
  });

  it.each(documents)('%s is refused at its place, or generates', async (name) => {
    const want = TABLE[name];
    if (want === 'generates') {
      const { problems } = await generateFiles({ spec: join(MALFORMED, name) });
      expect(problems.filter((p) => p.severity === 'error')).toStrictEqual([]);
      return;
    }
    const problems = await refusal(name);
    const first = problems[0] as Problem;
    expect(first.severity).toBe('error');
    expect(first.file).toContain(name);
    expect(first.line).toBeGreaterThan(0);
    expect(first.hint).toBeTruthy();
    // A document the fuzzer left is held to the shape of a refusal; the table's, to its code and line.
    if (want) expect({ code: first.code, line: first.line }).toStrictEqual(want);
  });

  // JSON puts no node in two places, so its walks keep no record of the nodes they met: they must find the same.
  it.each(documents.filter((name) => TABLE[name] !== 'generates' && !name.endsWith('.json')))('%s written as JSON is refused alike', async (name) => {
    const dir = tempProject('malformed-json');
    try {
      const json = name.replace(/\.ya?ml$/, '.json');
      writeFileSync(join(dir, json), JSON.stringify(load(readFileSync(join(MALFORMED, name), 'utf8')), null, 2));
      const what = (problems: Problem[]) => problems.map(({ code, pointer, message, hint }) => ({ code, pointer, message, hint }));
      expect(what(await refusal(json, dir))).toStrictEqual(what(await refusal(name)));
    } finally {
      removeProject(dir);
    }
  });

  it('is refused whatever the lint config: structural rules off change nothing', async () => {
    const dir = tempProject('malformed-config');
    try {
      const config = join(dir, 'redocly.yaml');
      writeFileSync(config, 'extends:\n  - podcast-gen/generic\nrules:\n  podcast-gen/struct: off\n  podcast-gen/struct-unread: off\n');
      for (const name of ['response-code-zero.yaml', 'ref-to-properties-in-type.yaml', 'ref-to-schemas-map.yaml']) {
        const error = await generateFiles({ spec: join(MALFORMED, name), lintConfig: config }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(PodcastGenError);
        expect((error as PodcastGenError).problems[0]?.code).toBe((TABLE[name] as { code: string }).code);
      }
    } finally {
      removeProject(dir);
    }
  });

  it("is refused at the key where a rule of the lint config calls the object's own methods", async () => {
    const dir = tempProject('malformed-recommended');
    try {
      const config = join(dir, 'redocly.yaml');
      writeFileSync(config, 'extends:\n  - recommended\n');
      for (const name of ['field-named-has-own-property.yaml', 'swagger-2-field-named-has-own-property.yaml']) {
        const error = await generateFiles({ spec: join(MALFORMED, name), lintConfig: config }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(PodcastGenError);
        const first = (error as PodcastGenError).problems[0];
        expect({ code: first?.code, line: first?.line, col: first?.col }).toStrictEqual({ code: 'lint/key-named-like-method', line: 9, col: 7 });
      }
    } finally {
      removeProject(dir);
    }
  });

  describe('through the CLI: exit 1, one message, nothing written', () => {
    const projects: string[] = [];
    afterAll(() => {
      for (const dir of projects) removeProject(dir);
    });

    it.each(documents)('%s', async (name) => {
      const dir = tempProject('malformed');
      projects.push(dir);
      cpSync(join(MALFORMED, name), join(dir, name));
      const generates = TABLE[name] === 'generates';
      for (const argv of [
        ['generate', '--spec', name, '--out', 'out'],
        ['lint', '--spec', name],
        ['check', '--spec', name, '--out', 'out'],
      ]) {
        const run = await runCli(argv, { cwd: dir });
        const output = run.stdout + run.stderr;
        expect(output).not.toMatch(/unexpected error|\n\s+at \S|TypeError|RangeError/);
        if (generates) {
          // `check` runs after `generate` wrote the folder: it is current.
          expect(run.code, `${argv[0]}: ${output}`).toBe(0);
          continue;
        }
        expect(run.code, `${argv[0]}: ${output}`).toBe(1);
        expect(output).toContain(`${name}:`);
        expect(existsSync(join(dir, 'out'))).toBe(false);
      }
    });
  });
});
