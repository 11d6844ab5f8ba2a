/**
 * The mock's checks of credentials: what each operation requires (alternatives, each a set of
 * schemes sent together), whether a request meets it, and where credentials travel, so that the
 * recorded request never keeps one. Any non-empty value is accepted (the mock checks presence),
 * but for a scheme the mock was given a credential of (`MockServerOptions.credentials`): that one only.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { headerValue, type MockAuth, type MockRequirement, type MockScheme, safeDecode } from './wire.js';

/** An operation's requirement: its own, else the document's common one. */
export function requirementOf(auth: MockAuth, operationId: string | undefined): MockRequirement {
  return (
    (operationId !== undefined && auth.operations && Object.hasOwn(auth.operations, operationId) ? auth.operations[operationId] : undefined) ?? auth.security
  );
}

/**
 * Whether the request meets one of the alternatives (an operation that needs none is always met; one
 * no request can meet never is). `taken`: the credential a scheme takes, by its name (basic's as
 * `user:password`); a scheme not named there takes any non-empty one.
 */
export function meetsRequirement(
  auth: MockAuth,
  operationId: string,
  headers: IncomingHttpHeaders,
  url: URL,
  taken: Readonly<Record<string, string>> = {},
): boolean {
  const requirement = requirementOf(auth, operationId);
  if ('unsatisfiable' in requirement) return false;
  const meets = (name: string) => {
    const value = presented(auth.schemes[name], headers, url);
    return value !== undefined && value !== '' && (!Object.hasOwn(taken, name) || value === taken[name]);
  };
  return requirement.length === 0 || requirement.some((alternative) => alternative.every(meets));
}

/** Whether the request carries a credential of any scheme (true where the document declares none). */
export function carriesAnyCredential(auth: MockAuth, headers: IncomingHttpHeaders, url: URL): boolean {
  const schemes = Object.values(auth.schemes);
  return schemes.length === 0 || schemes.some((scheme) => carries(scheme, headers, url));
}

function carries(scheme: MockScheme | undefined, headers: IncomingHttpHeaders, url: URL): boolean {
  return (presented(scheme, headers, url) ?? '') !== '';
}

/** The credential a request presents for a scheme (basic's decoded to `user:password`), or undefined. */
function presented(scheme: MockScheme | undefined, headers: IncomingHttpHeaders, url: URL): string | undefined {
  if (!scheme) return undefined;
  const authorization = headerValue(headers, 'authorization') ?? '';
  if (scheme.kind === 'basic') {
    const encoded = /^basic\s+(\S+)/i.exec(authorization)?.[1];
    return encoded === undefined ? undefined : Buffer.from(encoded, 'base64').toString('utf8');
  }
  if (scheme.kind !== 'apiKey') return /^bearer\s+(\S+)/i.exec(authorization)?.[1];
  if (scheme.in === 'query') return url.searchParams.get(scheme.name) ?? undefined;
  if (scheme.in === 'cookie') {
    const value = new RegExp(`(?:^|;)\\s*${scheme.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}=([^;]*)`).exec(headerValue(headers, 'cookie') ?? '')?.[1];
    return value === undefined ? undefined : safeDecode(value);
  }
  return headerValue(headers, scheme.name);
}

/** The 401's message: what the operation accepts. */
export function missingCredential(auth: MockAuth, operationId: string): string {
  const describe = (name: string) => {
    const scheme = auth.schemes[name];
    if (scheme?.kind === 'apiKey') return `the API key ${name} in the ${scheme.in} ${scheme.name}`;
    return `an Authorization: ${scheme?.kind === 'basic' ? 'Basic' : 'Bearer'} header`;
  };
  const requirement = requirementOf(auth, operationId);
  if ('unsatisfiable' in requirement) return `this operation cannot be called here: ${requirement.unsatisfiable}`;
  const only = requirement.length === 1 && requirement[0]?.length === 1 ? auth.schemes[requirement[0][0] as string] : undefined;
  if (only?.kind === 'apiKey') return `missing API key: send it in the ${only.in} ${only.name}`;
  if (only) return `missing credentials: send an Authorization: ${only.kind === 'basic' ? 'Basic' : 'Bearer'} header`;
  const alternatives = new Set(requirement.map((alternative) => alternative.map(describe).join(' and ')));
  return `missing credentials: send ${[...alternatives].join(', or ')}`;
}

/** The headers credentials travel in (lower case), for CORS. */
export function credentialHeaders(auth: MockAuth): string[] {
  return Object.values(auth.schemes).map((scheme) =>
    scheme.kind === 'apiKey' ? (scheme.in === 'header' ? scheme.name.toLowerCase() : 'cookie') : 'authorization',
  );
}

/** The query parameters and cookies credentials travel in: no field of an operation reads them. */
export function credentialNames(auth: MockAuth, place: 'query' | 'cookie'): string[] {
  return Object.values(auth.schemes).flatMap((scheme) => (scheme.kind === 'apiKey' && scheme.in === place ? [scheme.name] : []));
}

/** Headers as recorded: every credential's header (or the cookies) removed, never a value kept. */
export function withoutCredentials(auth: MockAuth, headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const copy: IncomingHttpHeaders = { ...headers };
  for (const name of credentialHeaders(auth)) delete copy[name];
  return copy;
}
