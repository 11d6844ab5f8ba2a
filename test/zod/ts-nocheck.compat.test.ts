import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFiles } from '../../generator/index.js';
import { withoutTsNocheck } from '../helpers/checked-validators.js';
import { ROOT } from '../helpers/paths.js';
import { TSC as TSC_7 } from '../helpers/tsc.js';

const TSC_5 = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

/** The podcast document's files, generated as a large document's (PODCAST_GEN_LARGE=on) or as its own. */
async function schemasOf(large: 'on' | 'off', zod: object = {}): Promise<string> {
  const before = process.env.PODCAST_GEN_LARGE;
  process.env.PODCAST_GEN_LARGE = large;
  try {
    const { files } = await generateFiles({ cwd: ROOT, outputs: ['zod'], zod });
    return files.find((f) => f.path === 'schemas.ts')?.content ?? '';
  } finally {
    if (before === undefined) delete process.env.PODCAST_GEN_LARGE;
    else process.env.PODCAST_GEN_LARGE = before;
  }
}

/**
 * A large document's `schemas.ts` opens with `// @ts-nocheck` (option zod.tsNocheck, default true):
 * a program's type checker reports nothing inside it, yet a validator the program uses has its
 * precise inferred type. Proven with both compilers on a schemas.ts given a deliberate type error.
 * A smaller document's is checked as any other file.
 */
describe('schemas.ts and // @ts-nocheck', () => {
  let dir: string;
  let schemas: string;
  beforeAll(async () => {
    mkdirSync(join(ROOT, 'test', '.tmp'), { recursive: true });
    dir = mkdtempSync(join(ROOT, 'test', '.tmp', 'ts-nocheck-'));
    writeFileSync(join(dir, 'package.json'), '{ "type": "module", "private": true }\n');
    schemas = await schemasOf('on');
    // A program that uses one validator wrongly: its inferred type must say so.
    writeFileSync(join(dir, 'use.ts'), "import { QuotaSummary } from './schemas.js';\nexport const plan: boolean = QuotaSummary.parse({}).plan_id;\n");
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: 'nodenext', types: [], skipLibCheck: true }, include: ['*.ts'] }),
    );
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const check = (tsc: string, source: string) => {
    writeFileSync(join(dir, 'schemas.ts'), `${source}\nconst _wrong: number = 'not a number';\n`);
    const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json', '--pretty', 'false'], { cwd: dir, encoding: 'utf8' });
    return result.stdout
      .split('\n')
      .filter((line) => line.includes('error TS'))
      .map((line) => line.replace(/\(.*/, ''));
  };

  it('is there by default on a large document, after the banner, and gone with tsNocheck: false or on a smaller document', async () => {
    expect(schemas).toMatch(/^\/\/ Source: .+\n\n\/\/ @ts-nocheck: /m);
    const plain = await schemasOf('on', { tsNocheck: false });
    expect(plain).not.toContain('@ts-nocheck');
    // The same file but the directive and its two-line comment.
    expect(plain).toBe(schemas.replace(/\/\/ @ts-nocheck: .*\n\/\/ .*\n\n/, ''));
    expect(await schemasOf('off')).toBe(plain);
  }, 60_000);

  for (const [name, tsc] of [
    ['TypeScript 7', TSC_7],
    ['TypeScript 5.9', TSC_5],
  ] as const) {
    it(`${name} reports the use of a validator but nothing inside schemas.ts, until the directive is taken out`, () => {
      expect(check(tsc, schemas)).toStrictEqual(['use.ts']);
      expect(check(tsc, withoutTsNocheck(schemas)).sort()).toStrictEqual(['schemas.ts', 'use.ts']);
    }, 120_000);
  }
});
