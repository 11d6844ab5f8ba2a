/** The parameter writers of runtime/wire/params.ts, on their own: each style's text, and the path filled in. */
import { describe, expect, it } from 'vitest';
import { RequestValidationError } from '../../../templates/runtime/errors.js';
import type { FieldSpec } from '../../../templates/runtime/spec.js';
import {
  deepObjectQuery,
  fillPath,
  formCookie,
  formQuery,
  labelPath,
  matrixPath,
  pipeDelimitedQuery,
  spaceDelimitedQuery,
} from '../../../templates/runtime/wire/params.js';
import { operationSpec } from '../operation-spec.js';

const field = (more: Partial<FieldSpec> = {}): FieldSpec => ({ name: 'v', in: 'query', required: false, ...more });

/** The query string a writer makes of one value. */
function query(append: (q: URLSearchParams, f: FieldSpec, v: unknown) => void, more: Partial<FieldSpec>, value: unknown): string {
  const q = new URLSearchParams();
  append(q, field(more), value);
  return decodeURIComponent(q.toString().replace(/\+/g, ' '));
}

describe('query writers', () => {
  it.each<[string, { given: [typeof formQuery, Partial<FieldSpec>, unknown]; want: string }]>([
    ['form, exploded by default', { given: [formQuery, {}, ['a', 'b']], want: 'v=a&v=b' }],
    ['form, not exploded', { given: [formQuery, { explode: false }, ['a', 'b']], want: 'v=a,b' }],
    ['form, an object exploded into its own keys', { given: [formQuery, {}, { x: 1, y: 2 }], want: 'x=1&y=2' }],
    ['form, of a style it does not know: unexploded', { given: [formQuery, { style: 'tabDelimited' }, ['a', 'b']], want: 'v=a,b' }],
    ['spaceDelimited', { given: [spaceDelimitedQuery, {}, [1, 2]], want: 'v=1 2' }],
    ['pipeDelimited', { given: [pipeDelimitedQuery, {}, [1, 2]], want: 'v=1|2' }],
    ['deepObject', { given: [deepObjectQuery, {}, { a: 1, range: [1, 9] }], want: 'v[a]=1&v[range]=1,9' }],
    ['the wire name where it differs', { given: [formQuery, { wireName: 'per-page' }, 5], want: 'per-page=5' }],
  ])('%s', (_name, { given: [writer, more, value], want }) => {
    expect(query(writer, more, value)).toBe(want);
  });
});

describe('path and cookie writers', () => {
  it.each<[string, { given: [(f: FieldSpec, v: unknown) => string, Partial<FieldSpec>, unknown]; want: string }]>([
    ['label, a dot escaped', { given: [labelPath, {}, 'v1.2'], want: '.v1%2E2' }],
    ['label, exploded array', { given: [labelPath, { explode: true }, ['a', 'b']], want: '.a.b' }],
    ['matrix, array', { given: [matrixPath, {}, ['a', 'b']], want: ';v=a,b' }],
    ['matrix, exploded object', { given: [matrixPath, { explode: true }, { a: 1, b: 2 }], want: ';a=1;b=2' }],
    ['cookie, exploded array (the default)', { given: [formCookie, {}, ['a b', 'c']], want: 'v=a%20b; v=c' }],
    ['cookie, object not exploded', { given: [formCookie, { explode: false }, { a: 1 }], want: 'v=a,1' }],
  ])('%s', (_name, { given: [writer, more, value], want }) => {
    expect(writer(field(more), value)).toBe(want);
  });
});

describe('fillPath', () => {
  const spec = operationSpec({
    path: '/groups/{group}/items/{id}',
    fields: [field({ name: 'group', in: 'path' }), field({ name: 'id', in: 'path', style: 'label' })],
  });

  it('writes each parameter in its style, percent-escaped', () => {
    expect(fillPath(spec, { group: 'a/b', id: 'x' })).toBe('/groups/a%2Fb/items/.x');
  });

  it('refuses a value that makes a segment a step of the path, naming the parameter', () => {
    expect(() => fillPath(spec, { group: '..', id: 'x' })).toThrow(RequestValidationError);
    // An escape of a dot reads as a dot: a writer that leaves it as it is (a style's own) is held to the same rule.
    const raw = operationSpec({ path: '/groups/{group}', fields: [field({ name: 'group', in: 'path', write: (_f, v) => String(v) })] });
    expect(() => fillPath(raw, { group: '%2E' })).toThrow(/"%2E", which a URL reads as a step of the path/);
    expect(fillPath(spec, { group: '%2E', id: 'x' })).toBe('/groups/%252E/items/.x');
  });
});
