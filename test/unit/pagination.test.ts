/**
 * The model's pagination of an operation (model/pagination.ts, pagination-extensions.ts): detected
 * from the document's names, or declared by `x-pagination` or `x-speakeasy-pagination`.
 */
import { describe, expect, it } from 'vitest';
import { buildModel } from '../../generator/model/build-model.js';
import { parsePayloadPath, payloadPathText } from '../../generator/model/payload-paths.js';
import type { PaginationModel } from '../../generator/model/types.js';

const source = { path: 'test.yaml', label: 'test.yaml', hash: 'h' };
const query = (name: string, type = 'string') => ({ name, in: 'query', schema: { type } });
const list = (item: Record<string, unknown> = { type: 'object', properties: { id: { type: 'string' } } }) => ({ type: 'array', items: item });
const json = (schema: unknown, headers?: Record<string, unknown>) => ({
  '200': { description: 'ok', content: { 'application/json': { schema } }, ...(headers ? { headers } : {}) },
});

/** The pagination the model gives one GET (its parameters, its 200's schema and headers, extensions), and the problems. */
function paged(operation: Record<string, unknown>, components: Record<string, unknown> = {}): { pagination: PaginationModel | undefined; problems: string[] } {
  const { model, problems } = buildModel(
    {
      openapi: '3.0.3',
      info: { title: 'T', version: '1' },
      paths: { '/things': { get: { operationId: 'listThings', ...operation } } },
      components: { schemas: components },
    },
    { apiName: 'api', source },
  );
  return { pagination: model.operations[0]?.pagination, problems: problems.map((p) => `${p.severity} ${p.pointer} ${p.message}`) };
}

describe('pagination detected from the names', () => {
  it.each<[string, { given: Record<string, unknown>; want: Omit<PaginationModel, 'source'> | undefined }]>([
    [
      'a Link header (GitHub), with page and per_page',
      {
        given: { parameters: [query('per_page', 'integer'), query('page', 'integer')], responses: json(list(), { Link: { schema: { type: 'string' } } }) },
        want: { style: 'link', items: [], param: 'page', sizeParam: 'per_page' },
      },
    ],
    [
      "a cursor answered by has_more and the last item's id (Stripe)",
      {
        given: {
          parameters: [query('limit', 'integer'), query('starting_after')],
          responses: json({ type: 'object', properties: { data: list(), has_more: { type: 'boolean' }, url: { type: 'string' } } }),
        },
        want: { style: 'cursor', items: ['data'], param: 'starting_after', nextCursor: ['data', -1, 'id'], hasMore: ['has_more'], sizeParam: 'limit' },
      },
    ],
    [
      'a page token answered by nextPageToken (Google)',
      {
        given: {
          parameters: [query('pageToken'), query('maxResults', 'integer')],
          responses: json({ type: 'object', properties: { kind: { type: 'string' }, items: list(), nextPageToken: { type: 'string' } } }),
        },
        want: { style: 'cursor', items: ['items'], param: 'pageToken', nextCursor: ['nextPageToken'], sizeParam: 'maxResults' },
      },
    ],
    [
      "a cursor answered in an object of the payload (Slack's response_metadata.next_cursor), through a $ref",
      {
        given: {
          parameters: [query('cursor')],
          responses: json({ $ref: '#/components/schemas/Page' }),
        },
        want: { style: 'cursor', items: ['members'], param: 'cursor', nextCursor: ['response_metadata', 'next_cursor'] },
      },
    ],
    [
      'offset and limit',
      {
        given: {
          parameters: [query('offset', 'integer'), query('limit', 'integer')],
          responses: json({ type: 'object', properties: { items: list(), total: { type: 'integer' } } }),
        },
        want: { style: 'offset', items: ['items'], param: 'offset', sizeParam: 'limit' },
      },
    ],
    [
      'page and per_page without a Link header, counted from 0 where the page starts there',
      {
        given: {
          parameters: [{ ...query('page', 'integer'), schema: { type: 'integer', minimum: 0 } }, query('page_size', 'integer')],
          responses: json({ allOf: [{ $ref: '#/components/schemas/Counted' }, { properties: { results: list() } }] }),
        },
        want: { style: 'page', items: ['results'], param: 'page', sizeParam: 'page_size', totalPages: ['total_pages'], firstPage: 0 },
      },
    ],
    [
      "the next page's address in the payload (Azure's nextLink)",
      {
        given: { responses: json({ type: 'object', properties: { value: list(), nextLink: { type: 'string' } } }) },
        want: { style: 'url', items: ['value'], nextUrl: ['nextLink'] },
      },
    ],
    [
      "a page parameter of text answered by next_page (Stripe's search), items of several kinds each with an id",
      {
        given: {
          parameters: [query('page'), query('limit', 'integer')],
          responses: json({
            type: 'object',
            properties: {
              data: list({ anyOf: [{ $ref: '#/components/schemas/Card' }, { $ref: '#/components/schemas/Card' }] }),
              has_more: { type: 'boolean' },
              next_page: { type: 'string', nullable: true },
            },
          }),
        },
        want: { style: 'cursor', items: ['data'], param: 'page', nextCursor: ['next_page'], hasMore: ['has_more'], sizeParam: 'limit' },
      },
    ],
    [
      "a Link header on one resource's object, with nothing to ask for a page by (GitHub's hosted runner and its IP addresses)",
      {
        given: { responses: json({ type: 'object', properties: { id: { type: 'integer' }, public_ips: list() } }, { Link: { schema: { type: 'string' } } }) },
        want: undefined,
      },
    ],
    [
      "a page object under the payload's one property (Spotify), its fields beside its list",
      {
        given: {
          parameters: [query('after'), query('limit', 'integer')],
          responses: json({
            type: 'object',
            properties: {
              artists: {
                type: 'object',
                properties: { items: list(), next: { type: 'string' }, cursors: { type: 'object', properties: { after: { type: 'string' } } } },
              },
            },
          }),
        },
        want: { style: 'cursor', items: ['artists', 'items'], param: 'after', nextCursor: ['artists', 'cursors', 'after'], sizeParam: 'limit' },
      },
    ],
    [
      "a Link header on a choice of lists (GitHub's stargazers: users, or stargazers with the time they starred)",
      {
        given: {
          parameters: [query('per_page', 'integer'), query('page', 'integer')],
          responses: json(
            { anyOf: [list(), list({ type: 'object', properties: { starred_at: { type: 'string' } } })] },
            { Link: { schema: { type: 'string' } } },
          ),
        },
        want: { style: 'link', items: [], param: 'page', sizeParam: 'per_page' },
      },
    ],
    [
      'a choice of a list or an object is no page',
      {
        given: {
          parameters: [query('per_page', 'integer'), query('page', 'integer')],
          responses: json({ oneOf: [list(), { type: 'object', properties: { id: { type: 'string' } } }] }, { Link: { schema: { type: 'string' } } }),
        },
        want: undefined,
      },
    ],
    ['a cursor parameter with nothing that answers it', { given: { parameters: [query('cursor')], responses: json(list()) }, want: undefined }],
    ['a list without paging parameters', { given: { responses: json(list()) }, want: undefined }],
    [
      'a payload of several lists none named as a page',
      { given: { parameters: [query('page', 'integer')], responses: json({ type: 'object', properties: { users: list(), teams: list() } }) }, want: undefined },
    ],
    [
      'a payload without a list',
      { given: { parameters: [query('page', 'integer')], responses: json({ type: 'object', properties: { id: { type: 'string' } } }) }, want: undefined },
    ],
  ])('%s', (_name, { given, want }) => {
    const components = {
      Page: {
        type: 'object',
        properties: { ok: { type: 'boolean' }, members: list(), response_metadata: { type: 'object', properties: { next_cursor: { type: 'string' } } } },
      },
      Counted: { type: 'object', properties: { total_pages: { type: 'integer' } } },
      Card: { type: 'object', properties: { id: { type: 'string' }, last4: { type: 'string' } } },
    };
    const { pagination } = paged(given, components);
    expect(pagination).toStrictEqual(want === undefined ? undefined : { ...want, source: 'detected' });
  });

  it('is none for an operation that is not a read (a POST), whatever its names', () => {
    const { model } = buildModel(
      {
        openapi: '3.0.3',
        info: { title: 'T', version: '1' },
        paths: { '/things': { post: { operationId: 'search', parameters: [query('page', 'integer')], responses: json(list()) } } },
      },
      { apiName: 'api', source },
    );
    expect(model.operations[0]?.pagination).toBe(undefined);
  });
});

describe('pagination declared by an extension', () => {
  const stripe = { type: 'object', properties: { data: list(), has_more: { type: 'boolean' } } };

  it('x-pagination overrides what the names say, its paths into the response body', () => {
    const { pagination } = paged({
      parameters: [query('page', 'integer'), query('after'), query('first', 'integer')],
      responses: json({
        type: 'object',
        properties: { edges: list(), pageInfo: { type: 'object', properties: { endCursor: { type: 'string' }, more: { type: 'boolean' } } } },
      }),
      'x-pagination': { style: 'cursor', items: '$.edges', param: 'after', size: 'first', nextCursor: '$.pageInfo.endCursor', hasMore: 'pageInfo.more' },
    });
    expect(pagination).toStrictEqual({
      style: 'cursor',
      source: 'x-pagination',
      items: ['edges'],
      param: 'after',
      sizeParam: 'first',
      nextCursor: ['pageInfo', 'endCursor'],
      hasMore: ['pageInfo', 'more'],
    });
  });

  it('x-pagination: false says an operation is not paged', () => {
    expect(paged({ parameters: [query('page', 'integer')], responses: json(list()), 'x-pagination': false }).pagination).toBe(undefined);
  });

  it.each<[string, { given: unknown; want: Omit<PaginationModel, 'source'> }]>([
    [
      'cursor',
      {
        given: {
          type: 'cursor',
          inputs: [
            { name: 'starting_after', in: 'parameters', type: 'cursor' },
            { name: 'limit', in: 'parameters', type: 'limit' },
          ],
          outputs: { results: '$.data', nextCursor: '$.data[-1].id' },
        },
        want: { style: 'cursor', items: ['data'], param: 'starting_after', sizeParam: 'limit', nextCursor: ['data', -1, 'id'] },
      },
    ],
    [
      'offsetLimit with a page input',
      {
        given: { type: 'offsetLimit', inputs: [{ name: 'page', in: 'parameters', type: 'page' }], outputs: { results: '$.data', numPages: '$.pages' } },
        want: { style: 'page', items: ['data'], param: 'page', totalPages: ['pages'] },
      },
    ],
    [
      'offsetLimit with an offset input',
      {
        given: {
          type: 'offsetLimit',
          inputs: [
            { name: 'offset', in: 'parameters', type: 'offset' },
            { name: 'limit', in: 'parameters', type: 'limit' },
          ],
          outputs: { results: '$.data' },
        },
        want: { style: 'offset', items: ['data'], param: 'offset', sizeParam: 'limit' },
      },
    ],
    ['url', { given: { type: 'url', outputs: { results: '$.data', nextUrl: '$.next' } }, want: { style: 'url', items: ['data'], nextUrl: ['next'] } }],
  ])("Speakeasy's x-speakeasy-pagination: %s", (_name, { given, want }) => {
    const { pagination, problems } = paged({
      parameters: [query('starting_after'), query('limit', 'integer'), query('page', 'integer'), query('offset', 'integer')],
      responses: json({ ...stripe, properties: { ...stripe.properties, pages: { type: 'integer' }, next: { type: 'string' } } }),
      'x-speakeasy-pagination': given,
    });
    expect([pagination, problems]).toStrictEqual([{ ...want, source: 'x-speakeasy-pagination' }, []]);
  });

  it.each<[string, { given: unknown; want: string }]>([
    ['an unknown style', { given: { style: 'scroll' }, want: 'x-pagination.style is one of link, cursor, page, offset, url' }],
    ['a list that is none', { given: { style: 'page', param: 'page', items: '$.has_more' }, want: 'x-pagination.items (has_more) is no list of the response' }],
    [
      'a parameter the operation lacks',
      { given: { style: 'page', items: 'data', param: 'pg' }, want: 'x-pagination.param ("pg") is no query parameter or body property of the operation' },
    ],
    [
      'a path that is none',
      {
        given: { style: 'cursor', items: 'data', param: 'after', nextCursor: 'data[last]' },
        want: 'x-pagination.nextCursor is a path into the response body: `$.data`, `$.meta.next_cursor`, `$.data[-1].id`',
      },
    ],
    [
      'a cursor without its next cursor',
      { given: { style: 'cursor', items: 'data', param: 'after' }, want: 'x-pagination of style cursor names where the next cursor is (nextCursor)' },
    ],
  ])('a declaration the operation cannot meet is an error at its place: %s', (_name, { given, want }) => {
    const { pagination, problems } = paged({ parameters: [query('page', 'integer'), query('after')], responses: json(stripe), 'x-pagination': given });
    expect(pagination).toBe(undefined);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^error #\/paths\/~1things\/get\/x-pagination/);
    expect(problems[0]).toContain(want);
  });
});

describe('payload paths', () => {
  it.each<[string, (string | number)[] | undefined]>([
    ['$', []],
    ['$.data', ['data']],
    ['data.items', ['data', 'items']],
    ["$.data[-1]['the id']", ['data', -1, 'the id']],
    ['$["@odata.nextLink"]', ['@odata.nextLink']],
    ['$.data[last]', undefined],
    ['$..data', undefined],
  ])('%s', (text, want) => {
    expect(parsePayloadPath(text)).toStrictEqual(want);
    if (want) expect(parsePayloadPath(payloadPathText(want))).toStrictEqual(want);
  });
});
