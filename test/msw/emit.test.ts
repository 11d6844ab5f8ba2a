import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { generateFiles } from '../../generator/index.js';
import { FIXTURE_DOCS, GENERATED, ROOT } from '../helpers/paths.js';

const SHELF = join(FIXTURE_DOCS, 'query', 'shelf.yaml');

async function mswIndex(spec: string, options: Record<string, unknown> = {}): Promise<string> {
  const { files } = await generateFiles({ cwd: ROOT, spec, outputs: ['msw'], ...options });
  return files.find((f) => f.path === 'msw/index.ts')?.content ?? '';
}

describe('the MSW output', () => {
  it('matches its snapshot for a document of every shape it prints', async () => {
    await expect(await mswIndex(SHELF)).toMatchFileSnapshot(join('__snapshots__', 'shelf', 'index.ts.snap'));
  });

  it('answers on the base address the config gives, else the first server’s', async () => {
    expect(await mswIndex(SHELF)).toContain('export const shelfMswBaseUrl = "*/api/v2";');
    expect(await mswIndex(SHELF, { msw: { baseUrl: 'https://staging.example.com' } })).toContain(
      'export const shelfMswBaseUrl = "https://staging.example.com";',
    );
  });

  it('offers no payload override of a stream, whose payload is an iterable', async () => {
    expect(await mswIndex(join(FIXTURE_DOCS, 'versions', 'features-3.2.yaml'))).toContain('watchItems: { data: never; status: never };');
  });

  it('leaves the fixtures importable without msw: nothing they import reaches it', async () => {
    const result = await build({
      entryPoints: [join(GENERATED, 'fixtures', 'index.ts')],
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((path) => path.includes('generated/fixtures/index.ts'))).toBe(true);
    expect(inputs.filter((path) => /node_modules|msw/.test(path))).toStrictEqual([]);
  });
});
