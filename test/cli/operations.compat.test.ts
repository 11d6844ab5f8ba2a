import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_DOCS, ROOT } from '../helpers/paths.js';
import { TSC } from '../helpers/tsc.js';
import { ensureBuilt } from './helpers/build.js';
import { tempProject } from './helpers/run-cli.js';

const BIN = join(ROOT, 'bin', 'podcast-gen.js');

/** The built command, as a user runs it, in `cwd`. */
function podcastGen(args: string[], cwd: string) {
  const run = spawnSync(process.execPath, [BIN, ...args], { cwd, env: { PATH: process.env.PATH ?? '' }, encoding: 'utf8', input: '' });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** `--include`/`--exclude` through the shipped command: the warning, the exit code, and a slice that compiles. */
describe('podcast-gen --include/--exclude, spawned', () => {
  let dir = '';
  beforeAll(async () => {
    await ensureBuilt();
    dir = tempProject('operations-spawned');
    mkdirSync(join(dir, 'api'));
    cpSync(join(FIXTURE_DOCS, 'select', 'pets.yaml'), join(dir, 'api', 'pets.yaml'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('generates a slice that compiles, warns of a selector matching nothing, and names the API from its title', () => {
    const run = podcastGen(['--spec', 'api/pets.yaml', '--out', 'out', '--include', 'tag:owners', '--include', 'tag:cats'], dir);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('api/pets.yaml  warn  select/no-match  selector "tag:cats" matches no operation');
    expect(run.stdout).toMatch(/^podcast-gen: 1 operation from api\/pets\.yaml -> out\//m);
    expect(run.stdout).toContain("podcast-gen: named PetStore (from the document's title): createPetStoreClient, PET_STORE_*\n");
    expect(readFileSync(join(dir, 'out', 'types.ts'), 'utf8')).not.toContain('NewPet');
    const options = { strict: true, exactOptionalPropertyTypes: true, noEmit: true, target: 'es2022', module: 'nodenext', types: [], skipLibCheck: true };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: options, include: ['out/**/*.ts'] }));
    const tsc = spawnSync(process.execPath, [TSC, '-p', 'tsconfig.json'], { cwd: dir, encoding: 'utf8' });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  });

  it('an --include that leaves nothing exits 2, naming the selectors, and writes nothing', () => {
    const run = podcastGen(['--spec', 'api/pets.yaml', '--out', 'empty', '--include', 'tag:cats'], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('select/nothing-left  the selection leaves no operation: --include "tag:cats"');
    expect(run.stderr).not.toContain('    at ');
    expect(existsSync(join(dir, 'empty'))).toBe(false);
  });
});
