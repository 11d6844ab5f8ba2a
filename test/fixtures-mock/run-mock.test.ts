import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';

const SCRIPT = join(ROOT, 'test', 'fixtures-mock', 'run-mock-main.ts');
let child: ChildProcess | undefined;

afterEach(() => {
  if (child && child.exitCode === null && child.pid !== undefined) child.kill('SIGKILL');
  child = undefined;
});

/** Starts the mock command as a process and waits for the address it prints. */
async function startProcess(): Promise<{ url: string; output: () => string; exit: Promise<number | null> }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', SCRIPT], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
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
