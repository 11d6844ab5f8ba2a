/**
 * A document of two schemes (OAuth 2.0 and an API key, either one accepted) served as
 * `podcast-gen mcp` serves it: the generated server and client, the credentials read from the
 * environment by the server's own reader, each tool call reaching a loopback server that records what
 * it was sent.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFiles } from '../../generator/index.js';
import { environmentHelp, readMcpConfig } from '../../generator/servers/mcp-config.js';
import { readGeneratedMcp, type GeneratedMcp } from '../../generator/servers/mcp-generated.js';
import { startLoopback } from '../helpers/loopback.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { writeOutput } from './helpers/generated-server.js';

let output: ReturnType<typeof writeOutput> | undefined;
let api: Awaited<ReturnType<typeof startLoopback>> | undefined;
let generated: GeneratedMcp;

beforeAll(async () => {
  const { files } = await generateFiles({ spec: join(FIXTURE_DOCS, 'mcp', 'two-schemes.yaml'), name: 'vault' });
  output = writeOutput('credentials-served', files);
  const load = async (path: string) => (await import(pathToFileURL(join(output?.dir as string, path)).href)) as Record<string, unknown>;
  generated = readGeneratedMcp(await load('mcp/server.ts'), await load('client.ts'), 'vault');
  api = await startLoopback((request) => ({ body: { id: request.path.split('/').pop() } }));
}, 60_000);
afterAll(async () => {
  await api?.close();
  output?.remove();
});

/** Reads the environment as the command does, serves the server in memory, calls the one tool; what the API was sent. */
async function callWith(env: Record<string, string>): Promise<{ headers: Record<string, unknown>; text: string }> {
  const read = readMcpConfig({ VAULT_BASE_URL: api?.url as string, ...env }, generated);
  if ('problems' in read) throw new Error(read.problems.join('; '));
  const server = generated.createServer(generated.createClient(read.config.clientOptions), { redact: read.config.secrets });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'credentials-served', version: '1.0.0' });
  await client.connect(clientSide);
  try {
    const before = api?.requests.length ?? 0;
    const [tool] = (await client.listTools()).tools;
    const result = await client.callTool({ name: tool?.name as string, arguments: { id: 's-1' } });
    expect(result.isError, JSON.stringify(result)).toBeFalsy();
    const seen = api?.requests.slice(before) ?? [];
    expect(seen).toHaveLength(1);
    return { headers: seen[0]?.headers ?? {}, text: JSON.stringify(result) };
  } finally {
    await client.close();
    await server.close();
  }
}

describe('two schemes served with credentials from the environment', () => {
  it('names a variable for each scheme, neither required alone', () => {
    expect(generated.credentials.map((c) => [c.name, c.scheme, c.required])).toStrictEqual([
      ['VAULT_OAUTH_TOKEN', 'OAuth', false],
      ['VAULT_API_KEY', 'ApiKeyAuth', false],
    ]);
  });

  it('sends the OAuth token as a bearer Authorization header', async () => {
    const { headers, text } = await callWith({ VAULT_OAUTH_TOKEN: 'tok-31d7' });
    expect(headers.authorization).toBe('Bearer tok-31d7');
    expect(headers['x-api-key']).toBeUndefined();
    expect(text).not.toContain('tok-31d7');
  });

  it('sends the API key in its header when only it is set', async () => {
    const { headers } = await callWith({ VAULT_API_KEY: 'key-9f20' });
    expect(headers['x-api-key']).toBe('key-9f20');
    expect(headers.authorization).toBeUndefined();
  });

  it('--help says one of them is required', () => {
    expect(environmentHelp(generated)).toMatch(
      /VAULT_OAUTH_TOKEN +an OAuth 2\.0 access token .*\(one of the credentials is required; or --credential VAULT_OAUTH_TOKEN=…\)/,
    );
  });

  it('stops before serving when neither is set, naming both variables and no value', () => {
    expect(readMcpConfig({ VAULT_BASE_URL: api?.url as string, VAULT_SCOPES: 'vault.read' }, generated)).toStrictEqual({
      problems: ['none of VAULT_OAUTH_TOKEN, VAULT_API_KEY is set (a credential of the API)'],
    });
  });
});
