/**
 * Credentials: the client's `apiKey` option, the security schemes (the `auth` option's fields and the
 * MCP server's credential variables), and each operation's security (whether it needs a credential,
 * the credentials it accepts, the scopes each asks).
 */
import type { OperationSecurityModel, SecurityAlternativeModel, SecuritySchemeModel } from '../../model/types.js';
import type { ChangeRecord } from '../compare/record.js';
import { type Checker, code, has, type Judged, judged } from './judge.js';

type Travels = { kind: string; in?: string; name?: string };

export const checkCredentials: Checker = (record) => {
  switch (record.keyword) {
    case 'auth':
      return [auth(record)];
    case 'scheme':
      return [scheme(record)];
    case 'scheme-count':
      return schemeCount(record);
    case 'kind':
      return [kind(record.old as OperationSecurityModel, record.new as OperationSecurityModel)];
    case 'scope': {
      const { scope, schemes } = record.new as { scope: string; schemes: string[] };
      return [judged('operation-security-scope-added', `${alternativeText(schemes)} now asks for the scope ${code(scope)}: a token without it is refused`)];
    }
    case 'alternative':
      return [alternative(record)];
    default:
      return [];
  }
};

function travelsText(auth: Travels): string {
  return auth.kind === 'apiKey' ? `API key in ${auth.in} ${code(auth.name)}` : `HTTP ${auth.kind}`;
}

function auth(record: ChangeRecord): Judged {
  if (!has(record, 'old')) return judged('auth-added', `the API now asks for credentials: ${travelsText(record.new as Travels)}`);
  if (!has(record, 'new')) return judged('auth-removed', 'the API no longer asks for credentials');
  return judged('auth-changed', `credentials travel as ${travelsText(record.new as Travels)}, was ${travelsText(record.old as Travels)}`);
}

function scheme(record: ChangeRecord): Judged {
  const name = code(record.where);
  if (!has(record, 'new')) return judged('security-scheme-removed', `security scheme ${name} is gone: the client's \`auth.${record.where}\` with it`);
  if (!has(record, 'old')) return judged('security-scheme-added', `new security scheme ${name}`);
  const [was, is] = [record.old as SecuritySchemeModel, record.new as SecuritySchemeModel];
  return judged('security-scheme-changed', `security scheme ${name} is now ${schemeText(is)}, was ${schemeText(was)}`);
}

/** One scheme's variable is `<API>_API_KEY`; among several each carries its scheme's name. */
function schemeCount(record: ChangeRecord): Judged[] {
  const [a, b] = [record.old as number, record.new as number];
  if ((a === 1) === (b === 1)) return [];
  return [
    judged(
      'mcp-credential-variables-renamed',
      `the document declares ${b === 1 ? 'one security scheme' : `${b} security schemes`} (was ${a}): the MCP server's credential variables ${b === 1 ? 'no longer carry' : 'now carry'} the scheme's name`,
    ),
  ];
}

function schemeText(scheme: SecuritySchemeModel): string {
  if (scheme.kind === 'apiKey') return `an API key in ${scheme.in} ${code(scheme.paramName)}`;
  if (scheme.kind === 'oauth2')
    return `OAuth 2.0${scheme.tokenUrl ? ` (token URL ${scheme.tokenUrl}, scopes ${(scheme.scopes ?? []).join(', ') || 'none'})` : ''}`;
  if (scheme.kind === 'openIdConnect') return 'OpenID Connect';
  return `HTTP ${scheme.kind}`;
}

/** Whether the operation needs a credential: open, a credential, or one no client sends. */
function kind(was: OperationSecurityModel, is: OperationSecurityModel): Judged {
  if (is.kind === 'unsatisfiable') return judged('operation-security-unsatisfiable', `no client can call it any more: ${is.reason}`);
  if (was.kind === 'unsatisfiable')
    return judged(
      'operation-security-satisfiable',
      is.kind === 'open' ? 'can be called again, without a credential' : `can be called again, with ${alternativesText(is.alternatives)}`,
    );
  if (is.kind === 'credential') return judged('operation-security-added', `now asks for credentials: ${alternativesText(is.alternatives)}`);
  return judged('operation-security-removed', 'no longer asks for credentials');
}

function alternative(record: ChangeRecord): Judged {
  const [old, next] = [record.old as SecurityAlternativeModel | undefined, record.new as SecurityAlternativeModel | undefined];
  if (old && next)
    return judged(
      'operation-security-scheme-changed',
      `takes ${alternativeText(next.schemes)} where it took ${alternativeText(old.schemes)}: a client that sends the old credential is refused`,
    );
  if (next) return judged('operation-security-alternative-added', `also accepts ${alternativeText(next.schemes)}`);
  return judged('operation-security-alternative-removed', `no longer accepts ${alternativeText((old as SecurityAlternativeModel).schemes)}`);
}

function alternativeText(schemes: readonly string[]): string {
  return schemes.map((name) => code(name)).join(' with ');
}

function alternativesText(alternatives: readonly SecurityAlternativeModel[]): string {
  return alternatives.map((a) => alternativeText(a.schemes)).join(', or ');
}
