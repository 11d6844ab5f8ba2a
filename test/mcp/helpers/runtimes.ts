/**
 * The deployments of docs/mcp.md, run as written: each example's code is taken from the page, put
 * in a project beside the generated podcast output, and started in its runtime (workerd, Deno, Bun,
 * or the container's command on Node). Each resolves once it answers HTTP, and stops by its pid.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { GENERATED, ROOT } from '../../helpers/paths.js';

/** The examples of docs/mcp.md, by the name of their `<!-- example: name -->` marker. */
export function docExamples(): Map<string, string> {
  const text = readFileSync(join(ROOT, 'docs', 'mcp.md'), 'utf8');
  return new Map([...text.matchAll(/<!-- example: ([\w-]+) -->\n```\w+\n([\s\S]*?)```/g)].map((m) => [m[1] as string, m[2] as string]));
}

/** A free TCP port on loopback (the runtime is told it: its resource URL names it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A project folder under test/.tmp (so packages resolve from the repository) holding the generated output at `generated/` and `src/api/`. */
export function exampleProject(): { dir: string; remove(): void } {
  mkdirSync(join(ROOT, 'test', '.tmp'), { recursive: true });
  const dir = mkdtempSync(join(ROOT, 'test', '.tmp', 'runtimes-'));
  writeFileSync(join(dir, 'package.json'), '{ "type": "module", "private": true }\n');
  cpSync(GENERATED, join(dir, 'generated'), { recursive: true });
  cpSync(GENERATED, join(dir, 'src', 'api'), { recursive: true });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A started runtime: its output so far, and how to stop it. */
export interface Running {
  name: string;
  output(): string;
  stop(): Promise<void>;
}

const BIN = join(ROOT, 'node_modules', '.bin');

/**
 * Starts `name`'s example on `port` with `env`, and resolves once it answers HTTP (its Protected
 * Resource Metadata), or rejects with its output when it exits or does not answer within the time.
 */
export async function startExample(name: 'workers' | 'deno' | 'bun' | 'container', options: { dir: string; port: number; env: Record<string, string> }) {
  const { dir, port, env } = options;
  const code = docExamples().get(name);
  if (code === undefined) throw new Error(`docs/mcp.md has no example named ${name}`);
  const environment = { ...process.env, ...env, PORT: String(port) };
  let child: ChildProcess;
  if (name === 'workers') {
    writeFileSync(join(dir, 'worker.ts'), code);
    // As wrangler bundles a Worker: one ES module, with the workerd conditions.
    buildSync({
      entryPoints: [join(dir, 'worker.ts')],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      conditions: ['workerd', 'worker', 'browser'],
      outfile: join(dir, 'worker.js'),
      logLevel: 'error',
    });
    writeFileSync(join(dir, 'config.capnp'), workerdConfig(port, env));
    child = spawn(join(BIN, 'workerd'), ['serve', 'config.capnp'], { cwd: dir, env: environment });
  } else if (name === 'deno') {
    writeFileSync(join(dir, 'main.ts'), code);
    // As docs/mcp.md says to run it, on the test's address.
    const args = ['serve', '--allow-net', '--allow-env', '--sloppy-imports', '--host', '127.0.0.1', '--port', String(port), 'main.ts'];
    child = spawn(join(BIN, 'deno'), args, { cwd: dir, env: { ...environment, DENO_NO_UPDATE_CHECK: '1' } });
  } else if (name === 'bun') {
    writeFileSync(join(dir, 'main.ts'), code);
    child = spawn(join(BIN, 'bun'), ['run', 'main.ts'], { cwd: dir, env: environment });
  } else {
    // The image's CMD, with podcast-gen from this repository in place of npx, on the test's port.
    const cmd = /^CMD (\[.*\])$/m.exec(code)?.[1];
    if (!cmd) throw new Error('the container example has no CMD');
    const args = (JSON.parse(cmd) as string[]).slice(2).map((arg) => (arg === '8080' ? String(port) : arg));
    child = spawn(process.execPath, [join(ROOT, 'bin', 'podcast-gen.js'), ...args], { cwd: dir, env: environment });
  }
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running: Running = {
    name,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.pid !== undefined) child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}):\n${output}`);
    const answer = await fetch(`http://127.0.0.1:${port}/.well-known/oauth-protected-resource/mcp`).catch(() => undefined);
    if (answer?.status === 200) return running;
    if (Date.now() > deadline) {
      await running.stop();
      throw new Error(`${name} did not answer on port ${port} within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** workerd's configuration: the bundled Worker with the variables as text bindings, let out to loopback (the stub API and the issuer). */
function workerdConfig(port: number, env: Record<string, string>): string {
  const bindings = Object.entries(env)
    .map(([name, value]) => `(name = ${JSON.stringify(name)}, text = ${JSON.stringify(value)})`)
    .join(', ');
  return `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "main", worker = .worker),
    (name = "internet", network = (allow = ["public", "private", "local"])),
  ],
  sockets = [ (name = "http", address = "127.0.0.1:${port}", http = (), service = "main") ],
);
const worker :Workerd.Worker = (
  modules = [ (name = "worker.js", esModule = embed "worker.js") ],
  compatibilityDate = "2025-09-01",
  bindings = [ ${bindings} ],
  globalOutbound = "internet",
);
`;
}
