/** The `Link` header as paging reads it (runtime/paging/link-header.ts). */
import { describe, expect, it } from 'vitest';
import { nextLink } from '../../../templates/runtime/paging/link-header.js';

describe('nextLink', () => {
  it.each<[string, { given: string; want: string | undefined }]>([
    [
      "GitHub's",
      {
        given: '<https://api.github.com/repositories/1/issues?page=2>; rel="next", <https://api.github.com/repositories/1/issues?page=5>; rel="last"',
        want: 'https://api.github.com/repositories/1/issues?page=2',
      },
    ],
    ['the last page: no next', { given: '<https://api.example.com/x?page=1>; rel="first", <https://api.example.com/x?page=4>; rel="prev"', want: undefined }],
    ['a rel of several types, in any case, unquoted', { given: '</x?page=3>; title="n, m"; REL="prev NEXT"', want: '/x?page=3' }],
    ['a token rel and other parameters', { given: '<https://a.example/p2>; rel=next; type="application/json"', want: 'https://a.example/p2' }],
    ['empty', { given: '', want: undefined }],
  ])('%s', (_name, { given, want }) => {
    expect(nextLink(given)).toBe(want);
  });

  it.each([
    ['no angle brackets', 'https://api.example.com/x?page=2; rel="next"', 'expected <address>; rel="..." at "https://api.example.com/x?page=2; rel="n"'],
    ['no comma between links', '<a>; rel="next" <b>; rel="last"', 'expected a comma between links at "<b>; rel="last""'],
    ['an unclosed bracket', '<https://api.example.com/x; rel="next"', 'expected <address>; rel="..." at "<https://api.example.com/x; rel="next""'],
  ])('a malformed header is an error saying where: %s', (_name, header, message) => {
    expect(() => nextLink(header)).toThrow(message);
  });
});
