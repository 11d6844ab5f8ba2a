/**
 * The TanStack Query and MSW outputs of the podcast document, generated once per test process into
 * a folder of its own under test/.tmp and imported from there (neither output is in generated/:
 * both are made only when chosen). Their types are checked by tsc in the compatibility suite
 * (test/tanstack-query/typecheck.compat.test.ts); here they are as loose as the tests need.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { HttpHandler, HttpResponseResolver } from 'msw';
import { generateFiles, type GenerateOptions } from '../../generator/index.js';
import { ROOT } from './paths.js';

type Override = Record<string, unknown> | HttpResponseResolver;
type HandlerFactory = (override?: Override, options?: { baseUrl?: string }) => HttpHandler;

/** What the tests use of `msw/index.ts`. */
export interface MswModule {
  podcastMswBaseUrl: string;
  DEFAULT_RETRY_AFTER_SECONDS: number;
  createPodcastHandlers(options?: { baseUrl?: string; overrides?: Record<string, Override> }): HttpHandler[];
  quotaSummaryHandler: HandlerFactory;
  getSubscriptionHandler: HandlerFactory;
  getVoiceCloneAllowanceHandler: HandlerFactory;
  searchCatalogHandler: HandlerFactory;
  addImageHandler: HandlerFactory;
}

/** A query's or a mutation's options, as the tests read them. */
export interface Described {
  queryKey?: readonly unknown[];
  mutationKey?: readonly unknown[];
  queryFn?: (context: { signal: AbortSignal }) => Promise<unknown>;
  mutationFn?: (params?: unknown) => Promise<unknown>;
}

/** What the tests use of `tanstack-query/react.ts` and `vue.ts` (which re-export `options.ts`). */
export interface QueryModule {
  podcastKeys: { all: readonly unknown[]; tag(tag: string): readonly unknown[]; operation(id: string): readonly unknown[] };
  [name: string]: unknown;
}

/** The output folder, and its modules. */
export interface GeneratedOutput {
  folder: string;
  files: Map<string, string>;
  msw: MswModule;
  react: QueryModule;
  vue: QueryModule;
  /** The output's own client (the options call its functions with a core it made). */
  client: typeof import('../../generated/client.js');
}

/** The outputs the tests generate: the client, the MSW handlers, the TanStack Query options. */
export const OUTPUTS = ['client', 'msw', 'tanstack-query'];

/**
 * Generates `options` into `test/.tmp/<name>-<pid>` (a folder of this process's own) and returns the
 * folder and the files. A test removes the folder when it is done ({@link removeOutputs}): modules
 * imported from it stay loaded.
 */
export async function writeOutput(name: string, options: GenerateOptions): Promise<{ folder: string; files: Map<string, string> }> {
  const folder = join(ROOT, 'test', '.tmp', `${name}-${process.pid}`);
  rmSync(folder, { recursive: true, force: true });
  const { files } = await generateFiles({ cwd: ROOT, ...options });
  for (const file of files) {
    mkdirSync(dirname(join(folder, file.path)), { recursive: true });
    writeFileSync(join(folder, file.path), file.content);
  }
  return { folder, files: new Map(files.map((f) => [f.path, f.content])) };
}

let generated: Promise<GeneratedOutput> | undefined;

/** Generates the podcast document's outputs (once per process) and imports the MSW module and the TanStack Query ones. */
export function generatedOutput(): Promise<GeneratedOutput> {
  generated ??= (async () => {
    const { folder, files } = await writeOutput('query-msw', { outputs: OUTPUTS, 'tanstack-query': { frameworks: ['react', 'vue'] } });
    const load = (path: string) => import(pathToFileURL(join(folder, path)).href);
    const [msw, react, vue, client] = (await Promise.all([
      load('msw/index.ts'),
      load('tanstack-query/react.ts'),
      load('tanstack-query/vue.ts'),
      load('client.ts'),
    ])) as [MswModule, QueryModule, QueryModule, GeneratedOutput['client']];
    return { folder, files, msw, react, vue, client };
  })();
  return generated;
}

/** Removes every folder this process generated into. */
export function removeOutputs(): void {
  for (const name of readdirSync(join(ROOT, 'test', '.tmp')).filter((entry) => entry.endsWith(`-${process.pid}`)))
    rmSync(join(ROOT, 'test', '.tmp', name), { recursive: true, force: true });
}
