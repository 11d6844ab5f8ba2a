import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../cli/helpers/build.js';
import { ROOT } from '../helpers/paths.js';
import { installPodcastGen, makeProject, type PackageManager, PROJECT_KINDS, type ProjectKind, packPodcastGen } from './helpers/matrix-projects.js';
import { type Cell, checkHelp, checkMcp, checkMock, checkVerify, generate, startMock } from './helpers/matrix-steps.js';

const MANAGERS: readonly PackageManager[] = ['npm', 'pnpm'];
const STEPS = ['generate', 'mock', 'mcp', 'mcp --help', 'verify', 'verify in memory'] as const;
type Step = (typeof STEPS)[number];

/**
 * The project matrix: podcast-gen's packed tarball installed with npm and with pnpm, with and
 * without tsx, run in every kind of folder a user has (an ESM package, a CommonJS one without
 * "type", `"type": "commonjs"`, no package.json, a folder outside any project), each generating
 * (through a `podcast-gen.config.ts`, outside a project with flags) and running `mock`, `mcp --out`,
 * `mcp --out --help` and `verify` on its output. One install per manager and tsx, shared by the projects below it (a project's
 * package type is its own package.json's, whatever installed the packages above it); the outside
 * folder runs that install's command with nothing installed where it is. Each cell records each
 * step, and the table is printed and written to test/.tmp/project-matrix.md. Slow (four installs):
 * runs when PODCAST_GEN_PACK_TEST=1, as the packed-tarball test does. PODCAST_GEN_MATRIX_TARBALL
 * runs it against another build's tarball.
 */
describe.skipIf(!process.env.PODCAST_GEN_PACK_TEST)('the project matrix', () => {
  let work = '';
  const results = new Map<string, Map<Step, string>>();
  const installs = new Map<string, string>();
  const label = (kind: ProjectKind, manager: PackageManager, tsx: boolean) => `${kind} · ${manager} · ${tsx ? 'tsx' : 'no tsx'}`;

  beforeAll(async () => {
    await ensureBuilt();
    work = mkdtempSync(join(tmpdir(), 'podcast-gen-matrix-'));
    const tarball = packPodcastGen(work);
    for (const manager of MANAGERS) {
      for (const tsx of [false, true]) {
        const folder = join(work, `${manager}-${tsx ? 'tsx' : 'plain'}`);
        installPodcastGen({ manager, tsx, folder, tarball });
        installs.set(`${manager}-${tsx}`, folder);
      }
    }
  }, 900_000);

  afterAll(() => {
    const header = `| cell | ${STEPS.join(' | ')} |\n|---|${STEPS.map(() => '---').join('|')}|`;
    const rows = [...results].map(([cell, steps]) => `| ${cell} | ${STEPS.map((step) => steps.get(step) ?? 'not run').join(' | ')} |`);
    const table = `${header}\n${rows.join('\n')}\n`;
    console.log(`\nThe project matrix:\n${table}`);
    mkdirSync(join(ROOT, 'test', '.tmp'), { recursive: true });
    writeFileSync(join(ROOT, 'test', '.tmp', 'project-matrix.md'), table);
    if (work) rmSync(work, { recursive: true, force: true });
  });

  describe.each(MANAGERS)('installed with %s', (manager) => {
    describe.each([false, true])('tsx: %s', (tsx) => {
      it.each(PROJECT_KINDS)(
        '%s: generates, and runs mock, mcp --out and verify on the output',
        async (kind) => {
          const install = installs.get(`${manager}-${tsx}`) as string;
          const dir = makeProject(kind, install, join(work, `outside-${manager}-${tsx}`));
          const cell: Cell = { bin: join(install, 'node_modules', '.bin', 'podcast-gen'), dir, config: kind !== 'outside' };
          const steps = new Map<Step, string>();
          results.set(label(kind, manager, tsx), steps);
          const failures: string[] = [];
          const step = async (name: Step, run: () => unknown) => {
            try {
              await run();
              steps.set(name, 'pass');
            } catch (error) {
              steps.set(name, 'FAIL');
              failures.push(`${name}: ${(error as Error).message}`);
            }
          };
          await step('generate', () => generate(cell));
          const mock = await startMock(cell).catch((error: Error) => {
            failures.push(`mock: ${error.message}`);
            steps.set('mock', 'FAIL');
            return undefined;
          });
          try {
            if (mock) {
              await step('mock', () => checkMock(mock.url));
              await step('mcp', () => checkMcp(cell, mock.url));
              await step('verify', () => checkVerify(cell, mock.url));
              await step('verify in memory', () => checkVerify(cell, mock.url, true));
            }
            await step('mcp --help', () => checkHelp(cell));
          } finally {
            mock?.stop();
          }
          expect(failures).toStrictEqual([]);
          // Nothing left beside the project's own files: no temporary copy of the config or the output.
          const own = [
            'api.yaml',
            'memory.json',
            'src',
            ...(cell.config ? ['podcast-gen.config.ts'] : []),
            ...(['esm', 'cjs', 'commonjs'].includes(kind) ? ['package.json'] : []),
          ];
          expect(readdirSync(cell.dir).sort()).toStrictEqual(own.sort());
          expect(readdirSync(join(cell.dir, 'src'))).toStrictEqual(['api']);
        },
        240_000,
      );
    });
  });
});
