import { matchRequestUrl } from 'msw';
import { describe, expect, it } from 'vitest';
import { concreteFirst, defaultBaseUrl, mswPath } from '../../generator/emit/msw/msw-path.js';
import type { ServerModel } from '../../generator/model/types.js';

describe('mswPath', () => {
  const table: [string, { given: string; want: string }][] = [
    ['a literal path as it is', { given: '/open/podcast/v1/quota/summary', want: '/open/podcast/v1/quota/summary' }],
    ['a parameter as :name', { given: '/catalogs/{kind}', want: '/catalogs/:kind' }],
    ['a name path-to-regexp cannot read kept to its letters', { given: '/books/{book-id}/pages/{page.no}', want: '/books/:book_id/pages/:page_no' }],
    ['two parameters with text between them', { given: '/commits/{sha}.{diffType}', want: '/commits/:sha.:diffType' }],
    ['two with none between them: the first matches both', { given: '/files/{id}{ext}', want: '/files/:id' }],
    ['characters path-to-regexp reads, escaped', { given: '/v1/{name}:cancel/(all)+', want: '/v1/:name\\:cancel/\\(all\\)\\+' }],
    ['a literal * as MSW reads it, a wildcard', { given: '/files/*/latest', want: '/files/*/latest' }],
    ['without a fragment', { given: '/#X-Amz-Target=Svc.Op', want: '/' }],
    ['without a query part written into the template', { given: '/alerts?lat={lat}&lon={lon}', want: '/alerts' }],
  ];
  it.each(table)('%s', (_, { given, want }) => expect(mswPath(given)).toBe(want));

  // MSW's own reading of the paths made: what a request to each address matches, with what parameters.
  const requests: [string, { given: string; url: string; want: Record<string, string> | false }][] = [
    ['a dashed name', { given: '/books/{book-id}', url: 'https://a.example/books/7', want: { book_id: '7' } }],
    ['a colon after a parameter', { given: '/v1/{name}:cancel', url: 'https://a.example/v1/op-1:cancel', want: { name: 'op-1' } }],
    ['not the colon’s other verb', { given: '/v1/{name}:cancel', url: 'https://a.example/v1/op-1:undo', want: false }],
    ['parentheses and a plus, as written', { given: '/v1/(all)+', url: 'https://a.example/v1/(all)+', want: {} }],
    ['two parameters around a dot', { given: '/commits/{sha}.{diffType}', url: 'https://a.example/commits/abc.diff', want: { sha: 'abc', diffType: 'diff' } }],
    ['not without the dot', { given: '/commits/{sha}.{diffType}', url: 'https://a.example/commits/abc', want: false }],
    ['a literal * as a wildcard', { given: '/files/*/latest', url: 'https://a.example/files/x/y/latest', want: { '0': 'x/y' } }],
  ];
  it.each(requests)('is read by MSW as meant: %s', (_, { given, url, want }) => {
    const { matches, params } = matchRequestUrl(new URL(url), `https://a.example${mswPath(given)}`);
    expect(matches ? { ...params } : false).toStrictEqual(want);
  });
});

describe('defaultBaseUrl', () => {
  const server = (url: string, variables: ServerModel['variables'] = []): ServerModel => ({ url, variables });
  const table: [string, { given: ServerModel[]; want: string }][] = [
    [
      'the first server, its variables at their defaults',
      {
        given: [server('{base_url}', [{ name: 'base_url', default: 'https://api.example.com' }]), server('https://b.example.com')],
        want: 'https://api.example.com',
      },
    ],
    ['without a trailing slash', { given: [server('https://api.example.com/v2/')], want: 'https://api.example.com/v2' }],
    ['a relative one on any origin', { given: [server('/api/{version}', [{ name: 'version', default: 'v2' }])], want: '*/api/v2' }],
    ['a relative one without its slash', { given: [server('api')], want: '*/api' }],
    ['the root on any origin', { given: [server('/')], want: '*' }],
    ['none: any origin', { given: [], want: '*' }],
  ];
  it.each(table)('%s', (_, { given, want }) => expect(defaultBaseUrl(given)).toBe(want));
});

describe('concreteFirst', () => {
  const table: [string, { given: string[]; want: string[] }][] = [
    ['a literal segment before a parameter', { given: ['/users/{id}', '/users/me'], want: ['/users/me', '/users/{id}'] }],
    ['a parameter with text beside it before one alone', { given: ['/books/{id}', '/books/{id}.{ext}'], want: ['/books/{id}.{ext}', '/books/{id}'] }],
    ['the first segment that differs decides', { given: ['/{a}/b', '/a/{b}'], want: ['/a/{b}', '/{a}/b'] }],
    ['else the document’s order', { given: ['/b/{id}', '/a', '/a/{id}/x', '/b/{name}'], want: ['/b/{id}', '/a', '/a/{id}/x', '/b/{name}'] }],
  ];
  it.each(table)('%s', (_, { given, want }) => expect(concreteFirst(given, (path) => path)).toStrictEqual(want));
});
