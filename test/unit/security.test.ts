import { describe, expect, it } from 'vitest';
import { apiKeySchemeOf, buildSecuritySchemes, commonSecurity, securityOf } from '../../generator/model/auth.js';

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

describe("securityOf: an operation's requirements", () => {
  const cases: [string, { given: unknown; want: string[][] }][] = [
    ["the document's, when the operation gives none", { given: undefined, want: [['key']] }],
    ['none for `security: []`', { given: [], want: [] }],
    ['none for an empty requirement first', { given: [{}, { key: [] }], want: [] }],
    ['alternatives in order, the empty one last', { given: [{ bearer: [] }, { query: [] }, {}], want: [['bearer'], ['query'], []] }],
    ['a combination together', { given: [{ key: [], query: [] }], want: [['key', 'query']] }],
    [
      'an alternative naming a scheme the client cannot send (or an undeclared one) dropped',
      { given: [{ digest: [] }, { nope: [] }, { basic: [] }], want: [['basic']] },
    ],
    [
      'schemes of one place read as alternatives among themselves (Google pairs its two OAuth schemes), each once',
      {
        given: [
          { oauth: ['a'], implicit: ['a'] },
          { oauth: ['b'], implicit: ['b'] },
        ],
        want: [['oauth'], ['implicit']],
      },
    ],
    [
      'a combination with two schemes of one place: one of them with the other',
      {
        given: [{ bearer: [], oidc: [], query: [] }],
        want: [
          ['bearer', 'query'],
          ['oidc', 'query'],
        ],
      },
    ],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(securityOf(document, given === undefined ? {} : { security: given }, schemes)).toStrictEqual(want);
  });
});

describe('commonSecurity: the requirement most operations have', () => {
  it('the most frequent, the first on a tie; none without operations', () => {
    expect(commonSecurity([{ security: [] }, { security: [['a']] }, { security: [['a']] }])).toStrictEqual([['a']]);
    expect(commonSecurity([{ security: [['b']] }, { security: [['a']] }])).toStrictEqual([['b']]);
    expect(commonSecurity([{ security: [['b']] }, { security: [] }])).toStrictEqual([['b']]);
    expect(commonSecurity([])).toStrictEqual([]);
  });
});
