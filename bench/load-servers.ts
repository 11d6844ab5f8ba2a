/** The servers of `npm run bench:load` (bench/load.ts): both as the CLI starts them, and a stub of the API for the MCP server's tools. */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Target } from './load-traffic.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TOKEN = 'load-token';
/** The API key both servers are given: the MCP server sends it upstream, the mock takes only it. */
const API_KEY = 'load-key';
const QUOTA = '/open/podcast/v1/quota/summary';
const AVATAR = '/open/podcast/v1/avatars/multi_camera';

/** The podcast API as the MCP server's tools call it: every request answered with the quota summary's fixture. */
export async function startUpstream(): Promise<{ url: string; close(): Promise<void> }> {
  const fixture = JSON.parse(readFileSync(join(ROOT, 'generated', 'fixtures', 'quotaSummary.json'), 'utf8')) as { response: { body: unknown } };
  const body = JSON.stringify(fixture.response.body);
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Starts `podcast-gen mock` or `podcast-gen mcp --http` (the built CLI) on a free port. */
export async function startTarget(name: Target['name'], upstream: string): Promise<Target> {
  const bin = join(ROOT, 'bin', 'podcast-gen.js');
  const args = name === 'mock' ? ['mock', '--port', '0', '--quiet'] : ['mcp', '--http', '--port', '0'];
  const child = spawn(process.execPath, [bin, ...args], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      PODCAST_API_KEY: API_KEY,
      PODCAST_BASE_URL: upstream,
      PODCAST_MCP_TOKENS: `${TOKEN}=podcast.read asset.read podcast.generate`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<URL>((resolve, reject) => {
    let seen = '';
    const look = (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      const match = /(http:\/\/127\.0\.0\.1:\d+)/.exec(seen);
      if (match?.[1]) resolve(new URL(match[1]));
    };
    child.stdout?.on('data', look);
    child.stderr?.on('data', look);
    child.once('exit', (code) => reject(new Error(`podcast-gen ${name} exited with ${code}: ${seen}`)));
  });
  // Keep reading its output, so that a full pipe never stalls it.
  child.stdout?.resume();
  child.stderr?.resume();
  if (name === 'mock') {
    const credential = { 'x-api-key': API_KEY };
    return { name, url, child, credential, bodyPath: AVATAR, normal: { method: 'GET', path: QUOTA, headers: credential } };
  }
  const credential = { authorization: `Bearer ${TOKEN}` };
  const call = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'podcast_quota_summary', arguments: {} } });
  return {
    name,
    url,
    child,
    credential,
    bodyPath: '/mcp',
    normal: {
      method: 'POST',
      path: '/mcp',
      headers: { ...credential, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: call,
    },
  };
}

export async function stopTarget(target: Target): Promise<void> {
  if (target.child.exitCode !== null) return;
  const exited = new Promise((resolve) => target.child.once('exit', resolve));
  target.child.kill('SIGTERM');
  const timer = setTimeout(() => target.child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** A process's resident memory in MB (Linux /proc, else `ps`). */
export function rssMb(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    if (match) return Number(match[1]) / 1024;
  } catch {
    // Not Linux: ask ps below.
  }
  try {
    return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) / 1024;
  } catch {
    return Number.NaN;
  }
}
