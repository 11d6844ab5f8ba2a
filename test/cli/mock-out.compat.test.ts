import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_DOCS, ROOT } from '../helpers/paths.js';
import { ensureBuilt } from './helpers/build.js';
import { waitFor } from './helpers/run-cli.js';

const BIN = join(ROOT, 'bin', 'podcast-gen.js');
const ENV = { PATH: process.env.PATH ?? '' };

/** Starts `podcast-gen mock --port 0 ...`, waits for its address; `stop()` sends SIGTERM and resolves to the exit code. */
async function startMock(args: string[], cwd: string) {
  const child = spawn(process.execPath, [BIN, 'mock', '--port', '0', ...args], { cwd, env: ENV });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    await waitFor('the mock server address', () => /listening on http:\/\/127\.0\.0\.1:\d+/.test(stdout) || child.exitCode !== null);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  if (child.exitCode !== null) throw new Error(`mock exited with ${child.exitCode}: ${stdout}${stderr}`);
  const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)![1]!;
  return {
    url,
    stdout: () => stdout,
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/**
 * `podcast-gen mock` serves the mock of your own generation (`--out`, or `out` of the config), as
 * compiled JavaScript or as the generated TypeScript, and says which document's mock it serves.
 * The project lives under the system temp folder, outside the repository, so no tsx is found: the
 * TypeScript output is transpiled with the typescript package.
 */
describe('podcast-gen mock of your own output folder', () => {
  let project: string;
  beforeAll(async () => {
    await ensureBuilt();
    project = mkdtempSync(join(tmpdir(), 'podcast-gen-mock-out-'));
    // The generated code imports zod; a real project has it (a peer of podcast-gen).
    mkdirSync(join(project, 'node_modules'));
    symlinkSync(join(ROOT, 'node_modules', 'zod'), join(project, 'node_modules', 'zod'), 'dir');
    cpSync(join(FIXTURE_DOCS, 'petstore-mini.yaml'), join(project, 'pets.yaml'));
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'downstream', private: true, 'podcast-gen': { spec: 'pets.yaml', out: 'src/pets' } }));
    const generated = spawnSync(process.execPath, [BIN, '--quiet'], { cwd: project, env: ENV, encoding: 'utf8' });
    expect(generated.status, generated.stderr).toBe(0);
  }, 180_000);
  afterAll(() => {
    if (project) rmSync(project, { recursive: true, force: true });
  });

  it("serves the TypeScript mock in the config's out folder without tsx, and leaves no temporary folder", async () => {
    const mock = await startMock([], project);
    try {
      expect(mock.stdout()).toContain('podcast-gen mock: serving src/pets/mock/, the mock of pets.yaml (Petstore Mini 1.0.0)\n');
      expect((await fetch(`${mock.url}/pets?status=sold`, { headers: { authorization: 'Bearer t' } })).status).toBe(200);
      expect((await fetch(`${mock.url}/open/podcast/v1/quota/summary`, { headers: { 'X-Api-Key': 't' } })).status).toBe(404);
    } finally {
      expect(await mock.stop()).toBe(0);
    }
    expect(readdirSync(join(project, 'src'))).toStrictEqual(['pets']);
  });

  it('serves compiled JavaScript from --out, which wins over the config', async () => {
    const mock = await startMock(['--out', join(ROOT, 'dist', 'generated')], project);
    try {
      expect(mock.stdout()).toMatch(
        /^podcast-gen mock: serving .*dist\/generated\/mock\/, the mock of podcast-gen\/spec\/podcast\.openapi\.yaml \(Podcast Asset, Avatar and Account Interface [^)]+\)$/m,
      );
      expect((await fetch(`${mock.url}/open/podcast/v1/quota/summary`, { headers: { 'X-Api-Key': 't' } })).status).toBe(200);
    } finally {
      expect(await mock.stop()).toBe(0);
    }
  });

  it('exits 1 naming the folder when --out holds no generated mock', () => {
    const run = spawnSync(process.execPath, [BIN, 'mock', '--port', '0', '--out', 'nowhere'], { cwd: project, env: ENV, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('podcast-gen mock: no generated mock in nowhere/mock/; run `npx podcast-gen` (with the same --out or config) first\n');
  });
});
