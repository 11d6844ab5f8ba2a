/**
 * `podcast-gen mock`: the generated offline mock server (`generated/mock/`) on a port, until
 * SIGINT/SIGTERM (or the CLI's stop signal). Prints the address it listens on, so `--port 0` works.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importModule } from '../cli/import-module.js';

/** Options of {@link runMock} (the CLI passes its parsed flags). */
export interface MockCommandOptions {
  /** Port to listen on; 0 picks a free one. Default 4010. */
  port?: number;
  /** Address to listen on. Default 127.0.0.1. */
  host?: string;
  /** Delay before every answer, in milliseconds. */
  latencyMs?: number;
  /** The generated mock module (`<out>/mock/index.ts` or `.js`); default: the podcast mock shipped with podcast-gen. */
  module?: string;
  /** Stops the server. Without one, SIGINT and SIGTERM do. */
  signal?: AbortSignal;
  /** Print only the address (no request log). */
  quiet?: boolean;
  stdout?(text: string): void;
  stderr?(text: string): void;
  /** Working directory `module` is resolved against. */
  cwd?: string;
}

/** What the generated `mock/index` module exports and this command uses. */
interface GeneratedMock {
  startMockServer(options: {
    port?: number;
    host?: string;
    latencyMs?: number;
    onRequest?(request: { method: string; path: string; operationId?: string; status?: number; fault?: string }): void;
  }): Promise<{ url: string; close(): Promise<void> }>;
}

/** The default port of `podcast-gen mock` (Prism's, so existing setups keep working). */
export const DEFAULT_MOCK_PORT = 4010;

/** Runs the mock server until stopped; resolves to the exit code (0 after a clean stop). */
export async function runMock(options: MockCommandOptions = {}): Promise<number> {
  const stdout = options.stdout ?? ((text: string) => void process.stdout.write(text));
  const stderr = options.stderr ?? ((text: string) => void process.stderr.write(text));
  const { startMockServer } = await loadMock(options);
  const log = options.quiet
    ? undefined
    : (r: { method: string; path: string; operationId?: string; status?: number; fault?: string }) =>
        stdout(`${r.method} ${r.path} -> ${r.fault && r.status === undefined ? r.fault : (r.status ?? '-')}${r.operationId ? ` (${r.operationId}${r.fault ? `, fault ${r.fault}` : ''})` : ''}\n`);
  let server: Awaited<ReturnType<GeneratedMock['startMockServer']>>;
  try {
    server = await startMockServer({
      port: options.port ?? DEFAULT_MOCK_PORT,
      host: options.host ?? '127.0.0.1',
      ...(options.latencyMs ? { latencyMs: options.latencyMs } : {}),
      ...(log ? { onRequest: log } : {}),
    });
  } catch (error) {
    stderr(`podcast-gen mock: cannot listen: ${(error as Error).message}\n  hint: choose another port with --port (0 picks a free one)\n`);
    return 1;
  }
  stdout(options.quiet ? `${server.url}\n` : `podcast-gen mock: listening on ${server.url} (stop with Ctrl+C)\n`);
  await stopRequested(options.signal);
  await server.close();
  if (!options.quiet) stdout('podcast-gen mock: stopped\n');
  return 0;
}

/** Resolves when `signal` aborts, or (without one) on the first SIGINT or SIGTERM. */
function stopRequested(signal: AbortSignal | undefined): Promise<void> {
  if (signal) {
    return new Promise((done) => (signal.aborted ? done() : signal.addEventListener('abort', () => done(), { once: true })));
  }
  return new Promise((done) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      done();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/**
 * The generated mock: an explicit module, else compiled JavaScript beside the built CLI, else the
 * repository's `generated/` (TypeScript, when running under tsx).
 */
async function loadMock(options: MockCommandOptions): Promise<GeneratedMock> {
  let module: Record<string, unknown>;
  if (options.module) {
    const file = resolve(options.cwd ?? process.cwd(), options.module);
    if (!existsSync(file)) throw new Error(`no generated mock at ${options.module}; run \`npx podcast-gen\` first`);
    module = await importModule(file, options.cwd ?? process.cwd());
  } else {
    const folder = ['../generated/', '../../generated/'].map((p) => new URL(p, import.meta.url)).find((url) => ['mock/index.js', 'mock/index.ts'].some((f) => existsSync(fileURLToPath(new URL(f, url)))));
    if (!folder) throw new Error('the generated mock server is missing; run `npx podcast-gen` to generate it');
    module = (await import(new URL('mock/index.js', folder).href)) as Record<string, unknown>;
  }
  if (typeof module.startMockServer !== 'function') throw new Error('the generated mock module does not export startMockServer; regenerate it');
  return module as unknown as GeneratedMock;
}
