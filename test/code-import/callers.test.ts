import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../generator/cli/config.js';
import { loadVerifyTarget } from '../../generator/cli/verify-target.js';
import { generateFiles } from '../../generator/index.js';
import { PACKAGE_ROOT } from '../../generator/package-root.js';
import { PodcastGenError } from '../../generator/problems.js';
import { loadGeneratedMcp } from '../../generator/servers/mcp-generated.js';
import { runMock } from '../../generator/servers/mock.js';
import { FIXTURE_DOCS, GENERATED } from '../helpers/paths.js';
import { watchFolders } from './watch-folders.js';

/**
 * What loads code through code-import/, each in a folder under the system's temporary folder:
 * outside this repository, so neither its tsx nor its packages are found from there, as for a
 * project without them or `npx podcast-gen` run outside any project.
 */
describe('the config, mcp --out, mock --out and verify load code one way', () => {
  const work = mkdtempSync(join(tmpdir(), 'podcast-gen-code-callers-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  let count = 0;
  const folder = (files: Record<string, string>): string => {
    const dir = join(work, `p${++count}`);
    mkdirSync(dir);
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    return dir;
  };

  it.each<{ given: string; files: Record<string, string> }>([
    {
      given: 'a .ts config importing a TypeScript file of the project and podcast-gen, with no package installed',
      files: {
        'podcast-gen.config.ts':
          "import { defineConfig } from 'podcast-gen';\nimport { out } from './paths/out.ts';\nexport default defineConfig({ spec: 'api.yaml', out });\n",
        'paths/out.ts': "export const out: string = 'src/api';\n",
      },
    },
    {
      given: 'a .cts config in a CommonJS package',
      files: {
        'package.json': '{ "name": "cjs", "private": true }',
        'podcast-gen.config.cts': "const { join } = require('node:path');\nmodule.exports = { spec: 'api.yaml', out: join('src', 'api') };\n",
      },
    },
    {
      given: 'a .js config of a CommonJS package',
      files: { 'package.json': '{ "type": "commonjs" }', 'podcast-gen.config.js': "module.exports = { spec: 'api.yaml', out: 'src/api' };\n" },
    },
    {
      given: 'a .mjs config reading its own place',
      files: { 'podcast-gen.config.mjs': "export default { spec: new URL('api.yaml', import.meta.url).pathname, out: 'src/api' };\n" },
    },
  ])('loads $given, and writes nothing beside it', async ({ files }) => {
    const dir = folder(files);
    const watched = watchFolders([dir]);
    const config = await loadConfig(dir);
    expect(await watched.stop()).toStrictEqual([]);
    expect(config.entries).toStrictEqual([{ spec: join(dir, 'api.yaml'), out: join(dir, 'src', 'api') }]);
  });

  it('reports a syntax error in the config with its file, line and column (exit 2)', async () => {
    const dir = folder({ 'podcast-gen.config.ts': "const spec: string = 'api.yaml'\nexport default { spec, out: };\n" });
    const error = await loadConfig(dir).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(PodcastGenError);
    expect((error as PodcastGenError).exitCode).toBe(2);
    expect((error as PodcastGenError).message).toBe(
      'podcast-gen.config.ts:2:29  error  config/import  cannot load the config: Unexpected "}" (fix the config file)',
    );
  });

  it("serves mcp --out from an output folder outside any project, with podcast-gen's own zod and MCP SDK, writing nothing", async () => {
    const dir = folder({});
    cpSync(GENERATED, join(dir, 'out'), { recursive: true });
    const watched = watchFolders([dir, join(dir, 'out')]);
    const mcp = await loadGeneratedMcp({ out: 'out', cwd: dir });
    expect(await watched.stop()).toStrictEqual([]);
    expect(mcp.serving).toBe('out/mcp/');
    expect(mcp.envPrefix).toBe('PODCAST');
    expect(mcp.createHandler).toBeTypeOf('function');
  });

  it('names the file and line of a generated file that does not compile, and what to do', async () => {
    const dir = folder({});
    cpSync(GENERATED, join(dir, 'out'), { recursive: true });
    const server = join(dir, 'out', 'mcp', 'server.ts');
    const text = readFileSync(server, 'utf8');
    writeFileSync(server, `${text}export const broken = {;\n`);
    const line = text.split('\n').length;
    await expect(loadGeneratedMcp({ out: 'out', cwd: dir })).rejects.toThrow(
      `out/mcp/server.ts:${line}:24: Expected identifier but found ";" (regenerate it with \`npx podcast-gen\`; a generated file that does not compile is a bug of podcast-gen to report)`,
    );
  });

  it('serves mock --out from an output folder outside any project, writing nothing', async () => {
    const dir = folder({});
    cpSync(GENERATED, join(dir, 'out'), { recursive: true });
    const stop = new AbortController();
    let printed = '';
    const watched = watchFolders([dir, join(dir, 'out')]);
    const running = runMock({
      out: 'out',
      cwd: dir,
      port: 0,
      signal: stop.signal,
      quiet: true,
      stdout: (text) => (printed += text),
      stderr: (text) => (printed += text),
    });
    try {
      // Quiet: the address alone.
      await expect.poll(() => printed, { timeout: 20_000 }).toMatch(/^http:\/\/127\.0\.0\.1:\d+\n$/);
      expect(await watched.stop()).toStrictEqual([]);
      const url = printed.trim();
      expect((await fetch(`${url}/open/podcast/v1/quota/summary`, { headers: { 'X-Api-Key': 't' } })).status).toBe(200);
    } finally {
      stop.abort();
    }
    expect(await running).toBe(0);
  });

  it("verifies with code generated in memory without writing into the working folder or podcast-gen's", async () => {
    const { model, files } = await generateFiles({ spec: join(FIXTURE_DOCS, 'petstore-mini.yaml') });
    const cwd = folder({});
    const watched = watchFolders([cwd, PACKAGE_ROOT]);
    const target = await loadVerifyTarget({ model, files, cwd });
    // Other tests may make files in the repository's root: only a copy of the output counts there.
    expect((await watched.stop()).filter((path) => path.startsWith(cwd) || /podcast-gen-|generated/.test(path.slice(PACKAGE_ROOT.length)))).toStrictEqual([]);
    expect(target.source).toBe('code generated in memory');
    expect(readdirSync(cwd)).toStrictEqual([]);
  });
});
