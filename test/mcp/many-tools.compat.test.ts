import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticDocument } from '../../bench/synthetic.js';
import { generateFiles } from '../../generator/index.js';
import { TSC } from '../helpers/tsc.js';
import { servedManifest, writeFiles, writeOutput } from './helpers/generated-server.js';

const OPERATIONS = 1500;

/**
 * Before the tools shared their schemas, this document's `mcp/` was 22.4 MB (14,900 bytes per
 * operation, 7,600 of them in `server.ts`: every tool repeated its `$defs` there and in
 * `tools.json`), and TypeScript 7 refused `server.ts` with TS2590 after five minutes and 3.9 GB.
 * Since each value that recurs is written once, a large document has no `tools.json` (the list
 * written whole again), and `mcp/` is about 1,000 bytes per operation.
 */
const BYTES_PER_OPERATION = { server: 1_500, mcp: 2_000 };

let output: { dir: string; remove(): void };
let bytes: { server: number; mcp: number };
/** The same document's `tools.json` as a small document's output writes it (PODCAST_GEN_LARGE=off). */
let wholeList: string;

beforeAll(async () => {
  output = writeOutput('many-tools', [{ path: 'synthetic.json', content: JSON.stringify(syntheticDocument(OPERATIONS)) }]);
  const spec = join(output.dir, 'synthetic.json');
  const { files } = await generateFiles({ spec, outputs: ['mcp'] });
  writeFiles(output.dir, files);
  const size = (path: string) => Buffer.byteLength(files.find((f) => f.path === path)?.content ?? '');
  bytes = { server: size('mcp/server.ts'), mcp: files.filter((f) => f.path.startsWith('mcp/')).reduce((sum, f) => sum + Buffer.byteLength(f.content), 0) };
  const before = process.env.PODCAST_GEN_LARGE;
  process.env.PODCAST_GEN_LARGE = 'off';
  try {
    const whole = await generateFiles({ spec, outputs: ['mcp'] });
    wholeList = whole.files.find((f) => f.path === 'mcp/tools.json')?.content ?? '';
  } finally {
    if (before === undefined) delete process.env.PODCAST_GEN_LARGE;
    else process.env.PODCAST_GEN_LARGE = before;
  }
}, 120_000);
afterAll(() => output?.remove());

describe(`an MCP server of ${OPERATIONS} tools`, () => {
  it('type-checks with TypeScript 7 (no union too complex to represent, TS2590)', () => {
    const config = { compilerOptions: { strict: true, module: 'nodenext', noEmit: true, skipLibCheck: true }, files: ['mcp/server.ts'] };
    writeFileSync(join(output.dir, 'tsconfig.json'), JSON.stringify(config));
    const result = spawnSync(process.execPath, [TSC, '-p', join(output.dir, 'tsconfig.json')], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    expect(`${result.stdout}${result.stderr}`.split('\n').slice(0, 10).join('\n')).toBe('');
    expect(result.status).toBe(0);
  }, 600_000);

  it('carries each shared definition once: the bytes per operation stay far below a copy per tool', () => {
    expect(bytes.server / OPERATIONS).toBeLessThan(BYTES_PER_OPERATION.server);
    expect(bytes.mcp / OPERATIONS).toBeLessThan(BYTES_PER_OPERATION.mcp);
    expect(existsSync(join(output.dir, 'mcp', 'tools.json'))).toBe(false);
  });

  it("lists at run time exactly the self-contained tools a small document's tools.json holds, each $defs built from the shared table", async () => {
    const served = await servedManifest(output.dir);
    expect(served.tools).toHaveLength(OPERATIONS);
    const text = `${JSON.stringify(served, null, 2)}\n`;
    expect(Buffer.byteLength(text)).toBe(Buffer.byteLength(wholeList));
    // Compared as booleans: a failing diff of 11 MB would drown the report.
    expect(text === wholeList).toBe(true);
  }, 120_000);
});
