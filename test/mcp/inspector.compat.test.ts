/**
 * The MCP Inspector's CLI (@modelcontextprotocol/inspector-cli, a client nobody here wrote) against
 * `podcast-gen mcp --out` in a CommonJS project (package.json without "type") and in an ES module
 * one, each with zod and tsx installed as a project has them: tools/list, a tools/call answered by
 * the project's own mock, and a call beyond the server's scopes refused.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../cli/helpers/build.js';
import { waitFor } from '../cli/helpers/run-cli.js';
import { ROOT, SPEC } from '../helpers/paths.js';

const BIN = join(ROOT, 'bin', 'podcast-gen.js');
const INSPECTOR = join(ROOT, 'node_modules', '@modelcontextprotocol', 'inspector-cli', 'build', 'cli.js');
const KEY = 'inspector-key-1618';
const SCOPES = 'podcast.read,asset.read';

/** What the Inspector prints for a tool call. */
interface CallResult {
  isError?: boolean;
  structuredContent?: { error?: { kind: string; tool: string; missingScopes: string[] } } & Record<string, unknown>;
}

describe.each([
  { kind: 'CommonJS', manifest: { name: 'inspected-cjs', private: true } },
  { kind: 'ES module', manifest: { name: 'inspected-esm', private: true, type: 'module' } },
])('the MCP Inspector against podcast-gen mcp --out in a $kind project', ({ manifest }) => {
  let project = '';
  let mock: ChildProcess | undefined;
  let mockUrl = '';
  beforeAll(async () => {
    await ensureBuilt();
    project = mkdtempSync(join(tmpdir(), 'podcast-gen-inspector-'));
    writeFileSync(join(project, 'package.json'), JSON.stringify(manifest));
    mkdirSync(join(project, 'node_modules'));
    for (const name of ['zod', 'tsx']) symlinkSync(join(ROOT, 'node_modules', name), join(project, 'node_modules', name), 'dir');
    cpSync(SPEC, join(project, 'api.yaml'));
    const generated = spawnSync(process.execPath, [BIN, '--spec', 'api.yaml', '--out', 'src/api', '--quiet'], { cwd: project, encoding: 'utf8' });
    expect(generated.status, generated.stderr).toBe(0);
    mock = spawn(process.execPath, [BIN, 'mock', '--port', '0', '--quiet', '--out', 'src/api'], { cwd: project, env: { PATH: process.env.PATH ?? '' } });
    let printed = '';
    mock.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    await waitFor('the mock address', () => /^http:\/\/127\.0\.0\.1:\d+$/m.test(printed) || mock?.exitCode !== null);
    mockUrl = /^(http:\/\/127\.0\.0\.1:\d+)$/m.exec(printed)?.[1] ?? '';
  }, 180_000);
  afterAll(() => {
    mock?.kill('SIGTERM');
    if (project) rmSync(project, { recursive: true, force: true });
  });

  /** `mcp-inspector-cli --cli ... node podcast-gen mcp --out api --method ...`, its JSON answer. */
  const inspect = (method: string[]): unknown => {
    const env = [`PODCAST_API_KEY=${KEY}`, `PODCAST_BASE_URL=${mockUrl}`, `PODCAST_SCOPES=${SCOPES}`].flatMap((pair) => ['-e', pair]);
    // From src/: the Inspector 1.0.3 reads its own version from `../package.json` of the folder it runs in.
    const run = spawnSync(process.execPath, [INSPECTOR, '--cli', ...env, process.execPath, BIN, 'mcp', '--out', 'api', '--method', ...method], {
      cwd: join(project, 'src'),
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(0);
    return JSON.parse(run.stdout);
  };

  it('lists the tools the granted scopes allow, and those that need no scope', () => {
    const listed = inspect(['tools/list']) as { tools: { name: string; inputSchema: object }[] };
    expect(listed.tools.map((tool) => tool.name)).toStrictEqual([
      'podcast_catalog',
      'podcast_get_subscription',
      'podcast_get_voice_clone_allowance',
      'podcast_list_image_backgrounds',
      'podcast_quota_summary',
    ]);
  }, 60_000);

  it('calls a tool, answered by the mock', () => {
    const result = inspect(['tools/call', '--tool-name', 'podcast_quota_summary']) as CallResult;
    expect(result.isError ?? false).toBe(false);
    expect(Object.keys(result.structuredContent ?? {}).length).toBeGreaterThan(0);
  }, 60_000);

  it('refuses a tool beyond the scopes, naming the scope it needs', () => {
    const result = inspect(['tools/call', '--tool-name', 'podcast_create_multi_camera_avatar']) as CallResult;
    expect(result.isError).toBe(true);
    expect(result.structuredContent?.error).toStrictEqual({ kind: 'scope', tool: 'podcast_create_multi_camera_avatar', missingScopes: ['podcast.generate'] });
  }, 60_000);
});
