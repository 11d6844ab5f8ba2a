import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiReference } from '../../docs/examples/api-reference-plugin.js';
import { generateFiles } from '../../generator/index.js';
import { ROOT } from '../helpers/paths.js';
import { SUBSETS as subsets } from './helpers/output-subsets.js';

const folder = join(ROOT, 'test', '.tmp', 'outputs');
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The paths a run with these outputs makes (of the fixtures, all but the per-operation .json files). */
async function pathsOf(outputs: string[]): Promise<string[]> {
  return (await generateFiles({ cwd: ROOT, outputs })).files.map((f) => f.path).filter((p) => !p.startsWith('fixtures/') || !p.endsWith('.json'));
}

/** Each choice compiled on its own by tsc: outputs.compat.test.ts. */
describe('choosing outputs', () => {
  it('makes the opt-in outputs only when chosen', async () => {
    const paths = (await generateFiles({ cwd: ROOT })).files.map((f) => f.path);
    expect(paths.filter((p) => p.startsWith('tanstack-query/') || p.startsWith('msw/'))).toStrictEqual([]);
  });

  it('makes just the chosen outputs and what they need', async () => {
    for (const [outputs, paths] of subsets) expect([outputs, await pathsOf(outputs)]).toStrictEqual([outputs, paths]);
  });

  it('gives each output the files an all-outputs run gives it (but the index, which re-exports what is there)', async () => {
    const every = subsets.flatMap(([outputs]) => outputs);
    const all = new Map((await generateFiles({ cwd: ROOT, outputs: every })).files.map((f) => [f.path, f.content]));
    for (const [outputs] of subsets) {
      for (const file of (await generateFiles({ cwd: ROOT, outputs })).files) {
        if (file.path !== 'index.ts' && file.path !== '.podcast-gen.json') expect(file.content, `${outputs} ${file.path}`).toBe(all.get(file.path));
      }
    }
  });

  it('passes each output its options, and refuses options of an output that does not exist', async () => {
    const { files } = await generateFiles({ cwd: ROOT, outputs: ['api-reference'], plugins: [apiReference], 'api-reference': { file: 'docs/API.md' } });
    expect(files.map((f) => f.path)).toStrictEqual(['.podcast-gen.json', 'docs/API.md', 'index.ts']);
    await expect(generateFiles({ cwd: ROOT, 'api-refrence': { file: 'x.md' } })).rejects.toThrow(/unknown option "api-refrence"/);
    await expect(generateFiles({ cwd: ROOT, plugins: [apiReference], 'api-reference': { fil: 'x.md' } })).rejects.toThrow(
      /unknown option "fil" of output "api-reference" \(the options of "api-reference" are: file\)/,
    );
  });

  it('fails the run with a plugin’s own error, naming it', async () => {
    const broken = { ...apiReference, name: 'broken', emit: () => JSON.parse('{') as never };
    await expect(generateFiles({ cwd: ROOT, plugins: [broken], outputs: ['broken'] })).rejects.toThrow(/output "broken" failed: .*JSON/);
    // A text over what Node.js holds as one string (built-in outputs meet it only on huge documents).
    const huge = { ...apiReference, name: 'huge', emit: () => [{ path: 'HUGE.md', content: 'x'.repeat(2 ** 30) }] };
    await expect(generateFiles({ cwd: ROOT, plugins: [huge], outputs: ['huge'] })).rejects.toMatchObject({
      problems: [{ code: 'emit/too-large', message: expect.stringMatching(/output "huge" made a text larger than Node\.js can hold/) }],
    });
    const notAList = { ...apiReference, name: 'not-a-list', emit: () => 'API.md' as never };
    await expect(generateFiles({ cwd: ROOT, plugins: [notAList], outputs: ['not-a-list'] })).rejects.toThrow(/output "not-a-list" returned no list of files/);
  });

  it('refuses two outputs that make the same file', async () => {
    const clash = { ...apiReference, name: 'clash', options: { file: 'client.ts' } };
    await expect(generateFiles({ cwd: ROOT, plugins: [clash] })).rejects.toThrow(/outputs "client" and "clash" both make client.ts/);
  });
});

describe('the example plugin in docs/: a markdown API reference', () => {
  it('writes a table row and a section for every operation, with the document’s text escaped', async () => {
    const { files, model } = await generateFiles({ cwd: ROOT, outputs: ['api-reference'], plugins: [apiReference] });
    const text = files.find((f) => f.path === 'API.md')?.content ?? '';
    expect(text.startsWith(`# ${model.title}`)).toBe(true);
    const rows = text.split('\n').filter((line) => line.startsWith('| ['));
    expect(rows).toHaveLength(model.operations.length);
    // Every row keeps its four cells: a `|` from the document is escaped, never a cell border.
    for (const row of rows) expect(row.split(/(?<!\\)\|/).length).toBe(6);
    for (const op of model.operations) expect(text).toContain(`\n## ${op.operationId}\n`);
  });

  it('escapes markdown in hostile names and descriptions', async () => {
    const { files } = await generateFiles({
      cwd: ROOT,
      spec: join(ROOT, 'test', 'fixtures', 'plugins', 'markdown-hostile.yaml'),
      outputs: ['api-reference'],
      plugins: [apiReference],
    });
    const text = files.find((f) => f.path === 'API.md')?.content ?? '';
    // Each row has as many cells as its table's header: a `|` from the document never opens a cell.
    let header: string | undefined;
    for (const line of text.split('\n')) {
      if (!line.startsWith('| ')) header = undefined;
      else if (!header) header = line;
      else if (!line.startsWith('| ---')) expect(line.split(/(?<!\\)\|/).length, line).toBe(header.split('|').length);
    }
    expect(text).not.toMatch(/(?<!\\)<script/i);
    expect(text.split('\n')[0]).toBe('# Pipes \\| and \\*stars\\* 1.0.0');
  });
});

describe('the client output’s option `validate`', () => {
  /** Generates the client with these options into its own folder and imports it (vitest compiles the TypeScript). */
  async function clientWith(name: string, options: Record<string, unknown>): Promise<Record<string, unknown>> {
    const out = join(folder, `client-${name}`);
    const { files } = await generateFiles({ cwd: ROOT, outputs: ['client'], client: options });
    for (const file of files) {
      mkdirSync(dirname(join(out, file.path)), { recursive: true });
      writeFileSync(join(out, file.path), file.content);
    }
    return (await import(join(out, 'index.ts'))) as Record<string, unknown>;
  }

  /** What a call with a parameter of the wrong type does: refused before sending, or sent. */
  async function wrongInput(module: Record<string, unknown>, own: Record<string, unknown> = {}): Promise<string> {
    const sent: string[] = [];
    const fetch = async (url: string | URL) => {
      sent.push(String(url));
      return new Response(JSON.stringify({ code: 0, message: 'ok', data: { deleted: true } }), { headers: { 'content-type': 'application/json' } });
    };
    const create = module.createPodcastClient as (options: Record<string, unknown>) => { deleteImageBackground(params: unknown): Promise<unknown> };
    const client = create({ apiKey: 'key', baseUrl: 'https://api.example.com', fetch, maxRetries: 0, ...own });
    const outcome = await client.deleteImageBackground({ id: 'not-a-number' }).then(
      () => 'sent',
      (error: Error) => error.name,
    );
    return `${outcome} (${sent.length} request(s))`;
  }

  it('validates both sides by default, and nothing when set to "off" (a client’s own option still wins)', async () => {
    expect(await wrongInput(await clientWith('default', {}))).toBe('RequestValidationError (0 request(s))');
    const off = await clientWith('off', { validate: 'off' });
    expect(await wrongInput(off)).toBe('sent (1 request(s))');
    expect(await wrongInput(off, { validate: 'request' })).toBe('RequestValidationError (0 request(s))');
    expect(readFileSync(join(folder, 'client-off', 'client.ts'), 'utf8')).toContain('new Core({ validate: "off", ...options }, $auth)');
  });

  it('refuses a mode the runtime does not know', async () => {
    await expect(generateFiles({ cwd: ROOT, outputs: ['client'], client: { validate: 'sometimes' } })).rejects.toThrow(
      /option "validate" of output "client" must be one of both, request, response, off/,
    );
  });
});

describe('the zod output’s option `oneOf`', () => {
  // OpenFIGI's mapping result, in small: `{ data }` or `{ warning }`, neither required, both open.
  const spec = join(ROOT, 'test', '.tmp', 'zod-one-of', 'overlap.yaml');
  mkdirSync(dirname(spec), { recursive: true });
  writeFileSync(
    spec,
    [
      'openapi: 3.0.3',
      'info: { title: Mapping, version: "1" }',
      'paths:',
      '  /mapping:',
      '    post:',
      '      operationId: map_jobs',
      '      responses:',
      '        "200":',
      '          description: ok',
      '          content:',
      '            application/json:',
      '              schema: { oneOf: [{ $ref: "#/components/schemas/Found" }, { $ref: "#/components/schemas/NotFound" }] }',
      'components:',
      '  schemas:',
      '    Found: { type: object, properties: { data: { type: array, items: { type: string } } } }',
      '    NotFound: { type: object, properties: { warning: { type: string } } }',
    ].join('\n'),
  );
  const schemasOf = async (zod?: Record<string, unknown>) => {
    const { files, problems } = await generateFiles({ cwd: ROOT, spec, outputs: ['zod'], ...(zod ? { zod } : {}) });
    return { source: files.find((f) => f.path === 'schemas.ts')?.content ?? '', problems: problems.filter((p) => p.code === 'zod/oneof-overlap') };
  };

  it('warns of overlapping branches by default, at their place, and keeps the check exact', async () => {
    const { source, problems } = await schemasOf();
    expect(problems).toHaveLength(1);
    expect(problems[0]?.message).toMatch(/branch 0 \(Found\) and branch 1 \(NotFound\) overlap/);
    expect(problems[0]?.pointer).toBe('#/paths/~1mapping/post/responses/200/content/application~1json/schema/oneOf');
    expect(source).toContain('z.xor([');
  });

  it('"union" checks the oneOf as any of its branches, without the warning', async () => {
    const { source, problems } = await schemasOf({ oneOf: 'union' });
    expect(problems).toHaveLength(0);
    expect(source).toContain('z.union([');
    expect(source).not.toContain('z.xor([');
  });

  it('refuses a value it does not know', async () => {
    await expect(schemasOf({ oneOf: 'any' })).rejects.toThrow(/option "oneOf" of output "zod" must be one of exactly-one, union/);
  });
});
