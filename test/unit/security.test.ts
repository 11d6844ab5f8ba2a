import { describe, expect, it } from 'vitest';
import { apiKeySchemeOf, buildSecuritySchemes } from '../../generator/model/auth.js';
import { operationSecurity, toolScopesOf } from '../../generator/model/auth-requirements.js';
import type { OperationSecurityModel } from '../../generator/model/types.js';
import { securityRequirement, type SecurityRequirement } from '../../generator/emit/shared/security-requirement.js';

const document = {
  openapi: '3.0.3',
  security: [{ key: [] }],
  components: {
    securitySchemes: {
      oauth: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: '/token', scopes: { read: 'r', write: 'w' } } } },
      implicit: { type: 'oauth2', flows: { implicit: { authorizationUrl: 'https://id/auth', scopes: {} } } },
      oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://id/.well-known/openid-configuration' },
      key: { type: 'apiKey', name: 'X-Key', in: 'header' },
      query: { type: 'apiKey', name: 'k', in: 'query' },
      bearer: { type: 'http', scheme: 'Bearer' },
      basic: { type: 'http', scheme: 'basic' },
      digest: { type: 'http', scheme: 'digest' },
      mtls: { type: 'mutualTLS' },
    },
  },
};
const schemes = buildSecuritySchemes(document);

describe('buildSecuritySchemes: the schemes the client can send', () => {
  it('reads each kind, the client-credentials flow of an OAuth scheme, and leaves out what it cannot send', () => {
    expect(schemes).toStrictEqual([
      { name: 'oauth', kind: 'oauth2', tokenUrl: '/token', scopes: ['read', 'write'] },
      { name: 'implicit', kind: 'oauth2' },
      { name: 'oidc', kind: 'openIdConnect', url: 'https://id/.well-known/openid-configuration' },
      { name: 'key', kind: 'apiKey', in: 'header', paramName: 'X-Key' },
      { name: 'query', kind: 'apiKey', in: 'query', paramName: 'k' },
      { name: 'bearer', kind: 'bearer' },
      { name: 'basic', kind: 'basic' },
    ]);
  });
  it("the apiKey option's scheme: the document's first API key, bearer or basic requirement", () => {
    expect(apiKeySchemeOf(document, schemes)).toBe('key');
    expect(apiKeySchemeOf({ ...document, security: [{ oauth: [] }, { basic: [] }] }, schemes)).toBe('basic');
    expect(
      apiKeySchemeOf(
        { components: { securitySchemes: { o: { type: 'oauth2', flows: {} } } } },
        buildSecuritySchemes({ components: { securitySchemes: { o: { type: 'oauth2', flows: {} } } } }),
      ),
    ).toBe(undefined);
  });
});

type Want = Pick<OperationSecurityModel, 'kind' | 'alternatives'> & Partial<Pick<OperationSecurityModel, 'unmet' | 'reason'>>;
const alt = (schemes: string[], scopes: string[] = []) => ({ schemes, scopes });

describe("operationSecurity: an operation's security, read once", () => {
  const cases: [string, { given: unknown; want: Want }][] = [
    ["the document's, when the operation gives none", { given: undefined, want: { kind: 'credential', alternatives: [alt(['key'])] } }],
    ['open for `security: []`', { given: [], want: { kind: 'open', alternatives: [] } }],
    [
      'open for an empty requirement first, the others still alternatives',
      { given: [{}, { key: [] }], want: { kind: 'open', alternatives: [alt(['key']), alt([])] } },
    ],
    [
      'alternatives in order, the empty one last: open, a credential sent when given',
      { given: [{ bearer: [] }, { query: [] }, {}], want: { kind: 'open', alternatives: [alt(['bearer']), alt(['query']), alt([])] } },
    ],
    ['a combination together', { given: [{ key: [], query: [] }], want: { kind: 'credential', alternatives: [alt(['key', 'query'])] } }],
    [
      'a requirement naming a scheme the client cannot send (or an undeclared one) left out, its scheme listed',
      {
        given: [{ digest: [] }, { nope: [] }, { basic: [] }],
        want: {
          kind: 'credential',
          alternatives: [alt(['basic'])],
          unmet: [
            { name: 'digest', reason: 'unsupported', what: 'HTTP digest' },
            { name: 'nope', reason: 'undeclared', what: 'a scheme the document does not declare' },
          ],
        },
      },
    ],
    [
      'unsatisfiable, apart from open, where every requirement needs what the client cannot send',
      {
        given: [{ mtls: [] }, { nope: [], key: [] }],
        want: {
          kind: 'unsatisfiable',
          alternatives: [],
          unmet: [
            { name: 'mtls', reason: 'mutualTLS', what: 'mutual TLS' },
            { name: 'nope', reason: 'undeclared', what: 'a scheme the document does not declare' },
          ],
          reason: 'every security requirement needs what the client cannot send: mutual TLS (mtls), or a scheme the document does not declare (nope)',
        },
      },
    ],
    [
      'open where mutual TLS or nothing will do',
      { given: [{ mtls: [] }, {}], want: { kind: 'open', alternatives: [], unmet: [{ name: 'mtls', reason: 'mutualTLS', what: 'mutual TLS' }] } },
    ],
    [
      'schemes of one place read as alternatives among themselves (Google pairs its two OAuth schemes), each with its scopes',
      {
        given: [
          { oauth: ['a'], implicit: ['a'] },
          { oauth: ['b'], implicit: ['b'] },
        ],
        want: { kind: 'credential', alternatives: [alt(['oauth'], ['a']), alt(['implicit'], ['a']), alt(['oauth'], ['b']), alt(['implicit'], ['b'])] },
      },
    ],
    [
      'a combination with two schemes of one place: one of them with the other; scopes only of OAuth and OpenID Connect',
      {
        given: [{ bearer: ['x'], oidc: ['openid'], query: [] }],
        want: { kind: 'credential', alternatives: [alt(['bearer', 'query']), alt(['oidc', 'query'], ['openid'])] },
      },
    ],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    const got = operationSecurity(document, given === undefined ? {} : { security: given }, schemes);
    expect(got).toStrictEqual({
      unmet: [],
      ...want,
      needsCredential: want.kind !== 'open',
      variables: [],
    });
  });
});

describe('operationSecurity: the requirements of a list in either order are the same', () => {
  // OpenAPI gives the list no order: any one requirement met will do.
  const cases: { given: [unknown[], unknown[]]; want: SecurityRequirement }[] = [
    {
      given: [
        [{}, { key: [] }],
        [{ key: [] }, {}],
      ],
      want: [['key'], []],
    },
    {
      given: [
        [{}, { bearer: [] }, { query: [] }],
        [{ bearer: [] }, { query: [] }, {}],
      ],
      want: [['bearer'], ['query'], []],
    },
    {
      given: [
        [{}, { mtls: [] }],
        [{ mtls: [] }, {}],
      ],
      want: [],
    },
  ];
  it.each(cases)('$want', ({ given, want }) => {
    for (const written of given) {
      const got = operationSecurity(document, { security: written }, schemes);
      expect(got.kind).toBe('open');
      // The client and the mock read this shape: the client sends a credential it has, the mock lets in one without.
      expect(securityRequirement(got)).toStrictEqual(want);
    }
  });
});

describe("toolScopesOf: the OAuth scopes of an operation's MCP tool", () => {
  const security = (given: unknown) => operationSecurity(document, { security: given }, schemes);
  it("x-oauth-scopes when given, else every alternative's scopes once each", () => {
    expect(toolScopesOf({ 'x-oauth-scopes': ['a'], security: [{ oauth: ['b'] }] }, security([{ oauth: ['b'] }]))).toStrictEqual(['a']);
    expect(toolScopesOf({}, security([{ oauth: ['b', 'c'] }, { oidc: ['c', 'd'] }, { key: ['e'] }]))).toStrictEqual(['b', 'c', 'd']);
    expect(toolScopesOf({}, security([]))).toStrictEqual([]);
  });
});
