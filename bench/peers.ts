/**
 * The generators measured beside podcast-gen, installed into a temporary folder (never as project
 * dependencies), and the command line each runs for one document.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the benchmark installs: the peers, openapi-fetch for the per-call comparison, GitHub's document. */
export const PEER_PACKAGES = ['@hey-api/openapi-ts', 'orval', 'openapi-typescript', 'openapi-fetch', 'zod', '@octokit/openapi'];

/** Installs the peers into `dir` (once; reused when present). */
export function installPeers(dir: string): Record<string, string> {
  mkdirSync(dir, { recursive: true });
  if (!existsSync(join(dir, 'node_modules', 'orval'))) {
    writeFileSync(join(dir, 'package.json'), '{ "private": true, "type": "module" }\n');
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const result = spawnSync(npm, ['install', '--prefix', dir, '--no-audit', '--no-fund', '--ignore-scripts', ...PEER_PACKAGES], { stdio: 'inherit' });
    if (result.status !== 0) throw new Error('installing the peers failed');
  }
  return Object.fromEntries(
    PEER_PACKAGES.map((name) => [name, (JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version]),
  );
}

/** One generator: a name, what it generates, and the argv of a cold run for a document. */
export interface Tool {
  name: string;
  generates: string;
  /** Program and arguments; `out` is the folder the run writes (a new one for each run). */
  command(spec: string, out: string, lintConfig?: string): { program: string; args: string[]; env?: NodeJS.ProcessEnv };
}

/** podcast-gen and the peers, all run as `node <bin>` so process start is alike. */
export function tools(options: { root: string; peers: string }): Tool[] {
  const bin = (pkg: string, path: string) => join(options.peers, 'node_modules', pkg, path);
  const podcastGen: Tool['command'] = (spec, out, lintConfig) => ({
    program: process.execPath,
    args: [
      join(options.root, 'bin', 'podcast-gen.js'),
      'generate',
      '--spec',
      spec,
      '--out',
      out,
      '--quiet',
      ...(lintConfig ? ['--lint-config', lintConfig] : []),
    ],
  });
  return [
    { name: 'podcast-gen', generates: 'types, client, zod, MCP, fixtures, mock', command: podcastGen },
    {
      // The same work as openapi-typescript's CLI: the types alone (`--outputs types`).
      name: 'podcast-gen-types',
      generates: 'types',
      command: (spec, out, lintConfig) => {
        const full = podcastGen(spec, out, lintConfig);
        return { ...full, args: [...full.args, '--outputs', 'types'] };
      },
    },
    {
      name: 'hey-api',
      generates: 'types, fetch client (sdk), zod',
      command: (spec, out) => ({
        program: process.execPath,
        args: [
          bin('@hey-api/openapi-ts', 'bin/run.js'),
          '-i',
          spec,
          '-o',
          out,
          '-c',
          '@hey-api/client-fetch',
          '-p',
          '@hey-api/typescript',
          '@hey-api/sdk',
          'zod',
          '-s',
          '--no-log-file',
        ],
      }),
    },
    {
      name: 'orval',
      generates: 'fetch client, zod',
      command: (spec, out) => {
        const config = `${out}.orval.config.cjs`;
        writeFileSync(
          config,
          `module.exports = ${JSON.stringify({
            api: { input: spec, output: { target: join(out, 'client.ts'), client: 'fetch', mode: 'single' } },
            apiZod: { input: spec, output: { target: join(out, 'zod.ts'), client: 'zod', mode: 'single' } },
          })};\n`,
        );
        return { program: process.execPath, args: [bin('orval', 'dist/bin/orval.js'), '--config', config] };
      },
    },
    {
      name: 'openapi-typescript',
      generates: 'types only',
      command: (spec, out) => ({ program: process.execPath, args: [bin('openapi-typescript', 'bin/cli.js'), spec, '-o', join(out, 'types.ts')] }),
    },
  ];
}
