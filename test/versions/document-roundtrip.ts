import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';
import { formatProblem, generate, PodcastGenError, type Problem } from '../../generator/index.js';
import { batchFolder, removeBatch, STRICT_OPTIONS } from '../robustness/helpers/compile.js';
import { TSC } from '../helpers/tsc.js';

/**
 * Generates each document with the defaults into a folder of its own in `batch`: the folders made
 * (by document name), and why each other document was refused.
 */
export async function generateBatch(
  batch: string,
  documents: readonly { name: string; spec: string }[],
): Promise<{ generated: Map<string, string>; refused: Map<string, string> }> {
  const generated = new Map<string, string>();
  const refused = new Map<string, string>();
  for (const { name, spec } of documents) {
    const out = join(batch, name.replace('/', '-'));
    try {
      // The validators' own code is checked too (users' checkers skip it: option zod.tsNocheck).
      // Named as the podcast document is, so that every document's client is createPodcastClient.
      await generate({ spec, out, name: 'podcast', zod: { tsNocheck: false } });
      generated.set(name, out);
    } catch (error) {
      refused.set(name, error instanceof PodcastGenError ? error.problems.map(formatProblem).join(' | ') : String(error));
    }
  }
  return { generated, refused };
}

/** The batch folder of {@link useGeneratedBatch}, and what {@link generateBatch} made in it. */
export interface GeneratedBatch {
  batch: string;
  generated: Map<string, string>;
  refused: Map<string, string>;
}

/**
 * Registers, in the calling `describe`, {@link generateBatch} of the documents into a fresh batch
 * folder (`beforeAll`) and its removal (`afterAll`). `batch` is set, and the two maps (the same
 * objects throughout) are filled, once `beforeAll` has run.
 */
export function useGeneratedBatch(prefix: string, documents: readonly { name: string; spec: string }[]): Readonly<GeneratedBatch> {
  const state: GeneratedBatch = { batch: '', generated: new Map(), refused: new Map() };
  beforeAll(async () => {
    state.batch = batchFolder(prefix);
    const { generated, refused } = await generateBatch(state.batch, documents);
    for (const [name, out] of generated) state.generated.set(name, out);
    for (const [name, why] of refused) state.refused.set(name, why);
  }, 240_000);
  afterAll(() => {
    if (state.batch) removeBatch(state.batch);
  });
  return state;
}

/** The batch folder of {@link useGeneratedOutput}, the output folder in it, and the generation's problems. */
export interface GeneratedOutput {
  batch: string;
  out: string;
  problems: Problem[];
}

/**
 * Registers, in the calling `describe`, the generation of one document with the defaults into
 * `<batch>/out` of a fresh batch folder (`beforeAll`, after which the fields are set) and its removal.
 */
export function useGeneratedOutput(prefix: string, spec: string): Readonly<GeneratedOutput> {
  const state: GeneratedOutput = { batch: '', out: '', problems: [] };
  beforeAll(async () => {
    state.batch = batchFolder(prefix);
    state.out = join(state.batch, 'out');
    state.problems = (await generate({ spec, out: state.out, name: 'podcast' })).problems;
  }, 120_000);
  afterAll(() => {
    if (state.batch) removeBatch(state.batch);
  });
  return state;
}

/** Every document generated but the known failures, and no known failure generated. */
export function expectGenerated(generated: ReadonlyMap<string, string>, refused: ReadonlyMap<string, string>, known: Record<string, string>): void {
  expect([...refused].filter(([name]) => !known[name])).toStrictEqual([]);
  expect(
    Object.keys(known).filter((name) => generated.has(name)),
    'these pass now: remove them from KNOWN',
  ).toStrictEqual([]);
}

/**
 * The generated folders compile (one tsc run, as {@link compileWithoutTypes}), but those of
 * documents whose `<name> tsc` is a known failure, and no known failure compiles.
 */
export function expectCompiles(batch: string, generated: ReadonlyMap<string, string>, known: Record<string, string>): void {
  const failed = compileWithoutTypes(batch, [...generated.values()]);
  const nameOf = (folder: string) => [...generated].find(([, out]) => out === folder)?.[0] ?? folder;
  const unexpected = [...failed]
    .filter(([folder]) => !known[`${nameOf(folder)} tsc`])
    .map(([folder, errors]) => `${nameOf(folder)}: ${errors.slice(0, 3).join(' | ')}`);
  const fixed = Object.keys(known).filter((k) => k.endsWith(' tsc') && generated.has(k.slice(0, -4)) && !failed.has(generated.get(k.slice(0, -4)) as string));
  expect(unexpected).toStrictEqual([]);
  expect(fixed, 'these compile now: remove them from KNOWN').toStrictEqual([]);
}

/** One tsc (TypeScript 7) run over the generated folders, with no `types` (no @types/node). */
export function compileWithoutTypes(batch: string, folders: readonly string[]): Map<string, string[]> {
  const config = { compilerOptions: { ...STRICT_OPTIONS, types: [] }, include: folders.map((f) => `${relative(batch, f).replace(/\\/g, '/')}/**/*.ts`) };
  writeFileSync(join(batch, 'tsconfig.json'), `${JSON.stringify(config, null, 2)}\n`);
  const result = spawnSync(process.execPath, [TSC, '-p', join(batch, 'tsconfig.json')], { encoding: 'utf8', cwd: batch, maxBuffer: 64 * 1024 * 1024 });
  const failed = new Map<string, string[]>();
  for (const line of `${result.stdout}${result.stderr}`.split('\n').filter((l) => /\(\d+,\d+\): error/.test(l))) {
    const folder = folders.find((f) => line.startsWith(`${relative(batch, f).replace(/\\/g, '/')}/`)) ?? '?';
    failed.set(folder, [...(failed.get(folder) ?? []), line]);
  }
  return failed;
}

type Module = Record<string, unknown>;
interface Operation {
  operationId: string;
  methodName: string;
  fields: unknown[];
}

/**
 * Starts the generated mock, makes the generated client, and calls every operation with its
 * fixture's params. Returns the operations that failed, with why.
 */
export async function clientOnOwnMock(out: string): Promise<{ called: string[]; failed: string[] }> {
  const load = async (path: string) => (await import(pathToFileURL(join(out, path)).href)) as Module;
  const client = await load('client.ts');
  const { fixtures } = (await load('fixtures/index.ts')) as { fixtures: Record<string, { params: unknown }> };
  const { operations } = (await load('operations.ts')) as { operations: Operation[] };
  const { startMockServer } = (await load('mock/index.ts')) as { startMockServer(): Promise<{ url: string; close(): Promise<void> }> };
  // The client's factory, not an operation of the same shape of name (Linode's `createLongviewClient`).
  const methods = new Set(operations.map((o) => o.methodName));
  const create = Object.entries(client).find(([name]) => /^create\w+Client$/.test(name) && !methods.has(name))?.[1] as (
    options: object,
  ) => Record<string, (...args: unknown[]) => Promise<unknown>>;
  const server = await startMockServer();
  const called: string[] = [];
  const failed: string[] = [];
  try {
    // A credential for every scheme (the mock's table names them): the mock checks only that they are sent.
    const { auth: security } = (await load('mock/routes.ts')) as { auth: { schemes: Record<string, { kind: string }> } };
    const auth = Object.fromEntries(Object.entries(security.schemes).map(([name, scheme]) => [name, scheme.kind === 'basic' ? 'u:p' : 'k']));
    const api = create({ baseUrl: server.url, auth });
    for (const [id, fixture] of Object.entries(fixtures)) {
      const operation = operations.find((o) => o.operationId === id);
      if (!operation) throw new Error(`no operation ${id}`);
      try {
        await api[operation.methodName]?.(...(operation.fields.length > 0 ? [fixture.params] : []));
        called.push(id);
      } catch (error) {
        failed.push(`${id}: ${(error as Error).message.slice(0, 200)}`);
      }
    }
  } finally {
    await server.close();
  }
  return { called, failed };
}
