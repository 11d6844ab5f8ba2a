/** The credentials an operation sends (runtime/auth/credentials.ts, Authenticator), without a network. */
import { describe, expect, it } from 'vitest';
import { Authenticator, currentAuth } from '../../../templates/runtime/auth/credentials.js';
import { Redactor } from '../../../templates/runtime/auth/redaction.js';
import type { CredentialError } from '../../../templates/runtime/errors.js';
import type { AuthSpec } from '../../../templates/runtime/spec.js';
import { operationSpec } from '../operation-spec.js';

const AUTH: AuthSpec = {
  schemes: {
    key: { kind: 'apiKey', in: 'header', name: 'X-Key' },
    session: { kind: 'apiKey', in: 'cookie', name: 'sid' },
    basic: { kind: 'basic' },
    token: { kind: 'bearer' },
  },
  security: [['key', 'session'], ['basic'], ['token']],
  apiKey: 'key',
};

function authenticator(auth: Record<string, unknown>, apiKey?: string): { it: Authenticator; redactor: Redactor } {
  const redactor = new Redactor();
  const options = { baseUrl: 'https://api.example.com', auth, ...(apiKey === undefined ? {} : { apiKey }) } as never;
  return { it: new Authenticator(options, AUTH, redactor), redactor };
}

describe('Authenticator', () => {
  it('sends the first alternative whose credentials are all given, every scheme of it', async () => {
    const { it: chosen } = authenticator({ session: 's 1', token: async () => 'tok' }, 'key-123');
    expect(await chosen.credentials(operationSpec(), 1000, undefined)).toStrictEqual({
      schemes: ['key', 'session'],
      headers: [['X-Key', 'key-123', 'key']],
      query: [],
      cookies: ['sid=s%201'],
      tokens: [],
    });
  });

  it('encodes basic credentials as UTF-8, and redacts the password of an object given', async () => {
    const { it: basic, redactor } = authenticator({ basic: { username: 'zoë', password: 'pässword' } });
    const applied = await basic.credentials(operationSpec(), 1000, undefined);
    expect(applied.headers).toStrictEqual([['authorization', `Basic ${btoa('zoÃ«:pÃ¤ssword')}`, 'basic']]);
    expect(redactor.redact('pässword')).toBe('[redacted]');
  });

  it('says which options would fill the requirement when none is given', async () => {
    const { it: none } = authenticator({});
    await expect(none.credentials(operationSpec(), 1000, undefined)).rejects.toThrow(
      'getThing needs a credential: auth.key (or apiKey) with auth.session, or auth.basic, or auth.token',
    );
  });

  it('refuses an operation no credential can meet, saying why, and sends nothing for one that needs none', async () => {
    const { it: any } = authenticator({ token: 'tok' });
    await expect(any.credentials(operationSpec({ security: { unsatisfiable: 'mutual TLS (Cert)' } }), 1000, undefined)).rejects.toThrow(
      'getThing cannot be called by this client: mutual TLS (Cert)',
    );
    expect((await any.credentials(operationSpec({ security: [] }), 1000, undefined)).schemes).toStrictEqual([]);
  });

  it('holds a credential function to the time limit, and names the scheme of a function that fails', async () => {
    const { it: slow } = authenticator({ token: () => new Promise<string>(() => undefined) });
    await expect(slow.credentials(operationSpec(), 50, undefined)).rejects.toThrow('getThing: security scheme token: no credential within 50 ms');
    const { it: failing } = authenticator({ token: () => Promise.reject(new Error('vault down')) });
    const error = (await failing.credentials(operationSpec(), 50, undefined).catch((e: unknown) => e)) as CredentialError;
    expect([error.scheme, error.message]).toStrictEqual(['token', 'getThing: security scheme token: its credential function failed']);
  });

  it('refuses options it cannot use', () => {
    expect(() => authenticator({ Nope: 'x' })).toThrow('auth.Nope: the document declares no such security scheme (it declares key, session, basic, token)');
    expect(() => authenticator({ token: { clientId: 'a', clientSecret: 'b' } })).toThrow('auth.token: client credentials are for an OAuth 2.0 scheme');
    expect(() => new Authenticator({ baseUrl: 'https://x' } as never, { ...AUTH, required: true }, new Redactor())).toThrow(
      'apiKey is required (or auth.session, auth.basic, auth.token)',
    );
  });

  it('reads a table of the shape older clients were generated with', () => {
    expect(currentAuth({ kind: 'bearer' } as never)).toStrictEqual({
      schemes: { apiKey: { kind: 'bearer' } },
      security: [['apiKey']],
      apiKey: 'apiKey',
      required: true,
    });
  });
});
