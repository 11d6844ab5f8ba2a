/**
 * The TanStack Query and MSW outputs of the podcast document under TypeScript 7's `tsc`, strict: a
 * React sample (a component), a Vue sample (a composable) and an MSW sample type-check, each with
 * type assertions and refusals (`@ts-expect-error`) that must hold, and so do the browser test's
 * pages; so do a React and a Vue sample of the infinite queries of a paged document
 * (test/fixtures/paging/styles.yaml, generated beside it in `pager/`); and no export of the
 * generated files is typed `any`, as their declarations show.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeOutput } from '../helpers/query-and-msw.js';
import { ROOT } from '../helpers/paths.js';
import { TSC } from '../helpers/tsc.js';

const SAMPLES = join(ROOT, 'test', 'tanstack-query', 'samples');
/** The browser pages of test/browser/query-and-msw.compat.test.ts, which use the outputs as an app does. */
const PAGES = ['query-app.tsx', 'msw-app.mts', 'infinite-app.tsx'].map((name) => join(ROOT, 'test', 'browser', 'page', name));
const OUTPUTS = ['client', 'tanstack-query', 'msw'];

let folder = '';

/** Strict, as a front-end project sets it: the DOM, no Node types, JSX for React. */
const COMPILER_OPTIONS = {
  target: 'ES2022',
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
  lib: ['ES2023', 'DOM', 'DOM.Iterable'],
  types: [],
  jsx: 'react-jsx',
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noImplicitReturns: true,
  noUnusedLocals: true,
  noUnusedParameters: true,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  skipLibCheck: true,
  paths: { 'podcast-output/*': ['./*'], 'pager-output/*': ['./pager/*'] },
};

function tsc(args: string[]): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [TSC, ...args], { cwd: folder, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

beforeAll(async () => {
  ({ folder } = await writeOutput('query-typecheck', { outputs: OUTPUTS, 'tanstack-query': { frameworks: ['react', 'vue'] } }));
  // A paged document's output beside it, for the infinite queries.
  const pager = await writeOutput('query-typecheck-pager', {
    spec: join(ROOT, 'test', 'fixtures', 'paging', 'styles.yaml'),
    name: 'pager',
    outputs: OUTPUTS,
    'tanstack-query': { frameworks: ['react', 'vue'] },
  });
  cpSync(pager.folder, join(folder, 'pager'), { recursive: true });
  rmSync(pager.folder, { recursive: true, force: true });
}, 120_000);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the TanStack Query and MSW outputs under strict TypeScript 7', () => {
  it('type-check with a React sample, a Vue sample and an MSW sample, their assertions and refusals, and the browser pages', () => {
    const samples = readdirSync(SAMPLES).map((name) => join(SAMPLES, name));
    expect(samples.map((path) => path.slice(SAMPLES.length + 1)).sort()).toStrictEqual([
      'equal.ts',
      'msw-sample.mts',
      'react-infinite-sample.tsx',
      'react-sample.tsx',
      'vue-infinite-sample.mts',
      'vue-sample.mts',
    ]);
    writeFileSync(
      join(folder, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { ...COMPILER_OPTIONS, noEmit: true }, include: ['**/*.ts', ...samples, ...PAGES] }),
    );
    const { status, output } = tsc(['-p', 'tsconfig.json']);
    expect(output).toBe('');
    expect(status).toBe(0);
  }, 120_000);

  it('fails where a sample’s refusal is not refused: the check looks', () => {
    const sample = join(folder, 'refusal-control.mts');
    writeFileSync(
      sample,
      "import { podcastKeys } from 'podcast-output/tanstack-query/react.js';\n// @ts-expect-error: a tag the operations have\nexport const key = podcastKeys.tag('Voices');\n",
    );
    writeFileSync(join(folder, 'tsconfig.control.json'), JSON.stringify({ compilerOptions: { ...COMPILER_OPTIONS, noEmit: true }, files: [sample] }));
    const { status, output } = tsc(['-p', 'tsconfig.control.json']);
    expect(output).toMatch(/refusal-control\.mts\(2,1\): error TS2578: Unused '@ts-expect-error' directive/);
    expect(status).not.toBe(0);
  }, 120_000);

  it('declare no export of theirs as `any`', () => {
    writeFileSync(
      join(folder, 'tsconfig.declarations.json'),
      JSON.stringify({
        compilerOptions: { ...COMPILER_OPTIONS, declaration: true, emitDeclarationOnly: true, outDir: 'declarations' },
        include: ['**/*.ts'],
        exclude: ['declarations'],
      }),
    );
    const { status, output } = tsc(['-p', 'tsconfig.declarations.json']);
    expect(output).toBe('');
    expect(status).toBe(0);
    const query = ['tanstack-query/options', 'tanstack-query/query-keys', 'tanstack-query/infinite-pages', 'tanstack-query/react', 'tanstack-query/vue'];
    const files = [...query, 'msw/index', 'msw/handlers', ...query.map((file) => `pager/${file}`), 'pager/msw/index'];
    const declarations = new Map(files.map((file) => [file, readFileSync(join(folder, 'declarations', `${file}.d.ts`), 'utf8')]));
    // The declarations are there, and name what they export.
    expect(declarations.get('tanstack-query/react')).toContain('export declare function quotaSummaryQueryOptions(');
    expect(declarations.get('msw/index')).toContain('export declare function quotaSummaryHandler(');
    expect(declarations.get('pager/tanstack-query/vue')).toContain('export declare function listIssuesInfiniteQueryOptions(');
    expect([...declarations].filter(([, text]) => anyIn(text)).map(([file]) => file)).toStrictEqual([]);
    // The scan finds an `any` where there is one, and not in a comment.
    expect([
      anyIn('export declare const x: any;'),
      anyIn('export declare function f(): Promise<Record<string, any>>;'),
      anyIn('/** any value */\nexport declare const y: string;'),
    ]).toStrictEqual([true, true, false]);
  }, 120_000);
});

/** Whether declaration text types something `any`, outside its comments. */
function anyIn(text: string): boolean {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  return /\bany\b/.test(code);
}
