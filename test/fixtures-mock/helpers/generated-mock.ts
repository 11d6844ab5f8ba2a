import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { generate } from '../../../generator/index.js';
import { FIXTURE_DOCS, ROOT } from '../../helpers/paths.js';

/** What a test reads of the generated mock server it started. */
export interface RunningMock {
  url: string;
  requests: { operationId?: string; method: string; path: string; query: Record<string, unknown>; status?: number; problem?: string }[];
  close(): Promise<void>;
}

/** A corpus document's output and its running mock, for the tests of one `describe`. */
export interface GeneratedMock {
  /** The output folder. */
  readonly out: string;
  /** The mock, started once the describe's `beforeAll` has run. */
  readonly mock: RunningMock;
  /** A module of the output (`client.ts`, `fixtures/index.ts`), imported. */
  load<T>(path: string): Promise<T>;
}

/**
 * Registers, in the calling `describe`, the generation of `test/fixtures/corpus/<document>` into
 * `test/.tmp/<name>`, the start of its mock server, and the removal of both.
 */
export function generatedMock(name: string, document: string): GeneratedMock {
  const out = join(ROOT, 'test', '.tmp', name);
  const load = async <T>(path: string) => (await import(pathToFileURL(join(out, path)).href)) as T;
  let mock: RunningMock | undefined;
  beforeAll(async () => {
    rmSync(out, { recursive: true, force: true });
    // Named as the podcast document is: the tests call createPodcastClient whatever the document's title.
    await generate({ spec: join(FIXTURE_DOCS, 'corpus', document), out, name: 'podcast' });
    mock = await (await load<{ startMockServer(): Promise<RunningMock> }>('mock/index.ts')).startMockServer();
  });
  afterAll(async () => {
    await mock?.close();
    rmSync(out, { recursive: true, force: true });
  });
  return {
    out,
    get mock() {
      if (!mock) throw new Error('the mock starts in beforeAll');
      return mock;
    },
    load,
  };
}
