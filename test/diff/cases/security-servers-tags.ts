import type { DiffCase, Verdict } from '../helpers.js';
import { op } from '../helpers.js';

export const securityServersTags: DiffCase[] = [
  {
    name: 'the API key moves to another header',
    change: (d) => {
      d.components.securitySchemes.apiKey.name = 'Authorization';
    },
    want: [['auth-changed', 'breaking', 'wire']],
  },
  {
    name: 'the API key becomes a bearer token',
    change: (d) => {
      d.components.securitySchemes.apiKey = { type: 'http', scheme: 'bearer' };
    },
    want: [['auth-changed', 'breaking', 'wire']],
  },
  {
    name: 'credentials are no longer asked for',
    change: (d) => {
      delete d.security;
      delete d.components.securitySchemes.apiKey;
    },
    want: [
      ['auth-removed', 'info', ''],
      ['security-scheme-removed', 'breaking', 'types mcp'],
      ['mcp-credential-variables-renamed', 'breaking', 'mcp'],
      ['operation-security-removed', 'info', ''],
      ['operation-security-removed', 'info', ''],
      ['operation-security-removed', 'info', ''],
      ['operation-security-removed', 'info', ''],
    ],
  },
  {
    name: 'an operation becomes public',
    change: (d) => {
      op(d, '/things/{id}', 'get').security = [];
    },
    want: [['operation-security-removed', 'info', '']],
  },
  {
    name: 'a public operation asks for credentials',
    before: (d) => {
      op(d, '/things/{id}', 'get').security = [{}];
    },
    change: (d) => void delete op(d, '/things/{id}', 'get').security,
    want: [['operation-security-added', 'breaking', 'wire']],
  },
  {
    name: "an operation's security moves from the API key to bearer (both schemes declared on both sides)",
    before: (d) => {
      d.components.securitySchemes.bearer = { type: 'http', scheme: 'bearer' };
    },
    change: (d) => {
      op(d, '/things/{id}', 'get').security = [{ bearer: [] }];
    },
    want: [['operation-security-scheme-changed', 'breaking', 'wire']],
  },
  {
    name: 'an operation accepts a second credential',
    before: (d) => {
      d.components.securitySchemes.bearer = { type: 'http', scheme: 'bearer' };
    },
    change: (d) => {
      op(d, '/things/{id}', 'get').security = [{ apiKey: [] }, { bearer: [] }];
    },
    want: [['operation-security-alternative-added', 'info', '']],
  },
  {
    name: 'an operation no longer accepts one of its credentials',
    before: (d) => {
      d.components.securitySchemes.bearer = { type: 'http', scheme: 'bearer' };
      op(d, '/things/{id}', 'get').security = [{ apiKey: [] }, { bearer: [] }];
    },
    change: (d) => {
      op(d, '/things/{id}', 'get').security = [{ apiKey: [] }];
    },
    want: [['operation-security-alternative-removed', 'breaking', 'wire']],
  },
  {
    name: "one of an operation's alternatives asks for a scope the other already asked (the tool's scopes stay the same)",
    before: (d) => {
      op(d, '/things', 'get').security = [{ oauth: ['things.read'] }, { oauth: ['things.write'] }];
    },
    change: (d) => {
      op(d, '/things', 'get').security = [{ oauth: ['things.read', 'things.write'] }, { oauth: ['things.write'] }];
    },
    want: [['operation-security-scope-added', 'breaking', 'wire']],
  },
  {
    name: 'an operation with its own scopes (x-oauth-scopes) asks its token for a scope more',
    before: (d) => {
      op(d, '/things', 'get')['x-oauth-scopes'] = ['things.read'];
    },
    change: (d) => void op(d, '/things', 'get').security[0].oauth.push('things.write'),
    want: [['operation-security-scope-added', 'breaking', 'wire']],
  },
  {
    name: 'an operation now needs a scheme the document does not declare: no client can call it',
    change: (d) => {
      op(d, '/things/{id}', 'get').security = [{ partnerKey: [] }];
    },
    want: [['operation-security-unsatisfiable', 'breaking', 'wire']],
  },
  {
    name: 'an operation now needs mutual TLS alone (3.1)',
    before: (d) => {
      d.openapi = '3.1.0';
      d.components.securitySchemes.clientCert = { type: 'mutualTLS' };
    },
    change: (d) => {
      op(d, '/things/{id}', 'get').security = [{ clientCert: [] }];
    },
    want: [['operation-security-unsatisfiable', 'breaking', 'wire']],
  },
  {
    name: 'an operation that needed mutual TLS alone takes the API key too',
    before: (d) => {
      d.openapi = '3.1.0';
      d.components.securitySchemes.clientCert = { type: 'mutualTLS' };
      op(d, '/things/{id}', 'get').security = [{ clientCert: [] }];
    },
    change: (d) => {
      op(d, '/things/{id}', 'get').security = [{ clientCert: [] }, { apiKey: [] }];
    },
    want: [['operation-security-satisfiable', 'info', '']],
  },
  {
    name: 'an OAuth scope added to an operation',
    change: (d) => void op(d, '/things', 'get').security[0].oauth.push('things.write'),
    want: [['tool-scope-added', 'breaking', 'wire mcp']],
  },
  {
    name: 'an OAuth scope removed from an operation',
    before: (d) => void op(d, '/things', 'get').security[0].oauth.push('things.write'),
    change: (d) => void op(d, '/things', 'get').security[0].oauth.pop(),
    want: [['tool-scope-removed', 'info', '']],
  },
  {
    name: 'a server removed',
    before: (d) => void d.servers.push({ url: 'https://eu.example.com/v1' }),
    change: (d) => void d.servers.pop(),
    want: [['server-removed', 'breaking', 'wire']],
  },
  {
    name: 'a server added',
    change: (d) => void d.servers.push({ url: 'https://eu.example.com/v1' }),
    want: [['server-added', 'info', '']],
  },
  {
    name: 'the default server changes order',
    before: (d) => void d.servers.push({ url: 'https://eu.example.com/v1' }),
    change: (d) => void d.servers.reverse(),
    want: [['server-default-changed', 'warning', '']],
  },
  {
    name: 'the only server URL changes',
    change: (d) => {
      d.servers[0].url = 'https://api.example.com/v2';
    },
    want: [
      ['server-removed', 'breaking', 'wire'],
      ['server-added', 'info', ''],
    ],
  },
  {
    name: 'a server variable loses an allowed value',
    before: (d) => {
      d.servers = [{ url: 'https://{region}.example.com', variables: { region: { default: 'us', enum: ['us', 'eu'] } } }];
    },
    change: (d) => void d.servers[0].variables.region.enum.pop(),
    want: [['server-variable-enum-value-removed', 'breaking', 'wire']],
  },
  {
    name: 'a server variable default changes',
    before: (d) => {
      d.servers = [{ url: 'https://{region}.example.com', variables: { region: { default: 'us', enum: ['us', 'eu'] } } }];
    },
    change: (d) => {
      d.servers[0].variables.region.default = 'eu';
    },
    want: [['server-variable-default-changed', 'warning', '']],
  },
  {
    name: 'a tag added',
    change: (d) => void d.tags.push({ name: 'owners' }),
    want: [['tag-added', 'info', '']],
  },
  {
    name: 'a tag removed',
    change: (d) => void d.tags.pop(),
    want: [['tag-removed', 'info', '']],
  },
  {
    name: 'a tag description changed',
    change: (d) => {
      d.tags[0].description = 'All things.';
    },
    want: [['tag-changed', 'info', '']],
  },
  {
    name: 'the title changes',
    change: (d) => {
      d.info.title = 'Things API';
    },
    want: [['api-title-changed', 'info', '']],
  },
  {
    name: 'the description changes',
    change: (d) => {
      d.info.description = 'Things, pets and more.';
    },
    want: [['api-description-changed', 'info', '']],
  },
  {
    name: 'only the version changes: nothing to report',
    change: (d) => {
      d.info.version = '1.1.0';
    },
    want: [],
  },
  {
    name: 'a second security scheme: the MCP credential variable of the first now carries its name',
    before: (d) => {
      delete d.components.securitySchemes.oauth;
      delete op(d, '/things', 'get').security;
    },
    change: (d) => {
      d.components.securitySchemes.bearer = { type: 'http', scheme: 'bearer' };
    },
    want: [
      ['security-scheme-added', 'info', ''],
      ['mcp-credential-variables-renamed', 'breaking', 'mcp'],
    ],
  },
  {
    name: "an OAuth scheme's token URL changes",
    change: (d) => {
      d.components.securitySchemes.oauth.flows.clientCredentials.tokenUrl = 'https://auth.example.com/v2/token';
    },
    want: [['security-scheme-changed', 'breaking', 'wire']],
  },
  {
    name: 'the API now asks for credentials',
    before: (d) => {
      delete d.security;
      delete d.components.securitySchemes;
      delete op(d, '/things', 'get').security;
    },
    change: (d) => {
      d.components.securitySchemes = { apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } };
      d.security = [{ apiKey: [] }];
    },
    want: [
      ['auth-added', 'breaking', 'wire'],
      ['security-scheme-added', 'info', ''],
      ...Array.from({ length: 5 }, (): Verdict => ['operation-security-added', 'breaking', 'wire']),
    ],
  },
];
