/**
 * A browser page that calls one operation, bundled as an app would bundle it (esbuild: browser,
 * ESM, minified), from the generated client with its validators and from one generated with
 * `client: { validators: false }`. What the bundles hold is asserted here; their sizes are the
 * benchmark's (`npm run bench:bundle`).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateFiles } from '../../generator/index.js';
import { ROOT } from '../helpers/paths.js';

const DIR = join(ROOT, 'test', '.tmp', 'bundle');
/** The one operation the pages call: it takes an input, so a bad one can be refused. */
const OPERATION = 'deleteImageBackground';

/** The page: it calls the operation with the `fetch` and input it is given, and nothing else. */
const PAGE = `import { createPodcastCore, ${OPERATION}, RequestValidationError, ResponseValidationError } from './index.js';

export function call(fetch: typeof globalThis.fetch, params: unknown) {
  const core = createPodcastCore({ apiKey: 'key-1234', baseUrl: 'https://api.example.com', fetch, maxRetries: 0 });
  return ${OPERATION}(core, params as never);
}

// A minifier renames classes, so an error's name is not what it was: its class tells.
export function kind(error: unknown): string {
  if (error instanceof RequestValidationError) return 'RequestValidationError';
  if (error instanceof ResponseValidationError) return 'ResponseValidationError';
  return String(error);
}
`;

/** Runs a bundle in a fresh Node process: calls it with an input and a stub API answering `body`. */
const RUNNER = `const [bundle, params, body] = process.argv.slice(2);
const { call, kind } = await import(bundle);
let requests = 0;
const fetch = async () => {
  requests++;
  return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
};
const outcome = await call(fetch, JSON.parse(params)).then((data) => ({ data }), (error) => ({ error: kind(error) }));
console.log(JSON.stringify({ ...outcome, requests }));
`;

interface Output {
  folder: string;
  /** The operationIds of the document. */
  operationIds: string[];
  /** The minified bundle of the page. */
  bundle: string;
  /** The text of every generated fixture (`fixtures/*.json`). */
  fixtures: string[];
}

async function generateInto(name: string, options: Record<string, unknown>): Promise<Output> {
  const folder = join(DIR, name);
  rmSync(folder, { recursive: true, force: true });
  const { files, model } = await generateFiles({ cwd: ROOT, ...options });
  for (const file of files) {
    mkdirSync(dirname(join(folder, file.path)), { recursive: true });
    writeFileSync(join(folder, file.path), file.content);
  }
  writeFileSync(join(folder, 'page.ts'), PAGE);
  const bundle = await bundlePage(join(folder, 'page.ts'));
  writeFileSync(join(folder, 'page.bundle.mjs'), bundle);
  const fixtures = files.filter((f) => f.path.startsWith('fixtures/') && f.path.endsWith('.json')).map((f) => f.content);
  return { folder, operationIds: model.operations.map((op) => op.operationId), bundle, fixtures };
}

async function bundlePage(entry: string): Promise<string> {
  const result = await build({ entryPoints: [entry], bundle: true, format: 'esm', platform: 'browser', minify: true, write: false, logLevel: 'silent' });
  return result.outputFiles[0]?.text ?? '';
}

function run(output: Output, params: unknown, body: unknown): { data?: unknown; error?: string; requests: number } {
  const runner = join(output.folder, 'run.mjs');
  writeFileSync(runner, RUNNER);
  const child = spawnSync(process.execPath, [runner, join(output.folder, 'page.bundle.mjs'), JSON.stringify(params), JSON.stringify(body)], {
    encoding: 'utf8',
  });
  expect(child.stderr).toBe('');
  return JSON.parse(child.stdout) as { data?: unknown; error?: string; requests: number };
}

/** Strings only the fixtures hold: values of at least 8 characters that no other generated source contains. */
function fixtureMarkers(output: Output): string[] {
  const sources = readdirSync(output.folder, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.startsWith('fixtures') && !f.startsWith('mock') && !f.startsWith('mcp') && f !== 'page.ts')
    .map((f) => readFileSync(join(output.folder, f), 'utf8'))
    .join('\n');
  const strings = new Set<string>();
  const collect = (value: unknown): void => {
    if (typeof value === 'string' && value.length >= 8 && !sources.includes(value)) strings.add(value);
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  for (const text of output.fixtures) collect(JSON.parse(text));
  return [...strings];
}

/** Words only zod's code carries: its classes' and internals' names. */
const ZOD = /\$ZodType|ZodError|ZodMini|_zod\b/;

let validated: Output;
let plain: Output;

beforeAll(async () => {
  validated = await generateInto('validated', {});
  plain = await generateInto('plain', { client: { validators: false } });
}, 120_000);

describe('a page that calls one operation, bundled', () => {
  it('carries no fixture data, with validation or without', async () => {
    const markers = fixtureMarkers(validated);
    expect(markers.length).toBeGreaterThan(5);
    // The check finds the data where it is: a page that imports the fixtures carries it.
    writeFileSync(join(validated.folder, 'with-fixtures.ts'), "import { fixtures } from './fixtures/index.js';\nconsole.log(fixtures);\n");
    const withFixtures = await bundlePage(join(validated.folder, 'with-fixtures.ts'));
    expect(markers.filter((m) => withFixtures.includes(JSON.stringify(m).slice(1, -1))).length).toBeGreaterThan(markers.length / 2);
    for (const output of [validated, plain]) {
      expect(markers.filter((m) => output.bundle.includes(m) || output.bundle.includes(JSON.stringify(m).slice(1, -1)))).toStrictEqual([]);
    }
    expect(readdirSync(join(plain.folder, 'fixtures')).length).toBeGreaterThan(1);
  });

  it('carries no zod without validation, and zod with it', () => {
    expect(plain.bundle).not.toMatch(ZOD);
    expect(plain.bundle).not.toMatch(/zod/i);
    expect(validated.bundle).toMatch(ZOD);
  });

  it("carries that operation's descriptor and no other's", () => {
    for (const output of [validated, plain]) {
      expect(output.bundle).toContain(`"${OPERATION}"`);
      expect(output.operationIds.filter((id) => id !== OPERATION && output.bundle.includes(`"${id}"`))).toStrictEqual([]);
    }
  });

  it("carries of the runtime's rooms only what the operation uses: no stream reader, no token request, no walk of pages", () => {
    for (const output of [validated, plain]) {
      // Texts of the stream reader (runtime/streams/), the client-credentials grant (runtime/auth/tokens.ts) and the walk of pages (runtime/paging/), each found in the output.
      for (const text of ['the stream broke off', 'client_credentials', 'the walk would go round']) {
        expect(
          readdirSync(output.folder, { recursive: true, encoding: 'utf8' }).some(
            (f) => f.startsWith('runtime') && f.endsWith('.ts') && readFileSync(join(output.folder, f), 'utf8').includes(text),
          ),
        ).toBe(true);
        expect(output.bundle).not.toContain(text);
      }
    }
  });

  it('with validation, refuses a bad input before sending it, and sends a good one', () => {
    expect(run(validated, { id: 'not-a-number' }, { code: 0, data: {} })).toStrictEqual({ error: 'RequestValidationError', requests: 0 });
    expect(run(validated, { id: 7 }, { code: 0, msg: 'success', data: { deleted: true } })).toStrictEqual({ data: { deleted: true }, requests: 1 });
    expect(run(validated, { id: 7 }, { code: 'zero', data: {} })).toStrictEqual({ error: 'ResponseValidationError', requests: 1 });
  });

  it('without validation, sends what it is given', () => {
    expect(run(plain, { id: 'not-a-number' }, { code: 'zero', data: { deleted: true } })).toStrictEqual({ data: { deleted: true }, requests: 1 });
  });
});
