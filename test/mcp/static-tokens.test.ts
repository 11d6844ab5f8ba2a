/**
 * The static tokens of `mcp --http` (`<PREFIX>_MCP_TOKENS`): each entry splits at its last `=`, so a
 * token may hold `=` (base64's padding) and keep its scopes; an entry that cannot be read is refused
 * with the variable named and the token never printed.
 */
import { describe, expect, it } from 'vitest';
import { parseTokens } from '../../generator/servers/mcp-http.js';
import { runMcp } from '../../generator/servers/mcp.js';

const VARIABLE = 'PODCAST_MCP_TOKENS';

describe('parseTokens: tokens and the scopes each grants', () => {
  const table: { given: string | undefined; want: [string, string[]][] }[] = [
    { given: undefined, want: [] },
    {
      given: 'reader=podcast.read asset.read;maker=podcast.generate',
      want: [
        ['reader', ['podcast.read', 'asset.read']],
        ['maker', ['podcast.generate']],
      ],
    },
    { given: 'dG9rZW4xMjM0==podcast.read', want: [['dG9rZW4xMjM0=', ['podcast.read']]] },
    { given: 'dG9rZW4xMjM=== podcast.read,asset.read ', want: [['dG9rZW4xMjM==', ['podcast.read', 'asset.read']]] },
    { given: ' plain-token= ;', want: [['plain-token', []]] },
  ];
  it.each(table)('$given', ({ given, want }) => {
    expect([...parseTokens(given, VARIABLE)]).toStrictEqual(want);
  });

  const refused: { given: string; says: RegExp }[] = [
    { given: 'a=podcast.read;secret-token-9f', says: /^PODCAST_MCP_TOKENS: entry 2 of 2 has no `=` between the token and its scopes/ },
    { given: '=podcast.read', says: /^PODCAST_MCP_TOKENS: entry 1 of 1 has no token before its `=`/ },
    { given: 'c2VjcmV0LXRva2Vu==', says: /^PODCAST_MCP_TOKENS: entry 1 of 1 has a token ending in `=` and no scope/ },
  ];
  it.each(refused)('refuses $given', ({ given, says }) => {
    expect(() => parseTokens(given, VARIABLE)).toThrow(says);
    try {
      parseTokens(given, VARIABLE);
    } catch (error) {
      expect((error as Error).message).not.toMatch(/secret-token|c2VjcmV0/);
    }
  });
});

describe('mcp --http with an entry it cannot read', () => {
  it('does not start, says which entry of which variable, and never prints the token', async () => {
    let stderr = '';
    const controller = new AbortController();
    const code = await Promise.race([
      runMcp({
        env: { PODCAST_API_KEY: 'k', PODCAST_BASE_URL: 'http://127.0.0.1:9', PODCAST_MCP_TOKENS: 'secret-token-9f' },
        http: true,
        port: 0,
        signal: controller.signal,
        stderr: (text) => (stderr += text),
      }),
      new Promise<number>((resolve) =>
        setTimeout(() => {
          controller.abort();
          resolve(-1);
        }, 2000),
      ),
    ]);
    expect(stderr).toMatch(/cannot start: PODCAST_MCP_TOKENS: entry 1 of 1 has no `=`/);
    expect(stderr).not.toMatch(/secret-token|listening on/);
    expect(code).toBe(1);
  });
});
