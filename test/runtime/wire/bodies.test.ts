/** The body encoders of runtime/wire/bodies.ts, on their own. */
import { describe, expect, it } from 'vitest';
import type { OperationSpec } from '../../../templates/runtime/spec.js';
import { encodeBody, formBody, formQuerystring, multipartBody, textQuerystring } from '../../../templates/runtime/wire/bodies.js';
import { formQuery } from '../../../templates/runtime/wire/params.js';
import { operationSpec } from '../operation-spec.js';

const body = (kind: NonNullable<OperationSpec['body']>['kind'], contentType: string, flattened = false): OperationSpec =>
  operationSpec({
    method: 'POST',
    body: { kind, contentType, required: false, flattened },
    fields: flattened ? [{ name: 'a', in: 'body-field', required: false }] : [],
  });

describe('encodeBody', () => {
  it.each<[string, { given: [OperationSpec, Record<string, unknown>]; want: { body: unknown; type: string | undefined } }]>([
    ['JSON, whole', { given: [body('json', 'application/json'), { body: { a: 1 } }], want: { body: '{"a":1}', type: 'application/json' } }],
    ['JSON, flattened fields', { given: [body('json', 'application/json', true), { a: 2 }], want: { body: '{"a":2}', type: 'application/json' } }],
    ['text', { given: [body('text', 'text/plain'), { body: 5 }], want: { body: '5', type: 'text/plain' } }],
    [
      'form',
      {
        given: [body('form', 'application/x-www-form-urlencoded'), { body: { a: [1, 2], b: null } }],
        want: { body: 'a=1&a=2', type: 'application/x-www-form-urlencoded' },
      },
    ],
    [
      'nothing where an optional flattened body has no field',
      { given: [body('json', 'application/json', true), {}], want: { body: undefined, type: undefined } },
    ],
  ])('%s', (_name, { given: [spec, input], want }) => {
    const headers: Record<string, string> = {};
    const { body: sent } = encodeBody(spec, input, headers);
    expect({ body: sent, type: headers['content-type'] }).toStrictEqual(want);
  });

  it("leaves multipart's media type to fetch, which writes the boundary", () => {
    const headers: Record<string, string> = {};
    const { body: sent, shown } = encodeBody(body('multipart', 'multipart/form-data'), { body: { a: 'x' } }, headers);
    expect([sent instanceof FormData, headers['content-type'], shown]).toStrictEqual([true, undefined, { a: 'x' }]);
  });

  it('shows bytes as [binary], never their content', () => {
    expect(encodeBody(body('binary', 'application/octet-stream'), { body: new Blob(['secret']) }, {}).shown).toBe('[binary]');
  });
});

describe('form and multipart encoders, and the 3.2 query string', () => {
  it("writes a form property the body's encoding styles as that style's query writer does", () => {
    const spec = operationSpec({
      body: { kind: 'form', contentType: 'application/x-www-form-urlencoded', required: true, flattened: true },
      fields: [{ name: 'tags', in: 'body-field', required: false, explode: false, append: formQuery }],
    });
    expect(formBody({ tags: ['a', 'b'], n: { x: 1 } }, spec)).toBe('tags=a%2Cb&n=%7B%22x%22%3A1%7D');
  });

  it('writes multipart files as files, objects as JSON and arrays as repeated parts', () => {
    const form = multipartBody({ file: new Blob(['x']), meta: { a: 1 }, tag: ['p', 'q'] });
    expect([form.get('file') instanceof Blob, form.get('meta'), form.getAll('tag')]).toStrictEqual([true, '{"a":1}', ['p', 'q']]);
  });

  it('writes a whole query string as a form or as escaped text', () => {
    const field = { name: 'q', in: 'querystring' as const, required: true, contentType: 'application/json' };
    expect([formQuerystring(field, { a: 1, b: [2, 3] }), formQuerystring(field, 'x=1'), textQuerystring(field, { a: 'b c' })]).toStrictEqual([
      'a=1&b=2&b=3',
      'x=1',
      '%7B%22a%22%3A%22b%20c%22%7D',
    ]);
  });
});
