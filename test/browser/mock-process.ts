import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../helpers/paths.js';

/** `podcast-gen mock` as its own process, and what it printed. */
export interface MockProcess {
  url: string;
  output(): string;
  /** Stops it (SIGTERM, then SIGKILL after a bounded wait) and resolves once it has exited. */
  stop(): Promise<void>;
}

/** Starts `podcast-gen mock --port 0` as a user does and waits, at most `timeoutMs`, for the address it prints. */
export async function startMockProcess(timeoutMs: number): Promise<MockProcess> {
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'podcast-gen.js'), 'mock', '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(killer);
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`podcast-gen mock printed no address within ${timeoutMs} ms:\n${stdout}${stderr}`)), timeoutMs);
      const look = () => {
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
        if (!match) return;
        clearTimeout(timer);
        resolve(match[1] as string);
      };
      child.stdout.on('data', look);
      void exited.then(() => {
        clearTimeout(timer);
        reject(new Error(`podcast-gen mock exited (${child.exitCode ?? child.signalCode}) before listening:\n${stdout}${stderr}`));
      });
    });
    return { url, output: () => stdout, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
