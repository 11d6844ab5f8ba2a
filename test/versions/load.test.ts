import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatProblem, generateFiles, PodcastGenError } from '../../generator/index.js';
import { FIXTURE_DOCS, ROOT } from '../helpers/paths.js';

const TMP = mkdtempSync(join(ROOT, 'test', '.tmp-versions-'));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

function write(name: string, text: string): string {
  const path = join(TMP, name);
  writeFileSync(path, text);
  return path;
}

async function problemsOf(spec: string): Promise<string[]> {
  try {
    const { problems } = await generateFiles({ spec });
    return problems.map(formatProblem);
  } catch (error) {
    if (error instanceof PodcastGenError) return error.problems.map(formatProblem);
    throw error;
  }
}

const info = 'info: { title: T, version: "1" }\n';
const paths = 'paths:\n  /a:\n    get:\n      operationId: getA\n      responses:\n        "200": { description: ok }\n';

describe('load: the OpenAPI versions read', () => {
  it.each(['minimal-3.1.yaml', 'minimal-3.2.yaml'])('reads %s', async (name) => {
    const { files } = await generateFiles({ spec: join(FIXTURE_DOCS, 'versions', name) });
    expect(files.map((f) => f.path)).toContain('client.ts');
  });

  it.each(['3.3.0', '4.0.0', '3.1'])('refuses openapi %s at the `openapi` field, naming the versions read', async (version) => {
    const problems = await problemsOf(write(`v${version}.yaml`, `${info}openapi: "${version}"\n${paths}`));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      new RegExp(
        `^\\S*v${version.replace(/\./g, '\\.')}\\.yaml:2:1 +error +load/unsupported-version +OpenAPI ${version.replace(/\./g, '\\.')} is not supported; podcast-gen reads OpenAPI 3\\.0\\.x, 3\\.1\\.x and 3\\.2\\.x`,
      ),
    );
  });

  // The lint picks redocly's ruleset by the document's own version: what 3.1 adds is an error in 3.0.
  const typeArray = `components:\n  schemas:\n    Name:\n      type: [string, "null"]\n`;
  it('lints a 3.0 document by the 3.0 rules: a type array is an error at its line', async () => {
    const problems = await problemsOf(write('type-array-3.0.yaml', `openapi: 3.0.3\n${info}${paths}${typeArray}`));
    expect(problems.filter((p) => / error /.test(p))).toStrictEqual([
      expect.stringMatching(/^\S*type-array-3\.0\.yaml:12:13 +error +(podcast-gen\/)?struct +/),
    ]);
  });
  it.each(['3.1.0', '3.2.0'])('lints a %s document by its own rules: a type array is fine, a 3.0-only field is not', async (version) => {
    expect(
      (await problemsOf(write(`type-array-${version}.yaml`, `openapi: ${version}\n${info}${paths}${typeArray}`))).filter((p) => / error /.test(p)),
    ).toStrictEqual([]);
    const wrong = await problemsOf(
      write(
        `wrong-${version}.yaml`,
        `openapi: ${version}\n${info}${paths}    patch: { operationId: p, responses: { "200": { description: ok } }, requestBody: { content: {} }, xyz: 1 }\n`,
      ),
    );
    expect(wrong.filter((p) => /struct/.test(p))).toStrictEqual([
      expect.stringMatching(
        new RegExp(
          `wrong-${version.replace(/\./g, '\\.')}\\.yaml:9:\\d+ +(error|warn) +(podcast-gen\\/)?struct(-unread)? +Property \`xyz\` is not expected here`,
        ),
      ),
    ]);
  });
});

describe('3.2: the query method is generated, not skipped', () => {
  it('gives the `query` operation a client method sending QUERY, with no warning', async () => {
    const { files, problems } = await generateFiles({ spec: join(FIXTURE_DOCS, 'versions', 'query-3.2.yaml') });
    expect(problems.map(formatProblem).filter((p) => /not-generated/.test(p))).toStrictEqual([]);
    expect(files.find((f) => f.path === 'operations.ts')?.content).toMatch(/operationId: "search",\n\s+methodName: "search",\n\s+method: "QUERY"/);
  });
});
