/**
 * The projects of the project matrix (project-matrix.compat.test.ts): podcast-gen's packed tarball
 * installed with npm or pnpm, with or without tsx, and the kinds of folder a user runs it in.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, SPEC } from '../../helpers/paths.js';

export type PackageManager = 'npm' | 'pnpm';
/** ESM package, CommonJS package (no "type"), `"type": "commonjs"`, no package.json, a folder outside any project. */
export type ProjectKind = 'esm' | 'cjs' | 'commonjs' | 'none' | 'outside';
export const PROJECT_KINDS: readonly ProjectKind[] = ['esm', 'cjs', 'commonjs', 'none', 'outside'];

/** The package.json each kind has (undefined: none). */
const MANIFESTS: Record<ProjectKind, object | undefined> = {
  esm: { name: 'esm-project', private: true, type: 'module' },
  cjs: { name: 'cjs-project', private: true },
  commonjs: { name: 'commonjs-project', private: true, type: 'commonjs' },
  none: undefined,
  outside: undefined,
};

const installed = (name: string) => (JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

/** The environment of every command: no inherited npm or pnpm settings, no credentials. */
export const BASE_ENV = {
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '',
  npm_config_update_notifier: 'false',
  npm_config_fund: 'false',
  npm_config_audit: 'false',
};

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, env: BASE_ENV, encoding: 'utf8', timeout: 600_000 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
}

/** `npm pack` of the built package into `work`, unless PODCAST_GEN_MATRIX_TARBALL names one (another build to compare). */
export function packPodcastGen(work: string): string {
  const given = process.env.PODCAST_GEN_MATRIX_TARBALL;
  if (given) return given;
  const packed = spawnSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], { cwd: ROOT, env: BASE_ENV, encoding: 'utf8' });
  if (packed.status !== 0) throw new Error(`npm pack failed: ${packed.stderr}`);
  const [info] = JSON.parse(packed.stdout) as { filename: string }[];
  return join(work, info?.filename ?? '');
}

/**
 * Installs podcast-gen (and zod, its peer; and tsx when asked) into `folder` with `manager`, then
 * removes the folder's package.json and lock file: the projects below it are what decide their
 * package type, and they find these packages by walking up, as in a workspace. Scripts are not
 * run (npm 11 and pnpm ask for each package's approval; esbuild's binary comes as a package).
 */
export function installPodcastGen(options: { manager: PackageManager; tsx: boolean; folder: string; tarball: string }): void {
  const { manager, tsx, folder, tarball } = options;
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'matrix-install', private: true }));
  const packages = [tarball, `zod@${installed('zod')}`, ...(tsx ? [`tsx@${installed('tsx')}`] : [])];
  if (manager === 'npm') run('npm', ['install', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund', ...packages], folder);
  else run(join(ROOT, 'node_modules', '.bin', 'pnpm'), ['add', '--prefer-offline', '--ignore-scripts', ...packages], folder);
  for (const file of ['package.json', 'package-lock.json', 'pnpm-lock.yaml']) rmSync(join(folder, file), { force: true });
}

/**
 * A project of `kind` holding the podcast document, below `install` (its packages found from there)
 * with a `podcast-gen.config.ts` naming the document and the output folder; or for `outside`, in
 * `outside`, a folder no project contains, where podcast-gen is run with flags.
 */
export function makeProject(kind: ProjectKind, install: string, outside: string): string {
  const dir = kind === 'outside' ? outside : join(install, kind);
  mkdirSync(dir, { recursive: true });
  const manifest = MANIFESTS[kind];
  if (manifest) writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest));
  cpSync(SPEC, join(dir, 'api.yaml'));
  if (kind !== 'outside')
    writeFileSync(
      join(dir, 'podcast-gen.config.ts'),
      "import { defineConfig } from 'podcast-gen';\n\nconst out: string = 'src/api';\nexport default defineConfig({ spec: 'api.yaml', out });\n",
    );
  // `verify --config memory.json`: the same document, no output folder, so the code is generated in memory.
  writeFileSync(join(dir, 'memory.json'), JSON.stringify({ spec: 'api.yaml' }));
  return dir;
}
