import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFiles } from '../../generator/index.js';
import { FIXTURE_DOCS, ROOT, SPEC } from '../helpers/paths.js';
import { TSC as TSC_7 } from '../helpers/tsc.js';

const TSC_5 = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

/** The documents whose output must compile as it is, in a project the user did not prepare for it. */
const DOCUMENTS: [name: string, spec: string][] = [
  ['podcast', SPEC],
  ['petstore-mini', join(FIXTURE_DOCS, 'petstore-mini.yaml')],
  ...readdirSync(join(FIXTURE_DOCS, 'corpus'))
    .filter((file) => file.endsWith('.yaml'))
    .sort()
    .map((file): [string, string] => [`corpus-${basename(file, '.yaml')}`, join(FIXTURE_DOCS, 'corpus', file)]),
];

/**
 * The projects a user has before adding the output: what `tsc --init` writes (TypeScript 5.9:
 * `"types": []`, declarations emitted), TypeScript 7 with nothing but `strict` (its default
 * `types` is empty too), a strict bundler setup, and one that extends @tsconfig/strictest (the
 * strictest checks users adopt, noPropertyAccessFromIndexSignature and noUnusedLocals among them).
 * None lists Node's types: what needs them must say so itself.
 */
const CONFIGURATIONS: { name: string; tsc: string; args: (batch: string) => string[] }[] = [
  { name: "TypeScript 5.9's tsc --init", tsc: TSC_5, args: (batch) => ['-p', join(batch, 'tsconfig.json'), '--outDir', join(batch, 'out')] },
  { name: 'TypeScript 7, strict, no types', tsc: TSC_7, args: (batch) => ['-p', join(batch, 'tsconfig.ts7.json')] },
  { name: 'TypeScript 7, strict bundler', tsc: TSC_7, args: (batch) => ['-p', join(batch, 'tsconfig.bundler.json')] },
  // A project that also checks its JavaScript: the data modules' one-line .d.ts still wins over the .js.
  { name: 'TypeScript 7, strict, allowJs and checkJs', tsc: TSC_7, args: (batch) => ['-p', join(batch, 'tsconfig.allowjs.json')] },
  { name: 'TypeScript 7, @tsconfig/strictest', tsc: TSC_7, args: (batch) => ['-p', join(batch, 'tsconfig.strictest.json')] },
];

let batch: string;

beforeAll(async () => {
  mkdirSync(join(ROOT, 'test', '.tmp'), { recursive: true });
  // Inside the repository, so that zod and the MCP SDK resolve from its node_modules as from a user's.
  batch = mkdtempSync(join(ROOT, 'test', '.tmp', 'fresh-'));
  writeFileSync(join(batch, 'package.json'), '{ "type": "module", "private": true }\n');
  const init = spawnSync(process.execPath, [TSC_5, '--init'], { cwd: batch, encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`tsc --init failed: ${init.stdout}${init.stderr}`);
  const include = ['src/**/*.ts'];
  writeFileSync(join(batch, 'tsconfig.ts7.json'), JSON.stringify({ compilerOptions: { strict: true, module: 'nodenext', noEmit: true }, include }));
  writeFileSync(
    join(batch, 'tsconfig.bundler.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        module: 'preserve',
        moduleResolution: 'bundler',
        verbatimModuleSyntax: true,
        exactOptionalPropertyTypes: true,
        noUncheckedIndexedAccess: true,
        noEmit: true,
      },
      include,
    }),
  );
  writeFileSync(
    join(batch, 'tsconfig.allowjs.json'),
    JSON.stringify({ compilerOptions: { strict: true, module: 'nodenext', allowJs: true, checkJs: true, noEmit: true }, include }),
  );
  writeFileSync(
    join(batch, 'tsconfig.strictest.json'),
    JSON.stringify({ extends: '@tsconfig/strictest/tsconfig.json', compilerOptions: { module: 'nodenext', types: [], noEmit: true }, include }),
  );
  for (const [name, spec] of DOCUMENTS) {
    const { files } = await generateFiles({ spec });
    for (const file of files) {
      const target = join(batch, 'src', name, file.path);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, file.content);
    }
  }
}, 120_000);

afterAll(() => {
  if (batch) rmSync(batch, { recursive: true, force: true });
});

describe('every output compiles in a fresh project, nothing added to its tsconfig', () => {
  it.each(CONFIGURATIONS)(
    '$name',
    ({ tsc, args }) => {
      const result = spawnSync(process.execPath, [tsc, ...args(batch)], { cwd: batch, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      const output = `${result.stdout}${result.stderr}`;
      const errors = output.split('\n').filter((line) => /error TS\d+/.test(line));
      const byDocument = Object.fromEntries(DOCUMENTS.map(([name]) => [name, errors.filter((line) => line.startsWith(`src/${name}/`)).slice(0, 10)]));
      expect(byDocument).toStrictEqual(Object.fromEntries(DOCUMENTS.map(([name]) => [name, []])));
      expect(output).toBe('');
      expect(result.status).toBe(0);
    },
    240_000,
  );

  it('checks every kind of output: types, zod, client and runtime, MCP server, fixtures, mock', () => {
    const podcast = readdirSync(join(batch, 'src', 'podcast'), { recursive: true, encoding: 'utf8' }).filter((path) => path.endsWith('.ts'));
    for (const expected of [
      'types.ts',
      'schemas.ts',
      'client.ts',
      'runtime.ts',
      join('mcp', 'server.ts'),
      join('mcp', 'tool-server.ts'),
      join('fixtures', 'index.ts'),
      join('mock', 'server.ts'),
    ]) {
      expect(podcast).toContain(expected);
    }
  });
});
