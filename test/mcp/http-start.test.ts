/**
 * `podcast-gen mcp --http` refuses to start, saying why and what to set, when it has no way in or a
 * half of OAuth, an issuer it must not trust, or a result budget that is no budget: exit 1 or 2, and
 * nothing listens. In process.
 */
import { describe, expect, it } from 'vitest';
import { runMcp } from '../../generator/servers/mcp.js';

const ENV = { PODCAST_API_KEY: 'k', PODCAST_BASE_URL: 'http://127.0.0.1:9' };

async function start(options: Partial<Parameters<typeof runMcp>[0]>): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  const controller = new AbortController();
  const code = await Promise.race([
    runMcp({ env: ENV, http: true, port: 0, signal: controller.signal, stderr: (text) => (stderr += text), ...options }),
    // A server that did start is stopped at once: the test then fails on its exit code.
    new Promise<number>((resolve) =>
      setTimeout(() => {
        controller.abort();
        resolve(-1);
      }, 2000),
    ),
  ]);
  return { code, stderr };
}

describe('mcp --http does not start', () => {
  const table: { given: Partial<Parameters<typeof runMcp>[0]>; code: number; says: RegExp }[] = [
    {
      given: {},
      code: 1,
      says: /cannot start: no way in: give --issuer and --resource \(or PODCAST_MCP_ISSUER and PODCAST_MCP_RESOURCE\).*or PODCAST_MCP_TOKENS/,
    },
    { given: { issuer: 'https://auth.example.com' }, code: 1, says: /--issuer needs --resource \(or PODCAST_MCP_RESOURCE\): this server's canonical URL/ },
    { given: { resource: 'https://mcp.example.com/mcp' }, code: 1, says: /--resource needs --issuer \(or PODCAST_MCP_ISSUER\)/ },
    {
      given: { issuer: 'http://auth.example.com', resource: 'https://mcp.example.com/mcp' },
      code: 1,
      says: /cannot start: oauth\.issuer must be an https URL: "http:\/\/auth\.example\.com"/,
    },
    {
      given: { env: { ...ENV, PODCAST_MCP_ISSUER: 'https://auth.example.com', PODCAST_MCP_RESOURCE: 'not a url' } },
      code: 1,
      says: /oauth\.resource is not a URL/,
    },
    {
      given: { env: { ...ENV, PODCAST_MCP_TOKENS: 't=podcast.read' }, resultBudget: 0 },
      code: 2,
      says: /--result-budget must be a whole number of characters above 0, got 0/,
    },
    {
      given: { env: { ...ENV, PODCAST_MCP_TOKENS: 't=podcast.read' }, allowedOrigins: 'https://' },
      code: 1,
      says: /cannot start: not an origin: "https:\/\/"/,
    },
  ];
  it.each(table)('exits $code: $says', async ({ given, code, says }) => {
    const run = await start(given);
    expect(run.stderr).toMatch(says);
    expect(run.code).toBe(code);
    expect(run.stderr).not.toMatch(/listening on/);
  });
});
