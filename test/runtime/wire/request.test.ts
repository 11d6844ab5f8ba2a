/** The request of a call (runtime/wire/request.ts): built once, then given each attempt's credentials. */
import { describe, expect, it } from 'vitest';
import type { AppliedCredentials } from '../../../templates/runtime/auth/credentials.js';
import { RequestValidationError } from '../../../templates/runtime/errors.js';
import { buildRequest, withCredentials } from '../../../templates/runtime/wire/request.js';
import { operationSpec } from '../operation-spec.js';

const client = { baseUrl: 'https://api.example.com/v1/', headers: { 'x-team': 'blue' } };
const none: AppliedCredentials = { schemes: [], headers: [], query: [], cookies: [], tokens: [] };

describe('buildRequest', () => {
  it('joins the base address, puts a query written into the path first, and leaves framing headers to fetch', () => {
    const spec = operationSpec({
      path: '/alerts?lat={lat}',
      fields: [
        { name: 'lat', in: 'path', required: true },
        { name: 'limit', in: 'query', required: false },
        { name: 'Content-Length', in: 'header', required: false },
      ],
    });
    const request = buildRequest(spec, { lat: 5, limit: 2, 'Content-Length': '9' }, { query: { extra: true } }, undefined, client);
    expect([request.url, request.headers]).toStrictEqual([
      'https://api.example.com/v1/alerts?lat=5&limit=2&extra=true',
      { accept: 'application/json', 'x-team': 'blue' },
    ]);
  });

  it('sends the idempotency key in its header, and a call header over the client one', () => {
    const spec = operationSpec({ method: 'POST', idempotency: { header: 'Idempotency-Key' } });
    const request = buildRequest(spec, {}, { headers: { 'X-Team': 'red' } }, 'key-1', client);
    expect(request.headers).toStrictEqual({ accept: 'application/json', 'x-team': 'blue', 'Idempotency-Key': 'key-1', 'X-Team': 'red' });
    expect(request.callHeaders).toStrictEqual(['x-team']);
  });

  it('refuses a header fetch would refuse, never quoting its value', () => {
    const attempt = () => buildRequest(operationSpec(), {}, { headers: { 'x-note': 'line\nbreak-secret' } }, undefined, client);
    expect(attempt).toThrow(RequestValidationError);
    expect(attempt).toThrow(/headers\.x-note: is not a valid HTTP header$/);
  });
});

describe('withCredentials', () => {
  const request = buildRequest(operationSpec(), {}, { query: { key: 'mine' }, headers: { Authorization: 'Bearer own' } }, undefined, client);

  it('is the request itself where the operation sends no credential', () => {
    expect(withCredentials(operationSpec(), request, none)).toBe(request);
  });

  it("puts each credential in its place, a query one in place of the call's pair of that name, a call's own header winning", () => {
    const sent = withCredentials(operationSpec(), request, {
      schemes: ['Bearer', 'Key', 'Cookie'],
      headers: [['authorization', 'Bearer tok', 'Bearer']],
      query: [['key', 'k-1']],
      cookies: ['session=s%201'],
      tokens: [],
    });
    expect([sent.url, sent.headers['Authorization'], sent.headers['authorization'], sent.headers['cookie']]).toStrictEqual([
      'https://api.example.com/v1/things?key=k-1',
      'Bearer own',
      undefined,
      'session=s%201',
    ]);
    expect(sent.credentialQuery).toStrictEqual([['key', 'k-1']]);
  });

  it("sets a query credential in place of the one a page's address carries: it goes once", () => {
    const page = buildRequest(operationSpec(), {}, {}, undefined, client, new URL('https://api.example.com/v1/things?page=2&key=%5Bredacted%5D&b=1'));
    const sent = withCredentials(operationSpec(), page, { schemes: ['Key'], headers: [], query: [['key', 'k-1']], cookies: [], tokens: [] });
    expect(sent.url).toBe('https://api.example.com/v1/things?page=2&b=1&key=k-1');
  });
});
