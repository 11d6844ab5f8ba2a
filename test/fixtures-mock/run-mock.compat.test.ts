import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../cli/helpers/build.js';
import { ROOT } from '../helpers/paths.js';

const SCRIPT = join(ROOT, 'test', 'fixtures-mock', 'run-mock-main.ts');
let child: ChildProcess | undefined;

afterEach(() => {
  if (child && child.exitCode === null && child.pid !== undefined) child.kill('SIGKILL');
  child = undefined;
});

/** Starts the mock command as a process and waits for the address it prints. */
async function startProcess(argv: string[] = ['--import', 'tsx', SCRIPT]): Promise<{ url: string; output: () => string; exit: Promise<number | null> }> {
  const proc = spawn(process.execPath, argv, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  child = proc;
  let stdout = '';
  let stderr = '';
  proc.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    proc.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
      if (match) resolve(match[1] as string);
    });
    void exit.then((code) => reject(new Error(`exited with ${code} before listening: ${stdout}${stderr}`)));
  });
  return { url, output: () => stdout, exit };
}

describe('podcast-gen mock (runMock as a process)', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`prints the address it listens on with port 0, serves, and stops cleanly on ${signal}`, async () => {
      const { url, output, exit } = await startProcess();
      expect(url).not.toMatch(/:0$/);
      const response = await fetch(`${url}/open/podcast/v1/voices/clone/allowance`, { headers: { 'x-api-key': 'k' } });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { data: unknown }).data).toStrictEqual({ free_count: 2 });
      child?.kill(signal);
      expect(await exit).toBe(0);
      expect(output()).toContain('GET /open/podcast/v1/voices/clone/allowance -> 200 (getVoiceCloneAllowance)');
      expect(output()).toContain('podcast-gen mock: stopped');
      await expect(fetch(url)).rejects.toThrow();
    });
  }
});

describe('podcast-gen mock --cors-origins', () => {
  beforeAll(ensureBuilt, 180_000);
  const preflight = (url: string, origin: string) =>
    fetch(`${url}/open/podcast/v1/quota/summary`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-api-key' },
    });

  it('answers preflights from any origin by default', async () => {
    const { url } = await startProcess([join(ROOT, 'bin', 'podcast-gen.js'), 'mock', '--port', '0']);
    const answer = await preflight(url, 'http://localhost:5173');
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  });

  it('lets in only the listed origins', async () => {
    const { url } = await startProcess([
      join(ROOT, 'bin', 'podcast-gen.js'),
      'mock',
      '--port',
      '0',
      '--cors-origins',
      'http://localhost:5173,https://app.example',
    ]);
    expect((await preflight(url, 'https://app.example')).headers.get('access-control-allow-origin')).toBe('https://app.example');
    const refused = await preflight(url, 'http://evil.example');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses an entry that is no origin, naming it', async () => {
    const proc = spawn(process.execPath, [join(ROOT, 'bin', 'podcast-gen.js'), 'mock', '--port', '0', '--cors-origins', 'localhost:5173/app'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    let stderr = '';
    proc.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => proc.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('--cors-origins');
    expect(stderr).toContain('localhost:5173/app');
  });
});
