/** Which redirects an attempt follows, and with what (runtime/core/redirects.ts, nextHop), without a network. */
import { describe, expect, it } from 'vitest';
import { Redactor } from '../../../templates/runtime/auth/redaction.js';
import { nextHop, type RedirectPolicy } from '../../../templates/runtime/core/redirects.js';
import { RedirectError } from '../../../templates/runtime/errors.js';
import type { BuiltRequest } from '../../../templates/runtime/wire/request.js';
import { operationSpec } from '../operation-spec.js';

const redactor = new Redactor();
redactor.add('key-7f3a9c21', true);
const policy = (redirects?: RedirectPolicy['redirects']): RedirectPolicy => ({
  origin: 'https://api.example.com',
  redirects,
  schemes: { Key: { kind: 'apiKey', in: 'header', name: 'X-Key' }, Q: { kind: 'apiKey', in: 'query', name: 'key' } },
  redactor,
});
const hop: BuiltRequest = {
  url: 'https://api.example.com/a?key=key-7f3a9c21',
  method: 'POST',
  headers: { 'X-Key': 'key-7f3a9c21', 'content-type': 'application/json', 'x-mine': 'key-7f3a9c21' },
  body: '{}',
  shownBody: {},
  credentialed: true,
  callHeaders: [],
  leadingQuery: [],
  query: '',
  credentialQuery: [['key', 'key-7f3a9c21']],
};
const redirect = (status: number, location: string) => new Response(null, { status, headers: { location } });

describe('nextHop', () => {
  it('is none for an answer that is no redirect', () => {
    expect(nextHop(policy(), operationSpec(), new Response('{}'), hop, 0)).toBe(undefined);
  });

  it('follows a 307 within the origin with the method, body and credential', () => {
    const next = nextHop(policy(), operationSpec(), redirect(307, '/b'), hop, 0);
    expect([next?.url, next?.method, next?.body, next?.headers['X-Key']]).toStrictEqual([
      'https://api.example.com/b?key=key-7f3a9c21',
      'POST',
      '{}',
      'key-7f3a9c21',
    ]);
  });

  it('turns a 303 into a GET without a body', () => {
    const next = nextHop(policy(), operationSpec(), redirect(303, '/c'), hop, 0);
    expect([next?.method, next?.body, next?.headers['content-type']]).toStrictEqual(['GET', undefined, undefined]);
  });

  it('refuses another origin by default, naming only its origin', () => {
    const attempt = () => nextHop(policy(), operationSpec(), redirect(302, 'https://evil.example/steal?x=1'), hop, 0);
    expect(attempt).toThrow(RedirectError);
    expect(attempt).toThrow(/HTTP 302 to https:\/\/evil\.example\)/);
  });

  it('follows another origin without any copy of the credential where asked to', () => {
    const next = nextHop(policy('follow-without-credential'), operationSpec(), redirect(307, 'https://cdn.example/b?key=key-7f3a9c21'), hop, 0);
    expect([next?.url, next?.headers, next?.credentialed]).toStrictEqual(['https://cdn.example/b', { 'content-type': 'application/json' }, false]);
  });

  it('refuses past 5 hops and a Location that is no http(s) address', () => {
    expect(() => nextHop(policy(), operationSpec(), redirect(302, '/d'), hop, 5)).toThrow(/more than 5 redirects/);
    expect(() => nextHop(policy(), operationSpec(), redirect(302, 'ftp://api.example.com/x'), hop, 0)).toThrow(/no http\(s\) address/);
  });
});
