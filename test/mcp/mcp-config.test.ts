/** generator/servers/mcp-config.ts and mcp-generated.ts: what `podcast-gen mcp` reads of a generated server and of its environment. */
import { describe, expect, it } from 'vitest';
import { environmentHelp, readMcpConfig } from '../../generator/servers/mcp-config.js';
import { readGeneratedMcp } from '../../generator/servers/mcp-generated.js';
import { readMcpCredentials, type McpCredentialVariable } from '../../templates/mcp/credentials.js';

const noop = () => ({});
const SERVER = {
  createGithubMcpServer: noop,
  githubMcpTools: { tools: [{ name: 'repos_get', _meta: { 'dev.podcast-gen/operation': { scopes: ['repo'] } } }] },
  githubMcpEnv: { apiKey: 'GITHUB_API_KEY', baseUrl: 'GITHUB_BASE_URL', scopes: 'GITHUB_SCOPES' },
};
const CLIENT = { createGithubClient: noop };

describe('readGeneratedMcp', () => {
  it('finds the factories and names by what the modules export, whatever the API is called', () => {
    const generated = readGeneratedMcp(SERVER, CLIENT, 'src/api/mcp/');
    expect(generated.envPrefix).toBe('GITHUB');
    expect(generated.credentials).toStrictEqual([{ name: 'GITHUB_API_KEY', scheme: 'apiKey', required: true, option: 'apiKey', description: 'the API key' }]);
    expect(generated.createHandler).toBeUndefined();
    const createGithubMcpHandler = () => noop;
    expect(readGeneratedMcp(SERVER, CLIENT, 'src/api/mcp/', { createGithubMcpHandler }).createHandler).toBe(createGithubMcpHandler);
  });

  it('takes no credential where the names carry none, and the list a module exports where it has one', () => {
    const { apiKey: _, ...env } = SERVER.githubMcpEnv;
    expect(readGeneratedMcp({ ...SERVER, githubMcpEnv: env }, CLIENT, 'x').credentials).toStrictEqual([]);
    const listed = [{ name: 'GITHUB_TOKEN', scheme: 'bearer', required: false, option: 'token' }, { name: 7 }];
    expect(readGeneratedMcp({ ...SERVER, githubMcpCredentials: listed }, CLIENT, 'x').credentials).toStrictEqual([listed[0]]);
  });

  it('says to regenerate when the exports are not there', () => {
    expect(() => readGeneratedMcp(SERVER, {}, 'src/api/mcp/')).toThrow(/generated code of src\/api\/mcp\/ does not export .*regenerate it/);
  });
});

describe('readMcpConfig', () => {
  const generated = readGeneratedMcp(SERVER, CLIENT, 'x');

  it('lists every variable that is missing or wrong, at once', () => {
    expect(readMcpConfig({}, generated)).toStrictEqual({
      problems: [
        'GITHUB_API_KEY is not set (the API key)',
        "GITHUB_BASE_URL is not set, nor --base-url (the API's base address, e.g. https://api.example.com)",
      ],
    });
    expect(readMcpConfig({ GITHUB_API_KEY: 'k', GITHUB_BASE_URL: 'ftp://x' }, generated)).toStrictEqual({
      problems: ['GITHUB_BASE_URL is not an http(s) URL: "ftp://x"'],
    });
    expect(readMcpConfig({ GITHUB_BASE_URL: 'https://api.github.com' }, generated, { credentials: ['GITHUB_TOKEN=t'] })).toStrictEqual({
      problems: ['--credential GITHUB_TOKEN: expected NAME=VALUE, NAME one of GITHUB_API_KEY', 'GITHUB_API_KEY is not set (the API key)'],
    });
  });

  it('takes flags over the environment, and gives the client its options and the secrets to redact', () => {
    const env = { GITHUB_API_KEY: 'from-env', GITHUB_BASE_URL: 'https://env.example', GITHUB_SCOPES: 'repo, gist repo' };
    expect(readMcpConfig(env, generated)).toStrictEqual({
      config: {
        clientOptions: { apiKey: 'from-env', baseUrl: 'https://env.example' },
        secrets: ['from-env'],
        baseUrl: 'https://env.example',
        scopes: ['repo', 'gist'],
      },
    });
    const flags = { credentials: ['GITHUB_API_KEY=from=flag'], baseUrl: 'http://127.0.0.1:4010', scopes: 'repo' };
    expect(readMcpConfig(env, generated, flags)).toStrictEqual({
      config: {
        clientOptions: { apiKey: 'from=flag', baseUrl: 'http://127.0.0.1:4010' },
        secrets: ['from=flag'],
        baseUrl: 'http://127.0.0.1:4010',
        scopes: ['repo'],
      },
    });
  });
});

describe("readMcpConfig with the server's own reader", () => {
  // Two schemes, each operation accepting either: neither alone is required, one of them is.
  const variables: McpCredentialVariable[] = [
    { name: 'VAULT_OAUTH_TOKEN', scheme: 'Oauth2', role: 'credential', required: false, description: 'an OAuth 2.0 access token', option: 'auth.Oauth2' },
    { name: 'VAULT_API_KEY', scheme: 'ApiKey', role: 'credential', required: false, description: 'the API key', option: 'auth.ApiKey' },
  ];
  const server = {
    createVaultMcpServer: noop,
    vaultMcpTools: { tools: [] },
    vaultMcpEnv: { baseUrl: 'VAULT_BASE_URL', scopes: 'VAULT_SCOPES' },
    vaultMcpCredentials: variables,
    readVaultMcpCredentials: (env: Record<string, string | undefined>) => readMcpCredentials({ variables, schemes: ['Oauth2', 'ApiKey'] }, env),
  };
  const generated = readGeneratedMcp(server, { createVaultClient: noop }, 'x');

  it('gives the client `auth` by scheme, from the environment or a --credential flag, and redacts the values', () => {
    const env = { VAULT_BASE_URL: 'http://127.0.0.1:1' };
    expect(readMcpConfig({ ...env, VAULT_OAUTH_TOKEN: 'tok' }, generated)).toStrictEqual({
      config: { clientOptions: { auth: { Oauth2: 'tok' }, baseUrl: env.VAULT_BASE_URL }, secrets: ['tok'], baseUrl: env.VAULT_BASE_URL },
    });
    expect(readMcpConfig(env, generated, { credentials: ['VAULT_API_KEY=k'] })).toStrictEqual({
      config: { clientOptions: { auth: { ApiKey: 'k' }, baseUrl: env.VAULT_BASE_URL }, secrets: ['k'], baseUrl: env.VAULT_BASE_URL },
    });
  });

  it('stops when none of the credentials is set, naming every variable and no value', () => {
    expect(readMcpConfig({ VAULT_BASE_URL: 'http://127.0.0.1:1', VAULT_SCOPES: 'secret-looking' }, generated)).toStrictEqual({
      problems: ['none of VAULT_OAUTH_TOKEN, VAULT_API_KEY is set (a credential of the API)'],
    });
  });
});

describe('environmentHelp', () => {
  it('lists each variable of the server with what it is', () => {
    expect(environmentHelp(readGeneratedMcp(SERVER, CLIENT, 'src/api/mcp/'))).toBe(
      [
        'Environment of src/api/mcp/:',
        '  GITHUB_API_KEY                      the API key, scheme apiKey (required; or --credential GITHUB_API_KEY=…)',
        "  GITHUB_BASE_URL                     the API's base address (required; or --base-url)",
        '  GITHUB_SCOPES                       the granted OAuth scopes, comma separated (optional; or --scopes)',
        '  GITHUB_MCP_TOKENS                   with --http: static bearer tokens and the scopes each grants ("token=scope scope;token2=scope")',
        '  GITHUB_MCP_ISSUER                   with --http: the OAuth 2.1 issuer whose access tokens callers present (or --issuer)',
        "  GITHUB_MCP_RESOURCE                 with --http: this server's canonical URL, its tokens' audience (or --resource)",
        '  GITHUB_MCP_INTROSPECTION_CLIENT_ID  with --http and --issuer: client id and secret (…_SECRET) for introspecting opaque tokens (RFC 7662; optional)',
      ].join('\n'),
    );
  });
});
