/**
 * How runtimes.compat.test.ts runs its two bundles on workerd (Cloudflare Workers' runtime): each as
 * a module worker of one workerd process, asked over HTTP.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { WireCheck, WireServers } from './wire-checks.js';

/** What one run of the bundle gives: the client's wire checks (wire-checks.ts) and the MSW output's (msw-checks.ts). */
export interface Outcome {
  wire: WireCheck[];
  msw: WireCheck[];
}

/** A free port on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The checks run by workerd, each bundle as a module worker on a port of its own, asked once over
 * HTTP: the wire checks' worker allowed to reach 127.0.0.1; the MSW checks' with `nodejs_compat`
 * from 2025-09-15 on (a `process` with Node's version), without which msw 2 does not load there: its
 * cookie store, outside Node, asks for `localStorage` (docs/msw.md).
 */
export async function viaWorkerd(options: { dir: string; bin: string; servers: WireServers }): Promise<Outcome> {
  const { dir, bin, servers } = options;
  const [wirePort, mswPort] = [await freePort(), await freePort()];
  const worker = (name: string, settings: string) =>
    `const ${name} :Workerd.Worker = (
  modules = [(name = "${name}-worker.mjs", esModule = embed "${name}-worker.mjs"), (name = "${name}.mjs", esModule = embed "${name}.mjs")],
  ${settings}
);
`;
  writeFileSync(
    join(dir, 'config.capnp'),
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "wire", worker = .wire),
    (name = "msw", worker = .msw),
    (name = "loopback", network = (allow = ["public", "private", "local"])),
  ],
  sockets = [
    (name = "wire", address = "127.0.0.1:${wirePort}", http = (), service = "wire"),
    (name = "msw", address = "127.0.0.1:${mswPort}", http = (), service = "msw"),
  ],
);
${worker('wire', 'compatibilityDate = "2024-09-23", globalOutbound = "loopback",')}${worker('msw', 'compatibilityDate = "2025-09-15", compatibilityFlags = ["nodejs_compat"],')}`,
  );
  const child = spawn(join(bin, 'workerd'), ['serve', join(dir, 'config.capnp'), '--verbose'], { cwd: dir });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const ask = async (url: string): Promise<WireCheck[]> => {
    for (let i = 0; i < 100; i++) {
      const answer = await fetch(url).catch(() => undefined);
      if (answer) return (await answer.json()) as WireCheck[];
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`workerd did not answer: ${stderr.slice(0, 500)}`);
  };
  try {
    const wire = await ask(`http://127.0.0.1:${wirePort}/?servers=${encodeURIComponent(JSON.stringify(servers))}`);
    return { wire, msw: await ask(`http://127.0.0.1:${mswPort}/`) };
  } finally {
    child.kill();
  }
}
