import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFiles } from '../../generator/index.js';
import { ROOT } from '../helpers/paths.js';
import { batchFolder, removeBatch, typecheck, writeOutput } from './helpers/compile.js';

/** Runs of the property: each generates a whole output, so they are compiled together in one tsc run. */
const RUNS = 30;
const TSX = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');

/** Pieces that end comments, strings, templates and script blocks, or start template syntax. */
const PIECES = [
  '*/',
  '/*',
  '//',
  '`',
  '${',
  '}',
  "'",
  '"',
  '\\',
  '\\u0041',
  '\u2028',
  '\u2029',
  '</script>',
  '<!--',
  '{{',
  '}}',
  '{{{',
  '\u0000',
  '\n',
  '\r\n',
  '\t',
  ' ',
  'x',
  'ü',
  '😀',
  '@param',
  '#/',
];
const hostile = fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 8 }).map((parts) => `h${parts.join('')}`);

/** A small document carrying `text` in every place a document can carry text. */
function documentWith(text: string): Record<string, unknown> {
  return {
    openapi: '3.0.3',
    info: { title: `T ${text}`, version: `1 ${text}`, description: text },
    servers: [{ url: `https://api.example.com/${encodeURIComponent(text)}`, description: text }],
    tags: [{ name: `tag ${text}`, description: text }],
    paths: {
      '/things': {
        get: {
          operationId: 'getThing',
          summary: text,
          description: `${text}\n\nMore: ${text}`,
          tags: [`tag ${text}`],
          'x-note': text,
          'x-nested': { list: [text, { deep: text }] },
          parameters: [{ name: 'q', in: 'query', description: text, example: text, schema: { type: 'string', enum: [text, 'plain'], default: 'plain' } }],
          responses: {
            '200': {
              description: text,
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' }, example: { [text]: text, plain: 'abc' } } },
            },
            '404': { description: text },
          },
        },
        post: {
          operationId: `post ${text}`,
          parameters: [{ name: text, in: 'query', schema: { type: 'string' } }],
          responses: { '204': { description: text } },
        },
      },
    },
    components: {
      schemas: {
        Thing: {
          type: 'object',
          title: text,
          description: text,
          required: [text],
          'x-extra': text,
          properties: {
            [text]: { type: 'string', enum: [text, 'plain'], description: text, example: text },
            plain: { type: 'string', pattern: '^[a-z]*$', description: text, default: text },
          },
        },
      },
    },
  };
}

// An operationId is trimmed by the model (leading and trailing white space is not part of a name).
describe(`injection: hostile strings in every text place (${RUNS} fast-check runs, one tsc run)`, () => {
  const batch = batchFolder('injection');
  const runs: { text: string; dir: string; tools: string; fixture: string }[] = [];

  beforeAll(async () => {
    const texts = fc.sample(hostile, { numRuns: RUNS, seed: 20240611 });
    for (const [index, text] of texts.entries()) {
      const dir = join(batch, `run-${index}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'api.json'), JSON.stringify(documentWith(text), null, 2));
      const { files } = await generateFiles({ spec: join(dir, 'api.json') });
      writeOutput(join(dir, 'out'), files);
      const content = (path: string) => files.find((f) => f.path === path)?.content ?? '';
      runs.push({ text, dir, tools: content('mcp/tools.json'), fixture: content('fixtures/getThing.json') });
    }
  }, 300_000);
  afterAll(() => removeBatch(batch));

  it(`generates ${RUNS} documents whose every output compiles under strict tsc`, () => {
    const result = typecheck(
      batch,
      runs.map((r) => join(r.dir, 'out')),
    );
    expect(result.output).toBe('');
    expect(runs).toHaveLength(RUNS);
    console.log(`injection: ${RUNS} fast-check runs, all outputs compiled in one tsc run`);
  });

  it('the strings survive unchanged in tools.json (descriptions, enum values, property names) and fixtures', () => {
    for (const { text, tools, fixture } of runs) {
      const tool = (
        JSON.parse(tools) as { tools: { description?: string; inputSchema: { properties: Record<string, { enum?: string[]; description?: string }> } }[] }
      ).tools[0];
      expect(tool?.description).toContain(text);
      expect(tool?.inputSchema.properties.q?.enum).toStrictEqual([text, 'plain']);
      expect(tool?.inputSchema.properties.q?.description).toBe(text);
      expect(JSON.stringify(JSON.parse(fixture))).toContain(JSON.stringify(text).slice(1, -1));
    }
  });

  it('the generated code behaves the same: enum values, property names and descriptions survive (child process)', () => {
    const script = join(batch, 'check.ts');
    writeFileSync(
      script,
      [
        `import { readFileSync } from 'node:fs';`,
        `const runs = JSON.parse(readFileSync(${JSON.stringify(join(batch, 'runs.json'))}, 'utf8')) as { text: string; dir: string }[];`,
        `const results = [];`,
        `for (const run of runs) {`,
        `  const schemas = await import(run.dir + '/out/schemas.js');`,
        `  const ops = await import(run.dir + '/out/operations.js');`,
        `  const data = schemas.operationSchemas.getThing.data;`,
        `  const good = { [run.text]: run.text, plain: 'abc' };`,
        `  const parsed = data.safeParse(good);`,
        `  results.push({`,
        `    accepts: parsed.success && parsed.data[run.text] === run.text,`,
        `    refusesOther: !data.safeParse({ [run.text]: run.text + '!' }).success,`,
        `    refusesMissing: !data.safeParse({ plain: 'abc' }).success,`,
        `    operationIds: ops.operations.map((o: { operationId: string }) => o.operationId),`,
        `    wireName: (ops.operations[1].fields[0].wireName ?? ops.operations[1].fields[0].name) === run.text,`,
        `  });`,
        `}`,
        `console.log(JSON.stringify(results));`,
      ].join('\n'),
    );
    writeFileSync(join(batch, 'runs.json'), JSON.stringify(runs.map(({ text, dir }) => ({ text, dir }))));
    const child = spawnSync(process.execPath, [TSX, script], { encoding: 'utf8', cwd: batch, maxBuffer: 16 * 1024 * 1024 });
    expect(child.stderr).toBe('');
    const results = JSON.parse(child.stdout) as unknown[];
    expect(results).toStrictEqual(
      runs.map(({ text }) => ({ accepts: true, refusesOther: true, refusesMissing: true, operationIds: ['getThing', `post ${text}`.trim()], wireName: true })),
    );
  });
});
