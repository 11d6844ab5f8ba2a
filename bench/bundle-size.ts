/**
 * `npm run bench:bundle` (and part of `npm run bench`): what a browser page pays for the client.
 * Pages that call one operation, and a page that uses all of them, are bundled as an app would
 * bundle them (esbuild: browser, ESM, minified) and gzipped, from podcast-gen's output with its
 * validators and without (`client: { validators: false }`), and from hey-api's SDK (with and without
 * its zod validator) and openapi-fetch for the same document. Every page resolves zod from the same
 * install (the peers' folder). Writes its section of bench/RESULTS.md.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { parseYaml } from '@redocly/openapi-core';
import { build } from 'esbuild';
import { generateFiles } from '../generator/index.js';
import { installPeers } from './peers.js';
import { writeSection } from './sections.js';

/** One bundle: its size minified and gzipped, and what it carries. */
export interface BundleSize {
  bytes: number;
  gzipBytes: number;
  zod: boolean;
  /** Whether it carries fixture data (podcast-gen's pages only). */
  fixtures?: boolean;
}

/** The pages measured, in the table's order. */
export const PAGES = ['quotaSummary', 'createMultiCameraAvatar', 'all'] as const;
export type Page = (typeof PAGES)[number];

/** The clients measured, in the table's order. */
export const CLIENTS = ['podcast-gen', 'podcast-gen, validators: false', 'hey-api', 'hey-api + zod', 'openapi-fetch'] as const;
export type Client = (typeof CLIENTS)[number];

export type BundleSizes = Record<Client, Record<Page, BundleSize>>;

/** The targets of issue 19 for a page calling one operation, in gzipped bytes. */
export const TARGETS = { validated: 20 * 1024, plain: 6 * 1024 };

const OPTIONS = { baseUrl: 'https://api.example.com' };
/** Words only zod's code carries: its classes' and internals' names. */
const ZOD = /\$ZodType|ZodError|ZodMini|_zod\b/;
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** Measures every page of every client; `peers` is the folder `installPeers` filled. */
export async function measureBundleSizes(options: { root: string; peers: string }): Promise<BundleSizes> {
  const work = join(options.peers, 'bundle');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const document = parseYaml(readFileSync(join(options.root, 'spec', 'podcast.openapi.yaml'), 'utf8')) as { paths: Record<string, Record<string, unknown>> };
  const documentFile = join(work, 'podcast.json');
  writeFileSync(documentFile, JSON.stringify(document));

  const podcastGen = async (name: string, generateOptions: Record<string, unknown>) => {
    const folder = join(work, name);
    const { files } = await generateFiles({ cwd: options.root, ...generateOptions });
    for (const file of files) write(join(folder, file.path), file.content);
    const markers = fixtureMarkers(files);
    const page = (call: string) => `import { createPodcastCore, createPodcastClient, quotaSummary, createMultiCameraAvatar } from './index.js';\n${call}\n`;
    const pages: Record<Page, string> = {
      quotaSummary: page(`quotaSummary(createPodcastCore({ apiKey: 'k', ...${JSON.stringify(OPTIONS)} })).then(console.log);`),
      createMultiCameraAvatar: page(
        `createMultiCameraAvatar(createPodcastCore({ apiKey: 'k', ...${JSON.stringify(OPTIONS)} }), {} as never).then(console.log);`,
      ),
      all: page(
        `const client = createPodcastClient({ apiKey: 'k', ...${JSON.stringify(OPTIONS)} });\nfor (const call of Object.values(client)) (call as (input?: unknown) => Promise<unknown>)({}).then(console.log);`,
      ),
    };
    return measurePages(folder, pages, markers);
  };

  const heyApi = async (name: string, plugins: unknown[]) => {
    const folder = join(work, name);
    const script = join(work, `${name}.mjs`);
    writeFileSync(
      script,
      `import { createClient } from '@hey-api/openapi-ts';\nawait createClient(${JSON.stringify({ input: documentFile, output: folder, plugins, logs: { level: 'silent', file: false } })});\n`,
    );
    const run = spawnSync(process.execPath, [script], { cwd: options.peers, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`hey-api failed: ${run.stderr}`);
    const setup = `import { client } from './client.gen';\nclient.setConfig({ ...${JSON.stringify(OPTIONS)}, auth: () => 'k' });\n`;
    const pages: Record<Page, string> = {
      quotaSummary: `${setup}import { quotaSummary } from './sdk.gen';\nquotaSummary().then(console.log);\n`,
      createMultiCameraAvatar: `${setup}import { createMultiCameraAvatar } from './sdk.gen';\ncreateMultiCameraAvatar({} as never).then(console.log);\n`,
      all: `${setup}import * as sdk from './sdk.gen';\nfor (const call of Object.values(sdk)) (call as (options?: unknown) => Promise<unknown>)({}).then(console.log);\n`,
    };
    return measurePages(folder, pages);
  };

  const openapiFetch = async () => {
    const folder = join(work, 'openapi-fetch');
    const calls = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((m) => HTTP_METHODS.includes(m))
        .map((method) => ({ path, method, id: (item[method] as { operationId: string }).operationId })),
    );
    const call = ({ path, method }: { path: string; method: string }) =>
      `client.${method.toUpperCase()}(${JSON.stringify(path)}, {} as never).then(console.log);`;
    const setup = `import createClient from 'openapi-fetch';\nconst client = createClient({ ...${JSON.stringify(OPTIONS)}, headers: { 'X-Api-Key': 'k' } });\n`;
    const one = (id: string) => `${setup}${call(calls.find((c) => c.id === id) as (typeof calls)[number])}\n`;
    const pages: Record<Page, string> = {
      quotaSummary: one('quotaSummary'),
      createMultiCameraAvatar: one('createMultiCameraAvatar'),
      all: `${setup}${calls.map(call).join('\n')}\n`,
    };
    return measurePages(folder, pages);
  };

  return {
    'podcast-gen': await podcastGen('podcast-gen', {}),
    'podcast-gen, validators: false': await podcastGen('podcast-gen-plain', { client: { validators: false } }),
    'hey-api': await heyApi('hey-api', ['@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk']),
    'hey-api + zod': await heyApi('hey-api-zod', ['@hey-api/client-fetch', '@hey-api/typescript', { name: '@hey-api/sdk', validator: true }, 'zod']),
    'openapi-fetch': await openapiFetch(),
  };
}

async function measurePages(folder: string, pages: Record<Page, string>, markers?: string[]): Promise<Record<Page, BundleSize>> {
  const result = {} as Record<Page, BundleSize>;
  for (const page of PAGES) {
    const entry = join(folder, `page-${page}.ts`);
    write(entry, pages[page]);
    const built = await build({
      entryPoints: [entry],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      minify: true,
      write: false,
      logLevel: 'silent',
      metafile: true,
    });
    const text = built.outputFiles[0]?.text ?? '';
    // A module of the fixtures' folder (their data module `fixtures-data.js` above all) in the bundle, or one of their strings.
    const fixtureModule = Object.keys(built.metafile.inputs).some((input) => relative(folder, resolve(input)).split(sep)[0] === 'fixtures');
    result[page] = {
      bytes: Buffer.byteLength(text),
      gzipBytes: gzipSync(text).length,
      zod: ZOD.test(text),
      ...(markers ? { fixtures: fixtureModule || markers.some((m) => text.includes(JSON.stringify(m).slice(1, -1))) } : {}),
    };
  }
  return result;
}

/** Strings only the fixtures hold: values of 8 characters or more that no other generated source contains. */
function fixtureMarkers(files: readonly { path: string; content: string }[]): string[] {
  const sources = files
    .filter((f) => !f.path.startsWith('fixtures/') && !f.path.startsWith('mock/') && (f.path.endsWith('.ts') || f.path.endsWith('.js')))
    .map((f) => f.content)
    .join('\n');
  const found = new Set<string>();
  const collect = (value: unknown): void => {
    if (typeof value === 'string') {
      if (value.length >= 8 && !sources.includes(value)) found.add(value);
    } else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  for (const file of files) if (file.path.startsWith('fixtures/') && file.path.endsWith('.json')) collect(JSON.parse(file.content));
  return [...found];
}

function write(file: string, content: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
}

const BEGIN = '<!-- bundle: written by `npm run bench:bundle` (and `npm run bench`) -->';
const END = '<!-- bundle: end -->';

/** The Markdown section of the results. */
export function renderBundleSection(sizes: BundleSizes, versions: Record<string, string>): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const cell = (s: BundleSize) => `${kb(s.bytes)} / **${kb(s.gzipBytes)}**`;
  const label: Record<Page, string> = {
    quotaSummary: 'one operation: `quotaSummary`',
    createMultiCameraAvatar: 'one operation: `createMultiCameraAvatar` (the largest input)',
    all: 'all twelve operations',
  };
  const validated = sizes['podcast-gen'];
  const plain = sizes['podcast-gen, validators: false'];
  const ones = ['quotaSummary', 'createMultiCameraAvatar'] as const;
  const worst = (of: Record<Page, BundleSize>) => Math.max(...ones.map((p) => of[p].gzipBytes));
  const verdict = (met: boolean) => (met ? 'met' : '**missed**');
  const fixtures = PAGES.some((p) => validated[p].fixtures || plain[p].fixtures);
  const zodPlain = PAGES.some((p) => plain[p].zod);
  return [
    BEGIN,
    '## Bundle size',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:bundle\`: a browser page bundled with esbuild ${versions.esbuild ?? ''} (bundle, browser, ESM, minified), minified size / **gzipped** size (zlib's default level). podcast-gen's pages import from its \`index.ts\`: one operation through \`createPodcastCore\` and the standalone function, all twelve through \`createPodcastClient\`. hey-api's call the SDK's functions (all twelve: its whole \`sdk.gen.ts\`); openapi-fetch's call \`client.GET\`/\`POST\`/\`DELETE\` with the paths. Every page resolves zod ${versions.zod ?? ''} from the same install; hey-api ${versions['@hey-api/openapi-ts'] ?? ''} with \`@hey-api/client-fetch\`, and its zod plugin with \`sdk: { validator: true }\`; openapi-fetch ${versions['openapi-fetch'] ?? ''}.`,
    '',
    `| page | ${CLIENTS.join(' | ')} |`,
    `|---|${CLIENTS.map(() => '---:').join('|')}|`,
    ...PAGES.map((page) => `| ${label[page]} | ${CLIENTS.map((client) => cell(sizes[client][page])).join(' | ')} |`),
    '',
    "Before issue 19 (measured the same way on commit 1bef2f6, the last before this work): a page calling `quotaSummary` through `createPodcastClient` carried zod's whole namespace (`import { z } from 'zod'`) and the fixtures (re-exported by `index.ts`), and every operation: 489.2 KB / **102.9 KB**, whether it called one operation or twelve, and with `validate: 'off'` too.",
    '',
    'Targets (a page calling one operation):',
    '',
    `- with validation, at most ${kb(TARGETS.validated)} gzipped: ${verdict(worst(validated) <= TARGETS.validated)} (${kb(worst(validated))} at most).`,
    `- without, at most ${kb(TARGETS.plain)} gzipped: ${verdict(worst(plain) <= TARGETS.plain)} (${kb(worst(plain))} at most).`,
    `- no fixture data in either: ${verdict(!fixtures)}; no zod without validators: ${verdict(!zodPlain)}.`,
    END,
  ].join('\n');
}

/** Measures, writes the section into bench/RESULTS.md and returns it. */
export async function benchBundleSize(options: { root: string; peers: string; versions: Record<string, string> }): Promise<string> {
  const sizes = await measureBundleSizes(options);
  const esbuild = (JSON.parse(readFileSync(join(options.root, 'node_modules', 'esbuild', 'package.json'), 'utf8')) as { version: string }).version;
  const section = renderBundleSection(sizes, { ...options.versions, esbuild });
  writeSection(join(options.root, 'bench', 'RESULTS.md'), 'bundle', section);
  return section;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const peers = join(tmpdir(), 'podcast-gen-bench', 'peers');
  const versions = installPeers(peers);
  console.log(await benchBundleSize({ root, peers, versions }));
}
