import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadAndLint, PodcastGenError, type Problem } from '../../generator/index.js';
import { lintSpec } from '../../generator/lint/lint-spec.js';
import { loadLintConfig } from '../../generator/lint/lint-config.js';
import { readSpec } from '../../generator/load/read-spec.js';
import { ROOT, SPEC } from '../helpers/paths.js';

const original = readFileSync(SPEC, 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'podcast-gen-lint-'));
copyFileSync(join(ROOT, 'spec/redocly.yaml'), join(dir, 'redocly.yaml'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** 1-based line of the first line containing `text` (after `after`, if given). */
function lineOf(text: string, source: string, after = 0): number {
  const lines = source.split('\n');
  const index = lines.findIndex((line, i) => i >= after && line.includes(text));
  if (index < 0) throw new Error(`not found: ${text}`);
  return index + 1;
}

/** Lints a changed copy of the document; returns its errors from podcast-gen's own rules and redocly's. */
async function lintCopy(name: string, edit: (source: string) => string): Promise<{ source: string; problems: Problem[] }> {
  const source = edit(original);
  const file = join(dir, `${name}.yaml`);
  writeFileSync(file, source);
  const config = await loadLintConfig({ specPath: file });
  const spec = await readSpec({ spec: file, config, cwd: dir });
  const problems = (await lintSpec(spec, config, dir)).filter((p) => p.severity === 'error');
  return { source, problems };
}

function brief(problems: Problem[]): string[] {
  return problems.map((p) => `${p.file}:${p.line}:${p.col} ${p.code}`);
}

describe('lint of deliberately broken copies', () => {
  it('the document itself has no errors', async () => {
    const { problems } = await lintCopy('as-is', (s) => s);
    expect(problems).toStrictEqual([]);
  });

  it('an operation without operationId', async () => {
    const { source, problems } = await lintCopy('no-operation-id', (s) => s.replace('      operationId: saveDesignedVoice\n', ''));
    const line = lineOf('post:', source, lineOf('/open/podcast/v1/voices/design/save:', source));
    expect(brief(problems)).toStrictEqual([`no-operation-id.yaml:${line}:5 operation-operationId`, `no-operation-id.yaml:${line}:5 podcast-gen/operation-id`]);
    expect(problems[1]?.message).toBe('Operation has no operationId: add `operationId: <camelCaseName>`.');
  });

  it('a duplicate tool name', async () => {
    const { source, problems } = await lintCopy('duplicate-tool', (s) =>
      s.replace('x-tool-name: podcast_add_image', 'x-tool-name: podcast_copy_image_template'),
    );
    const line = lineOf('x-tool-name: podcast_copy_image_template', source, lineOf('operationId: addImage', source));
    expect(brief(problems)).toStrictEqual([`duplicate-tool.yaml:${line}:20 podcast-gen/tool-name`]);
    expect(problems[0]?.message).toBe('Tool name `podcast_copy_image_template` is already used by operation `copyImageTemplate`; tool names must be unique.');
    expect(problems[0]?.pointer).toBe('#/paths/~1open~1podcast~1v1~1images/post/x-tool-name');
  });

  it('a tool name that breaks the pattern', async () => {
    const { problems } = await lintCopy('bad-tool', (s) => s.replace('x-tool-name: podcast_add_image', 'x-tool-name: Podcast-Add-Image'));
    expect(problems.map((p) => p.message)).toStrictEqual(['Tool name "Podcast-Add-Image" must match ^[a-z][a-z0-9_]{0,63}$.']);
  });

  it('a POST without the idempotency header', async () => {
    const { source, problems } = await lintCopy('no-idempotency', (s) =>
      s.replace(
        "      parameters:\n        - $ref: '#/components/parameters/IdempotencyKey'\n      requestBody:\n        required: true\n        description: The template to copy.",
        '      requestBody:\n        required: true\n        description: The template to copy.',
      ),
    );
    const line = lineOf('post:', source, lineOf('/open/podcast/v1/image_templates/copy:', source));
    expect(brief(problems)).toStrictEqual([`no-idempotency.yaml:${line}:5 podcast-gen/idempotency-header`]);
  });

  it('an x-assumed without a reason', async () => {
    const { source, problems } = await lintCopy('no-reason', (s) =>
      s.replace(/x-assumed: 'the interface description names the base address only[^\n]*/, "x-assumed: ''"),
    );
    const line = lineOf("x-assumed: ''", source);
    expect(brief(problems)).toStrictEqual([`no-reason.yaml:${line}:20 podcast-gen/assumed-reason`]);
  });

  it('errors stop generation with every problem listed', async () => {
    writeFileSync(join(dir, 'stop.yaml'), original.replace('      operationId: saveDesignedVoice\n', ''));
    const error = await loadAndLint({ spec: join(dir, 'stop.yaml'), cwd: dir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PodcastGenError);
    expect((error as PodcastGenError).message).toMatch(/^stop\.yaml:\d+:5 {2}error {2}operation-operationId/m);
  });
});
