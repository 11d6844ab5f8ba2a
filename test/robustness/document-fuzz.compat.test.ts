/**
 * The document fuzzer: mutated documents (the podcast document and public ones of other shapes)
 * through every entry point that reads one, each in a worker thread with a heap and a time limit.
 * Each run must end in one of two ways: it generates (lints, checks, reports a diff of the original
 * and the mutated document), or it stops with problems that each name file:line:col (a diff's: a
 * code and a message), a code and a message, exit code 1. Deterministic by seed:
 * `FUZZ_SEED`, `FUZZ_RUNS` and `FUZZ_ONLY` (one case's index) replay what a run found.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseYaml, stringifyYaml } from '@redocly/openapi-core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempProject } from '../cli/helpers/run-cli.js';
import { ROOT, SPEC } from '../helpers/paths.js';
import { FuzzPool, type Entry, type JobResult } from './helpers/fuzz-pool.js';
import { judge, type Outcome } from './helpers/fuzz-outcome.js';
import { MUTATION_KINDS, mutateDocument, type Json, type Mutation } from './helpers/mutate-document.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20_250_611);
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const ONLY = process.env.FUZZ_ONLY === undefined ? undefined : Number(process.env.FUZZ_ONLY);
/** Valid recursive references only: every one of these must generate. */
const RECURSIVE_RUNS = Math.max(12, Math.round(RUNS / 20));
/** `podcast-gen diff` of (original, mutated): each run loads two documents; one in eight proves by compiling. */
const DIFF_RUNS = Math.max(12, Math.round(RUNS / 5));

/** A run's bounds: the podcast document takes a fraction of them, so reaching one is the finding. */
const LIMITS = { maxOldGenerationSizeMb: 512, stackSizeMb: 1, timeoutMs: 30_000 };

/** The documents mutated, read from node_modules at test time: one of each shape the generator reads. */
const BASES: { name: string; path: string }[] = [
  { name: 'podcast (3.0)', path: SPEC },
  { name: 'petstore (Swagger 2.0)', path: join(ROOT, 'node_modules/@readme/oas-examples/2.0/json/petstore.json') },
  { name: 'train-travel (3.1)', path: join(ROOT, 'node_modules/@readme/oas-examples/3.1/json/train-travel.json') },
  { name: 'discriminators (3.0)', path: join(ROOT, 'node_modules/@readme/oas-examples/3.0/json/discriminators.json') },
];

interface FuzzCase {
  base: number;
  format: 'yaml' | 'json';
  entry: Entry;
  mutations: Mutation[];
}

const mutation = (kinds: readonly Mutation['kind'][]) =>
  fc.record({
    kind: fc.constantFrom(...kinds),
    pool: fc.constantFrom('any' as const, 'structural' as const, 'structural' as const, 'ref' as const),
    pick: fc.nat(),
    variant: fc.nat(),
  });

const fuzzCase = (kinds: readonly Mutation['kind'][]): fc.Arbitrary<FuzzCase> =>
  fc.record({
    // The podcast document twice as often: it is the one podcast-gen is for.
    base: fc.constantFrom(0, 0, 1, 2, 3),
    format: fc.constantFrom('yaml' as const, 'json' as const),
    entry: fc.constantFrom('generate' as const, 'generate' as const, 'lint' as const, 'check' as const),
    mutations: fc.array(mutation(kinds), { minLength: 1, maxLength: 3 }),
  });

/** One case's run and how it ended. */
interface Ran {
  index: number;
  fuzzCase: FuzzCase;
  result: JobResult;
  outcome: Outcome;
}

describe('the document fuzzer', () => {
  let pool: FuzzPool;
  let batch: string;
  let documents: Json[];

  beforeAll(async () => {
    documents = BASES.map(({ path }) => (path.endsWith('.json') ? JSON.parse(readFileSync(path, 'utf8')) : parseYaml(readFileSync(path, 'utf8'))) as Json);
    batch = tempProject('fuzz');
    pool = new FuzzPool(2, LIMITS);
    await pool.ready();
  });

  afterAll(async () => {
    await pool?.close();
    if (batch && !process.env.FUZZ_KEEP) rmSync(batch, { recursive: true, force: true });
  });

  /** Writes each case's document to its own folder and runs the cases two at a time. */
  async function runCases(label: string, cases: FuzzCase[]): Promise<Ran[]> {
    const ran: Ran[] = [];
    let next = 0;
    const started = performance.now();
    const indexes = cases.map((_, index) => index).filter((index) => ONLY === undefined || index === ONLY);
    const lane = async () => {
      while (next < indexes.length) {
        const index = indexes[next++] as number;
        const fuzzCase = cases[index] as FuzzCase;
        const dir = join(batch, `${label}-${index}`);
        const out = join(dir, 'out');
        mkdirSync(out, { recursive: true });
        const file = join(dir, `api.${fuzzCase.format}`);
        writeFileSync(file, serialize(mutateDocument(documents[fuzzCase.base] as Json, fuzzCase.mutations), fuzzCase.format));
        const original = join(dir, `original.${fuzzCase.format}`);
        if (fuzzCase.entry === 'diff') writeFileSync(original, serialize(documents[fuzzCase.base] as Json, fuzzCase.format));
        const diff = fuzzCase.entry === 'diff' ? { original, types: index % 8 === 0 } : {};
        const result = await pool.run({ entry: fuzzCase.entry, file, dir, out, ...diff });
        const outcome = judge(result);
        ran.push({ index, fuzzCase, result, outcome });
        if (outcome.ending !== 'crash' && !process.env.FUZZ_KEEP) rmSync(dir, { recursive: true, force: true });
      }
    };
    await Promise.all([lane(), lane()]);
    console.log(summary(label, ran, (performance.now() - started) / 1000));
    return ran.sort((a, b) => a.index - b.index);
  }

  it('generates, lints, checks and diffs the documents it mutates, unmutated', async () => {
    const cases = BASES.flatMap((_, base) =>
      (['generate', 'lint', 'check', 'diff'] as const).map((entry) => ({ base, format: 'yaml' as const, entry, mutations: [] })),
    );
    const ran = await runCases('base', cases);
    expect(ran.filter((r) => r.outcome.ending !== 'generated').map(describeRun)).toEqual([]);
  }, 120_000);

  it(`ends ${RUNS} mutated documents in generation or in placed problems (seed ${SEED})`, async () => {
    const cases = fc.sample(fuzzCase(MUTATION_KINDS), { seed: SEED, numRuns: RUNS });
    const ran = await runCases('mutated', cases);
    const crashes = crashReport(ran);
    expect(crashes, crashes).toBe('');
  }, 1_800_000);

  it(`ends ${DIFF_RUNS} diffs of (original, mutated) in a report or in problems (seed ${SEED})`, async () => {
    const cases = fc.sample(fuzzCase(MUTATION_KINDS), { seed: SEED + 1, numRuns: DIFF_RUNS }).map((c) => ({ ...c, entry: 'diff' as const }));
    const ran = await runCases('diff', cases);
    const crashes = crashReport(ran);
    expect(crashes, crashes).toBe('');
  }, 1_800_000);

  it(`generates ${RECURSIVE_RUNS} documents given valid recursive references (seed ${SEED})`, async () => {
    const cases = fc.sample(fuzzCase(['recursive']), { seed: SEED, numRuns: RECURSIVE_RUNS });
    const ran = await runCases('recursive', cases);
    expect(ran.filter((r) => r.outcome.ending !== 'generated').map(describeRun)).toEqual([]);
  }, 600_000);
});

function serialize(document: Json, format: 'yaml' | 'json'): string {
  return format === 'json' ? `${JSON.stringify(document, null, 2)}\n` : stringifyYaml(document, { noRefs: true, lineWidth: -1 });
}

function describeCase(index: number, fuzzCase: FuzzCase): string {
  const base = BASES[fuzzCase.base]?.name;
  return `#${index} ${base} as ${fuzzCase.format}, ${fuzzCase.entry}, mutations ${JSON.stringify(fuzzCase.mutations)}`;
}

function describeRun({ index, fuzzCase, outcome }: Ran): string {
  const how = outcome.ending === 'crash' ? `${outcome.crash}\n${outcome.detail.split('\n').slice(0, 8).join('\n')}` : outcome.ending;
  return `${describeCase(index, fuzzCase)}: ${how}`;
}

/** Each crash class once, with its count and its first case (replay: FUZZ_SEED and FUZZ_ONLY). */
function crashReport(ran: Ran[]): string {
  const classes = new Map<string, Ran[]>();
  for (const r of ran) if (r.outcome.ending === 'crash') classes.set(r.outcome.crash, [...(classes.get(r.outcome.crash) ?? []), r]);
  return [...classes.entries()]
    .map(([name, runs]) => {
      const first = runs[0] as Ran;
      const detail = first.outcome.ending === 'crash' ? first.outcome.detail.split('\n').slice(0, 6).join('\n') : '';
      return `${name}: ${runs.length} case(s), first ${describeCase(first.index, first.fuzzCase)}\n${detail}`;
    })
    .join('\n\n');
}

/** Runs, seconds, outcomes by class, and the slowest and the most memory-hungry case. */
function summary(label: string, ran: Ran[], seconds: number): string {
  const counts = new Map<string, number>();
  for (const { outcome } of ran) {
    const key = outcome.ending === 'crash' ? `crash: ${outcome.crash}` : outcome.ending === 'refused' ? `refused: ${outcome.codes.join(', ')}` : outcome.ending;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const slowest = ran.reduce<Ran | undefined>((worst, r) => (!worst || r.result.ms > worst.result.ms ? r : worst), undefined);
  const hungriest = ran.reduce<Ran | undefined>((worst, r) => (!worst || (r.result.heapMb ?? 0) > (worst.result.heapMb ?? 0) ? r : worst), undefined);
  const lines = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([key, n]) => `  ${String(n).padStart(5)}  ${key}`);
  return [
    `document fuzzer (${label}): ${ran.length} runs in ${seconds.toFixed(1)} s, seed ${SEED}`,
    ...lines,
    slowest ? `  slowest: ${Math.round(slowest.result.ms)} ms, ${describeCase(slowest.index, slowest.fuzzCase)}` : '',
    hungriest ? `  most heap: ${Math.round(hungriest.result.heapMb ?? 0)} MB, ${describeCase(hungriest.index, hungriest.fuzzCase)}` : '',
  ].join('\n');
}
