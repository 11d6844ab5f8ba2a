import { describe, expect, it } from 'vitest';
import { scopesOf } from '../../generator/model/scopes.js';

const document = {
  openapi: '3.0.3',
  security: [{ oauth: ['read'] }],
  components: {
    securitySchemes: {
      oauth: { type: 'oauth2', flows: {} },
      oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://x' },
      key: { type: 'apiKey', name: 'k', in: 'header' },
    },
  },
};

describe("scopesOf: the OAuth scopes of an operation (its MCP tool's)", () => {
  it('takes x-oauth-scopes when the operation gives them', () => {
    expect(scopesOf(document, { 'x-oauth-scopes': ['a'], security: [{ oauth: ['b'] }] })).toStrictEqual(['a']);
  });
  it("takes the operation's oauth2 and openIdConnect requirements, in order, once each; not an apiKey's", () => {
    expect(scopesOf(document, { security: [{ oauth: ['b', 'c'] }, { oidc: ['c', 'd'] }, { key: ['e'] }] })).toStrictEqual(['b', 'c', 'd']);
  });
  it("falls back to the document's security; an empty `security` asks for none", () => {
    expect(scopesOf(document, {})).toStrictEqual(['read']);
    expect(scopesOf(document, { security: [] })).toStrictEqual([]);
  });
});
