import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COPIED_FILES } from '../../generator/emit/templates.js';
import { ROOT, SPEC } from '../helpers/paths.js';
import { ensureBuilt } from '../cli/helpers/build.js';

/** The downstream project's typescript: the range podcast-gen itself depends on, so npm installs one copy. */
const TYPESCRIPT = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies.typescript!;

/**
 * The package as a user meets it: `npm pack`, installed into a fresh project whose package.json
 * lists only podcast-gen and typescript, run through `npx`, its output type-checked with tsc strict, and
 * `podcast-gen check` as CI runs it. Slow (an npm install): runs when PODCAST_GEN_PACK_TEST=1
 * (`.ci/run` sets it).
 */
describe.skipIf(!process.env.PODCAST_GEN_PACK_TEST)('the packed tarball in a fresh downstream project', () => {
  let work: string;
  let project: string;
  let tarball: string;
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmpdir(),
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
  };
  const run = (command: string, args: string[], cwd = project): SpawnSyncReturns<string> =>
    spawnSync(command, args, { cwd, env, encoding: 'utf8', timeout: 600_000 });
  const ok = (result: SpawnSyncReturns<string>) => {
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
    return result;
  };

  beforeAll(async () => {
    await ensureBuilt();
    work = mkdtempSync(join(tmpdir(), 'podcast-gen-pack-'));
    // --ignore-scripts: packs the dist/ just built instead of rebuilding it under other running tests.
    const packed = ok(run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], ROOT));
    const [info] = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[];
    tarball = join(work, info!.filename);
    writeFileSync(join(work, 'files.json'), JSON.stringify(info!.files.map((f) => f.path).sort()));
    project = join(work, 'downstream');
    mkdirSync(project);
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({
        name: 'downstream',
        private: true,
        type: 'module',
        // The barest project: podcast-gen, and typescript only to run tsc on the output. What the
        // generated code needs (zod, the MCP SDK, node's types) must come with podcast-gen.
        devDependencies: { 'podcast-gen': `file:${tarball}`, typescript: TYPESCRIPT },
      }),
    );
    ok(run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund']));
  }, 600_000);
  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('holds the built JavaScript, bin, templates, the default document, README and LICENSE, and no sources or tests', () => {
    const files = JSON.parse(readFileSync(join(work, 'files.json'), 'utf8')) as string[];
    const expected = [
      'bin/podcast-gen.js',
      'dist/cli.js',
      'dist/index.js',
      'dist/index.d.ts',
      'templates/client.ts.hbs',
      'spec/podcast.openapi.yaml',
      'spec/redocly.yaml',
      'package.json',
      'README.md',
      'LICENSE',
    ];
    // What `podcast-gen mcp` and `mock` run.
    expected.push('dist/generated/mcp/server.js', 'dist/generated/mcp/http.js', 'dist/generated/mcp/tool-server.js', 'dist/generated/fixtures/index.js');
    for (const file of expected) expect(files).toContain(file);
    // TypeScript ships only as declarations, and as the templates copied into the output as code.
    const copiedTemplates = ['templates/zod-helpers.ts', ...COPIED_FILES.map((path) => `templates/${path}`)];
    for (const file of copiedTemplates) expect(files).toContain(file);
    // The README's links to the reference resolve in the package too (npm's page and node_modules).
    const linked = [...readFileSync(join(ROOT, 'README.md'), 'utf8').matchAll(/\]\((docs\/[^)#]+)/g)].map((m) => m[1] as string);
    expect(linked.length).toBeGreaterThan(0);
    expect(linked.filter((path) => !files.includes(path))).toStrictEqual([]);
    expect(
      files.filter(
        (f) =>
          /^(generator|test|bench|\.ci|docs\/examples)\//.test(f) ||
          f === 'bin/build.js' ||
          (f.endsWith('.ts') && !f.endsWith('.d.ts') && !copiedTemplates.includes(f)),
      ),
    ).toStrictEqual([]);
  });

  it('installs without a TypeScript runtime, with zod as a peer, and works as a library through its exports', () => {
    expect(existsSync(join(project, 'node_modules', 'tsx'))).toBe(false);
    expect(existsSync(join(project, 'node_modules', 'zod', 'package.json'))).toBe(true);
    const version = ok(run('npx', ['--no', '--', 'podcast-gen', '--version']));
    expect(version.stdout.trim()).toBe((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version);
    const library = ok(
      run(process.execPath, [
        '--input-type=module',
        '-e',
        "const m = await import('podcast-gen'); console.log(typeof m.generate, typeof m.defineConfig, m.DEFAULTS.out)",
      ]),
    );
    expect(library.stdout).toBe('function function generated\n');
    expect(existsSync(join(project, 'node_modules', 'podcast-gen', 'dist', 'index.d.ts'))).toBe(true);
  });

  it('runs `npx podcast-gen mcp` with the MCP SDK that came with podcast-gen', () => {
    expect(existsSync(join(project, 'node_modules', '@modelcontextprotocol', 'server', 'package.json'))).toBe(true);
    const messages = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'pack-test', version: '1' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
    ];
    // stdin closes after the three messages, which ends the stdio server (exit 0).
    const mcp = spawnSync('npx', ['--no', '--', 'podcast-gen', 'mcp'], {
      cwd: project,
      env: { ...env, PODCAST_API_KEY: 'k', PODCAST_BASE_URL: 'http://127.0.0.1:9' },
      input: messages.map((m) => `${JSON.stringify(m)}\n`).join(''),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(mcp.status, mcp.stderr).toBe(0);
    const answers = mcp.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id?: number; result?: { tools?: { name: string }[] } });
    expect(answers.find((a) => a.id === 2)?.result?.tools?.map((t) => t.name)).toContain('podcast_quota_summary');
  });

  it('generates with npx, type-checks under tsc --strict, and check says current (0) then stale (1)', () => {
    mkdirSync(join(project, 'api'));
    cpSync(SPEC, join(project, 'api', 'podcast.openapi.yaml'));
    const generated = ok(run('npx', ['--no', '--', 'podcast-gen', '--spec', 'api/podcast.openapi.yaml', '--out', 'src/podcast']));
    expect(generated.stdout).toMatch(/^podcast-gen: 12 operations from api\/podcast\.openapi\.yaml -> src\/podcast\//m);
    expect(existsSync(join(project, 'src', 'podcast', 'client.ts'))).toBe(true);

    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          // No `types`: like most projects, it sees every @types package installed (node's comes with podcast-gen).
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2023', 'DOM', 'DOM.Iterable'],
          strict: true,
          noUncheckedIndexedAccess: true,
          exactOptionalPropertyTypes: true,
          verbatimModuleSyntax: true,
          resolveJsonModule: true,
          skipLibCheck: true,
          noEmit: true,
        },
        include: ['src/**/*.ts'],
      }),
    );
    // The project's own tsc, over every generated file (mcp/server.ts and mock/ included).
    ok(run('npx', ['--no', '--', 'tsc', '-p', 'tsconfig.json']));

    ok(run('npx', ['--no', '--', 'podcast-gen', 'check', '--spec', 'api/podcast.openapi.yaml', '--out', 'src/podcast']));
    // The same through the package.json key, as the CI workflow runs it: a bare `npx podcast-gen check`.
    const pkg = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(project, 'package.json'), JSON.stringify({ ...pkg, 'podcast-gen': { spec: 'api/podcast.openapi.yaml', out: 'src/podcast' } }, null, 2));
    const current = ok(run('npx', ['--no', '--', 'podcast-gen', 'check']));
    expect(current.stdout).toMatch(/^podcast-gen check: src\/podcast\/ is current/);

    const doc = join(project, 'api', 'podcast.openapi.yaml');
    writeFileSync(doc, readFileSync(doc, 'utf8').replace('operationId: quotaSummary', 'operationId: quotaOverview'));
    const stale = run('npx', ['--no', '--', 'podcast-gen', 'check']);
    expect(stale.status, stale.stderr).toBe(1);
    expect(stale.stderr).toMatch(/^ {2}differs {3}client\.ts$/m);
    // A renamed operation changes the fixtures' index, which holds them by operationId.
    expect(stale.stderr).toMatch(/^ {2}differs {3}fixtures\/index\.ts$/m);
    expect(stale.stdout).toContain('+++ b/client.ts');
  }, 300_000);

  it('reads a Swagger 2.0 document (its converter is bundled, not installed) with lint and generate', () => {
    // A dev dependency, bundled into the pipeline and the lint command: the package needs none at run time.
    expect(existsSync(join(project, 'node_modules', '@scalar', 'openapi-upgrader'))).toBe(false);
    cpSync(join(ROOT, 'test', 'fixtures', 'versions', 'swagger-2.0.yaml'), join(project, 'api', 'pets.yaml'));
    ok(run('npx', ['--no', '--', 'podcast-gen', 'lint', '--spec', 'api/pets.yaml']));
    const generated = ok(run('npx', ['--no', '--', 'podcast-gen', '--spec', 'api/pets.yaml', '--out', 'src/pets']));
    expect(generated.stdout).toMatch(/^podcast-gen: 6 operations from api\/pets\.yaml -> src\/pets\//m);
    expect(readFileSync(join(project, 'src', 'pets', 'types.ts'), 'utf8')).toContain('"multipart/form-data"');
  }, 120_000);

  it('loads a podcast-gen.config.ts without tsx in the project', () => {
    const config = join(project, 'podcast-gen.config.ts');
    writeFileSync(
      config,
      "import { defineConfig } from 'podcast-gen';\nconst spec: string = 'api/podcast.openapi.yaml';\nexport default defineConfig({ spec });\n",
    );
    try {
      const lint = ok(run('npx', ['--no', '--', 'podcast-gen', 'lint', '--json']));
      expect((JSON.parse(lint.stdout) as { source: string }).source).toBe('api/podcast.openapi.yaml');
    } finally {
      rmSync(config);
    }
  });
});
