import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, SPEC } from '../helpers/paths.js';
import { ensureBuilt } from './helpers/build.js';
import { runCli } from './helpers/run-cli.js';

const BIN = join(ROOT, 'bin', 'podcast-gen.js');

/**
 * A `podcast-gen.config.ts` in a project without tsx. The project is a folder under the system's
 * temporary folder, outside this repository, so the repository's own tsx cannot be found from it;
 * `podcast-gen` is linked into its node_modules, as an install would put it.
 */
describe('a TypeScript config without tsx', () => {
  const folders: string[] = [];
  const project = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'podcast-gen-ts-config-'));
    folders.push(dir);
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(ROOT, join(dir, 'node_modules', 'podcast-gen'), 'dir');
    mkdirSync(join(dir, 'api'));
    cpSync(SPEC, join(dir, 'api', 'podcast.yaml'));
    return dir;
  };
  beforeAll(ensureBuilt, 180_000);
  afterAll(() => {
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  it('loads on this Node without a TypeScript runtime, resolving its imports from its folder, and leaves no file behind', () => {
    const dir = project();
    expect(() => createRequire(join(dir, 'package.json')).resolve('tsx/package.json'), 'tsx must not be resolvable from the project').toThrow();
    writeFileSync(
      join(dir, 'podcast-gen.config.ts'),
      [
        "import { defineConfig } from 'podcast-gen';",
        "import type { GenerateOptions } from 'podcast-gen';",
        'interface Paths { spec: string; out: string }',
        "const paths: Paths = { spec: 'api/podcast.yaml', out: 'ts-out' };",
        "export default defineConfig({ ...paths, name: 'acme' } satisfies GenerateOptions);",
        '',
      ].join('\n'),
    );
    const before = readdirSync(dir).sort();
    // A real Node process (not the test runner's module loader), as `npx podcast-gen` runs.
    const run = spawnSync(process.execPath, [BIN, '--json'], { cwd: dir, env: { PATH: process.env.PATH ?? '' }, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect((JSON.parse(run.stdout) as { summary: { out: string; source: string } }).summary).toMatchObject({ out: 'ts-out/', source: 'api/podcast.yaml' });
    expect(readFileSync(join(dir, 'ts-out', 'client.ts'), 'utf8')).toContain('export function createAcmeClient(');
    // Nothing was written beside the config.
    expect(readdirSync(dir).sort()).toStrictEqual([...before, 'ts-out'].sort());
  }, 60_000);

  it('names the place of a syntax error (exit 2) and leaves no file behind', async () => {
    const dir = project();
    writeFileSync(join(dir, 'podcast-gen.config.ts'), "const spec: string = 'api/podcast.yaml'\nexport default { spec, out: };\n");
    const before = readdirSync(dir).sort();
    const run = await runCli(['lint'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^podcast-gen\.config\.ts:2:29 {2}error {2}config\/import {2}cannot load the config: Unexpected "}" \(fix the config file\)$/m);
    expect(readdirSync(dir).sort()).toStrictEqual(before);
  });
});
