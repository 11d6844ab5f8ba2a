/** The scheme's part of an MCP credential variable's name (model/auth-variables.ts `schemePart`). */
import { describe, expect, it } from 'vitest';
import { schemePart } from '../../generator/model/auth-variables.js';
import type { SecuritySchemeModel } from '../../generator/model/types.js';

const CASES: [string, SecuritySchemeModel['kind'], string][] = [
  ['OAuth', 'oauth2', 'OAUTH'],
  ['OAuth2', 'oauth2', 'OAUTH2'],
  ['oauth2Auth', 'oauth2', 'OAUTH2'],
  ['petstore_auth', 'oauth2', 'PETSTORE'],
  ['Oauth2c', 'oauth2', 'OAUTH2C'],
  ['OpenID', 'openIdConnect', 'OPENID'],
  ['HeaderKey', 'apiKey', 'HEADER'],
  ['ApiKeyAuth', 'apiKey', ''],
  ['api_key', 'apiKey', ''],
  ['QueryApiKey', 'apiKey', 'QUERY'],
  ['bearerAuth', 'bearer', 'BEARER'],
  ['BearerToken', 'bearer', 'BEARER'],
  ['JWT', 'bearer', 'JWT'],
  ['basicAuth', 'basic', 'BASIC'],
  ['Basic', 'basic', 'BASIC'],
  ['AccessToken', 'apiKey', 'ACCESS'],
];

describe('schemePart', () => {
  it.each(CASES)('%s (%s) -> %j', (name, kind, part) => {
    expect(schemePart({ name, kind })).toBe(part);
  });
});
