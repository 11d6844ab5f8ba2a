import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';
import { ensureBuilt } from './helpers/build.js';
import { tempProject, waitFor } from './helpers/run-cli.js';

const BIN = join(ROOT, 'bin', 'podcast-gen.js');
const RECORDER = join(ROOT, 'test', 'cli', 'helpers', 'record-imports.mjs');

/** Runs the built command as a user does: `node bin/podcast-gen.js ...`. */
function podcastGen(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  const run = spawnSync(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? ROOT,
    env: { PATH: process.env.PATH ?? '', ...options.env },
    encoding: 'utf8',
    input: '',
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** The URLs of the modules a run of the built command loads, from the import recorder. */
function modulesLoadedBy(args: string[]): string[] {
  const dir = tempProject('imports');
  const record = join(dir, 'imports.txt');
  try {
    const run = spawnSync(process.execPath, ['--import', RECORDER, BIN, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', PODCAST_GEN_RECORD_IMPORTS: record },
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    return readFileSync(record, 'utf8').split('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function packagesOf(urls: string[]): Set<string> {
  return new Set(urls.map((url) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1]).filter((name): name is string => Boolean(name)));
}

describe('the built command (node bin/podcast-gen.js)', () => {
  beforeAll(ensureBuilt, 180_000);

  it('prints its version and help, and exits 2 on an unknown flag', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(podcastGen(['--version'])).toStrictEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: '' });
    expect(podcastGen(['check', '--help']).stdout).toMatch(/^podcast-gen check\n/);
    const bad = podcastGen(['--frobnicate']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('podcast-gen: Unknown argument: frobnicate (see podcast-gen --help)\n');
  });

  it('lints the shipped document (exit 0) and `npm run check` finds generated/ current (exit 0)', () => {
    expect(podcastGen(['lint']).code).toBe(0);
    const check = podcastGen(['check']);
    expect(check.stderr + check.stdout).toMatch(/generated\/ is current/);
    expect(check.code).toBe(0);
  });

  it('loads only what each command needs', () => {
    const heavy = ['@redocly/openapi-core', 'openapi-typescript', 'handlebars', 'diff', '@modelcontextprotocol/server', 'zod'];
    for (const args of [['--help'], ['--version'], ['check', '--help']]) {
      const urls = modulesLoadedBy(args);
      expect(
        urls.some((url) => url.endsWith('/dist/cli.js')),
        'the recorder sees modules',
      ).toBe(true);
      const loaded = packagesOf(urls);
      expect(
        heavy.filter((name) => loaded.has(name)),
        args.join(' '),
      ).toStrictEqual([]);
    }
    // lint runs its own bundle (dist/cli/lint-only.js, with redocly inside it), nothing of the emitters.
    const lintUrls = modulesLoadedBy(['lint']);
    expect(lintUrls.some((url) => url.endsWith('/dist/cli/lint-only.js'))).toBe(true);
    expect(lintUrls.filter((url) => url.endsWith('/dist/pipeline.js'))).toStrictEqual([]);
    const lint = packagesOf(lintUrls);
    expect(['openapi-typescript', 'handlebars', 'diff', '@modelcontextprotocol/server', 'zod'].filter((name) => lint.has(name))).toStrictEqual([]);
    const out = tempProject('imports-out');
    let urls: string[];
    try {
      urls = modulesLoadedBy(['--out', out, '--quiet']);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
    const generate = packagesOf(urls);
    expect(generate.has('openapi-typescript')).toBe(true);
    expect(generate.has('@modelcontextprotocol/server')).toBe(false);
    // The built-in templates run precompiled (bin/build.js): Handlebars' runtime, not its compiler;
    // and of openapi-typescript, the parts, not its entry with its own @redocly/openapi-core.
    expect(urls.some((url) => url.includes('/handlebars/dist/cjs/handlebars.runtime.js'))).toBe(true);
    expect(urls.filter((url) => url.includes('/handlebars/dist/cjs/handlebars/compiler/'))).toStrictEqual([]);
    expect(urls.filter((url) => url.includes('/openapi-typescript/dist/index.'))).toStrictEqual([]);
  });

  it('renders precompiled built-in templates beside a template of your own', () => {
    const dir = tempProject('templates-mixed');
    try {
      mkdirSync(join(dir, 'mine'));
      const index = readFileSync(join(ROOT, 'templates', 'index.ts.hbs'), 'utf8');
      writeFileSync(join(dir, 'mine', 'index.ts.hbs'), `${index}// {{names.createClient}} from my template\n`);
      expect(podcastGen(['--out', 'plain', '--quiet'], { cwd: dir }).code).toBe(0);
      expect(podcastGen(['--out', 'mixed', '--templates', 'mine', '--quiet'], { cwd: dir }).code).toBe(0);
      const read = (out: string, file: string) => readFileSync(join(dir, out, file), 'utf8');
      expect(read('mixed', 'index.ts')).toBe(`${read('plain', 'index.ts')}// createPodcastClient from my template\n`);
      const others = readdirSync(join(dir, 'plain'), { recursive: true, withFileTypes: true }).filter(
        (e) => e.isFile() && e.name !== 'index.ts' && e.name !== '.podcast-gen.json',
      );
      expect(others.length).toBeGreaterThan(20);
      for (const entry of others) {
        const file = join(entry.parentPath, entry.name).slice(join(dir, 'plain').length + 1);
        expect(read('mixed', file), file).toBe(read('plain', file));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports bad input from the bundled pipeline as a problem, not as a bug', () => {
    // The pipeline is one bundle (dist/pipeline.cjs, or dist/pipeline.js; bin/build.js); its PodcastGenError must be the CLI's class.
    const run = podcastGen(['--spec', 'no-such-document.yaml', '--out', 'never-written']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^no-such-document\.yaml {2}error {2}load\/missing {2}no such file/m);
    expect(run.stderr).not.toMatch(/a bug in podcast-gen/);
  });

  it('mcp without its configuration says what is missing and exits 1', () => {
    const run = podcastGen(['mcp']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('PODCAST_API_KEY is not set');
    expect(run.stdout).toBe('');
  });

  it('mock --port 0 prints its address and stops cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, [BIN, 'mock', '--port', '0'], { cwd: ROOT, env: { PATH: process.env.PATH ?? '' } });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await waitFor('the mock server address', () => /http:\/\/127\.0\.0\.1:\d+/.test(stdout));
    const url = /http:\/\/127\.0\.0\.1:\d+/.exec(stdout)![0];
    // Without --out or a config, it is the package's podcast mock, and it says so.
    expect(stdout).toMatch(/^podcast-gen mock: serving the mock of podcast-gen\/spec\/podcast\.openapi\.yaml \(.+\); --out or --module serves your own$/m);
    const answer = await fetch(`${url}/open/podcast/v1/quota/summary`, { headers: { 'X-Api-Key': 'test' } });
    expect(answer.status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('mock on a port that is taken exits 1 and says it cannot listen', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as AddressInfo;
    const child = spawn(process.execPath, [BIN, 'mock', '--port', String(port)], { cwd: ROOT, env: { PATH: process.env.PATH ?? '' } });
    try {
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', (exitCode) => resolve(exitCode)));
      expect(code, stdout + stderr).toBe(1);
      expect(stderr).toMatch(new RegExp(`^podcast-gen mock: cannot listen: .*EADDRINUSE.*${port}`, 'm'));
      expect(stderr).toContain('hint: choose another port with --port (0 picks a free one)');
      expect(stdout).not.toContain('listening');
    } finally {
      // Should a regression listen after all, the test times out instead of leaving a server running.
      if (child.exitCode === null) child.kill('SIGTERM');
      holder.close();
    }
  });
});
