/**
 * A guard against generation slipping back (issue 40), not a timed test: on GitHub's document, the
 * shipped command (every output) and openapi-typescript's CLI (the types alone, the floor of this
 * stack) run in turn, several times, in this same run; the ratio of their CPU times (user + system,
 * the work each did, which another process on the machine does not add to, unlike the wall time)
 * must stay within 1.3 times the ratio recorded in bench/speed-guard.json, and the bytes of each
 * output within 1.3 times those recorded (counted, not timed). A change that makes generation
 * slower on purpose records its new figures there (the test prints them), with the reason in its
 * commit.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';
import { ensureBuilt } from './helpers/build.js';

const GITHUB = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');
const OPENAPI_TYPESCRIPT = join(createRequire(import.meta.url).resolve('openapi-typescript/package.json'), '..', 'bin', 'cli.js');
const RECORD = join(ROOT, 'bench', 'speed-guard.json');
const OUT = join(ROOT, 'test', '.tmp', 'speed-guard');

/** Past this many times the recorded figure, the run fails. */
const TOLERANCE = 1.3;
const ROUNDS = 3;

interface GuardRecord {
  document: string;
  /** podcast-gen's CPU time over openapi-typescript's, median over median. */
  cpuRatio: number;
  /** Bytes of each output (a top-level file or folder of the output). */
  bytes: Record<string, number>;
}

/** Linux's /proc gives a child's CPU time; elsewhere the guard does not look, and says so. */
const CAN_MEASURE = existsSync('/proc/self/stat') && existsSync('/bin/sh');

/**
 * The CPU seconds (user + system) a command used, read from the shell that waited for it: once a
 * child is reaped, its times are in its parent's `cutime` and `cstime` (fields 16 and 17 of
 * /proc/<pid>/stat, counted after the command name, which may hold spaces).
 */
function cpuSeconds(argv: readonly string[], env: NodeJS.ProcessEnv = {}): number {
  const script = '"$0" "$@" >/dev/null 2>&1; status=$?; cat /proc/$$/stat; exit $status';
  const result = spawnSync('/bin/sh', ['-c', script, ...argv], { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 600_000 });
  expect(result.status, `${argv.join(' ')}\n${result.stderr}`).toBe(0);
  const fields = result.stdout.slice(result.stdout.lastIndexOf(')') + 2).split(' ');
  // After the command name: state is field 3, so cutime (16) and cstime (17) are at 13 and 14 here.
  return (Number(fields[13]) + Number(fields[14])) / clockTicks();
}

let ticks: number | undefined;
function clockTicks(): number {
  ticks ??= Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
  return ticks;
}

/** The bytes under each top-level entry of a folder. */
function bytesByOutput(folder: string): Record<string, number> {
  const size = (path: string): number =>
    statSync(path).isDirectory() ? readdirSync(path).reduce((sum, name) => sum + size(join(path, name)), 0) : statSync(path).size;
  return Object.fromEntries(
    readdirSync(folder)
      .filter((name) => !name.startsWith('.'))
      .sort()
      .map((name) => [name, size(join(folder, name))]),
  );
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

describe.skipIf(!CAN_MEASURE)("generation beside openapi-typescript's on GitHub's document", () => {
  const record = JSON.parse(readFileSync(RECORD, 'utf8')) as GuardRecord;
  const measured = { ours: [] as number[], theirs: [] as number[], bytes: {} as Record<string, number> };

  beforeAll(async () => {
    await ensureBuilt();
    // Interleaved, so that a drift of the machine's speed falls on both alike.
    for (let round = 0; round < ROUNDS; round++) {
      rmSync(OUT, { recursive: true, force: true });
      measured.ours.push(cpuSeconds([process.execPath, join(ROOT, 'bin', 'podcast-gen.js'), 'generate', '--spec', GITHUB, '--out', OUT, '--quiet']));
      measured.bytes = bytesByOutput(OUT);
      rmSync(OUT, { recursive: true, force: true });
      measured.theirs.push(cpuSeconds([process.execPath, OPENAPI_TYPESCRIPT, GITHUB, '-o', join(OUT, 'types.ts')]));
    }
    rmSync(OUT, { recursive: true, force: true });
    const ratio = median(measured.ours) / median(measured.theirs);
    console.log(
      `speed guard: podcast-gen ${measured.ours.map((s) => s.toFixed(2)).join(', ')} s of CPU, openapi-typescript ${measured.theirs.map((s) => s.toFixed(2)).join(', ')} s: ratio ${ratio.toFixed(2)} (recorded ${record.cpuRatio}); bytes ${JSON.stringify(measured.bytes)}`,
    );
  }, 900_000);
  afterAll(() => rmSync(OUT, { recursive: true, force: true }));

  it(`takes at most ${TOLERANCE} times the recorded ratio of CPU time to openapi-typescript's`, () => {
    expect(record.document).toBe('github');
    const ratio = median(measured.ours) / median(measured.theirs);
    expect(ratio, `CPU time ratio ${ratio.toFixed(2)} against the recorded ${record.cpuRatio}`).toBeLessThanOrEqual(record.cpuRatio * TOLERANCE);
  });

  it(`writes at most ${TOLERANCE} times the recorded bytes of each output, and no output the record lacks`, () => {
    expect(Object.keys(measured.bytes)).toStrictEqual(Object.keys(record.bytes));
    for (const [output, bytes] of Object.entries(measured.bytes)) {
      expect(bytes, `${output}: ${bytes} bytes against the recorded ${record.bytes[output]}`).toBeLessThanOrEqual((record.bytes[output] ?? 0) * TOLERANCE);
    }
  });
});
