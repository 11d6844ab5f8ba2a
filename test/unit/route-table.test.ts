import { describe, expect, it } from 'vitest';
import { buildModel } from '../../generator/model/build-model.js';
import { failureShape, mockAuth, mockRoutes, type MockAuth, type MockFailureShape, type MockRoute } from '../../generator/emit/mock/route-table.js';

// The mock's route table, read from small documents through the real model: what the mock server
// matches requests by and how it reads each input back from the wire.

const source = { path: 'test.yaml', label: 'test.yaml', hash: 'h' };

interface Given {
  path?: string;
  method?: string;
  operation: Record<string, unknown>;
  components?: Record<string, unknown>;
  openapi?: string;
}

function routeOf({ path = '/a', method = 'get', operation, components = {}, openapi = '3.0.3' }: Given): MockRoute {
  const document = {
    openapi,
    info: { title: 'T', version: '1' },
    paths: { [path]: { [method]: { operationId: 'op', responses: { '200': { description: 'ok' } }, ...operation } } },
    components,
  };
  const { model } = buildModel(document, { apiName: 'test', source });
  const [route, ...rest] = mockRoutes(model);
  if (!route || rest.length > 0) throw new Error('expected one route');
  return route;
}

const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
const query = (name: string, schema: unknown, extra: Record<string, unknown> = {}) => ({ name, in: 'query', schema, ...extra });

describe('mockRoutes: fields by place', () => {
  const cases: [string, { given: Given; want: MockRoute }][] = [
    [
      'path, query, header and cookie parameters, each with the JSON type its text is coerced to',
      {
        given: {
          path: '/items/{id}',
          method: 'get',
          operation: {
            parameters: [
              { name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
              query('ratio', { type: 'number' }),
              query('dry', { type: 'boolean' }),
              { name: 'X-Trace-Id', in: 'header', schema: { type: 'string' } },
              { name: 'session', in: 'cookie', schema: { type: 'string' } },
            ],
          },
        },
        want: {
          operationId: 'op',
          method: 'GET',
          path: '/items/{id}',
          fields: [
            { name: 'id', in: 'path', type: 'integer' },
            { name: 'ratio', in: 'query', type: 'number' },
            { name: 'dry', in: 'query', type: 'boolean' },
            { name: 'X-Trace-Id', in: 'header', type: 'string' },
            { name: 'session', in: 'cookie', type: 'string' },
          ],
        },
      },
    ],
    [
      'a parameter without a schema is text; one whose schema says no type is any',
      {
        given: { operation: { parameters: [{ name: 'plain', in: 'query' }, query('loose', {})] } },
        want: {
          operationId: 'op',
          method: 'GET',
          path: '/a',
          fields: [
            { name: 'plain', in: 'query', type: 'string' },
            { name: 'loose', in: 'query', type: 'any' },
          ],
        },
      },
    ],
    [
      'a renamed input keeps its wire name: the second `id` and a name every object inherits',
      {
        given: {
          path: '/items/{id}',
          operation: {
            parameters: [
              { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
              query('id', { type: 'integer' }),
              query('constructor', { type: 'string' }),
            ],
          },
        },
        want: {
          operationId: 'op',
          method: 'GET',
          path: '/items/{id}',
          fields: [
            { name: 'id', in: 'path', type: 'string' },
            { name: 'query_id', in: 'query', wireName: 'id', type: 'integer' },
            { name: 'constructor_', in: 'query', wireName: 'constructor', type: 'string' },
          ],
        },
      },
    ],
    [
      'arrays carry their items type, style and explode as the document writes them',
      {
        given: {
          operation: {
            parameters: [
              query('ids', { type: 'array', items: { type: 'integer' } }, { style: 'pipeDelimited', explode: false }),
              query('words', { type: 'array', items: { type: 'string' } }, { style: 'spaceDelimited' }),
              query('flags', { type: 'array', items: { type: 'boolean' } }, { explode: true }),
              query('any', { type: 'array' }),
            ],
          },
        },
        want: {
          operationId: 'op',
          method: 'GET',
          path: '/a',
          fields: [
            { name: 'ids', in: 'query', type: 'array', itemType: 'integer', style: 'pipeDelimited', explode: false },
            { name: 'words', in: 'query', type: 'array', itemType: 'string', style: 'spaceDelimited' },
            { name: 'flags', in: 'query', type: 'array', itemType: 'boolean', explode: true },
            { name: 'any', in: 'query', type: 'array', itemType: 'any' },
          ],
        },
      },
    ],
    [
      "a deepObject's properties are typed, and its array properties' items too",
      {
        given: {
          operation: {
            parameters: [
              query(
                'filter',
                { type: 'object', properties: { ids: { type: 'array', items: { type: 'number' } }, on: { type: 'boolean' }, name: { type: 'string' } } },
                { style: 'deepObject', explode: true },
              ),
            ],
          },
        },
        want: {
          operationId: 'op',
          method: 'GET',
          path: '/a',
          fields: [
            {
              name: 'filter',
              in: 'query',
              type: 'object',
              style: 'deepObject',
              explode: true,
              properties: { ids: 'array', on: 'boolean', name: 'string' },
              propertyItems: { ids: 'number' },
            },
          ],
        },
      },
    ],
    [
      'an object of no declared properties takes any key; its entries are typed only where they are not text',
      {
        given: {
          operation: {
            parameters: [
              query('counts', { type: 'object', additionalProperties: { type: 'integer' } }),
              query('labels', { type: 'object', additionalProperties: { type: 'string' } }),
              query('open', { type: 'object' }),
              query('nested', { type: 'object', additionalProperties: { type: 'object' } }),
            ],
          },
        },
        want: {
          operationId: 'op',
          method: 'GET',
          path: '/a',
          fields: [
            { name: 'counts', in: 'query', type: 'object', properties: {}, anyKeys: true, entryType: 'integer' },
            { name: 'labels', in: 'query', type: 'object', properties: {}, anyKeys: true },
            { name: 'open', in: 'query', type: 'object', properties: {}, anyKeys: true },
            { name: 'nested', in: 'query', type: 'object', properties: {}, anyKeys: true, entryType: 'object' },
          ],
        },
      },
    ],
    [
      'objects read from a path, a header and a cookie have their properties typed',
      {
        given: {
          path: '/points/{point}',
          operation: {
            parameters: [
              {
                name: 'point',
                in: 'path',
                required: true,
                style: 'matrix',
                explode: true,
                schema: { type: 'object', properties: { x: { type: 'number' }, y: { type: 'number' } } },
              },
              { name: 'X-Range', in: 'header', schema: { type: 'object', properties: { from: { type: 'integer' } } } },
              { name: 'prefs', in: 'cookie', schema: { type: 'object', properties: { dark: { type: 'boolean' } } } },
            ],
          },
        },
        want: {
          operationId: 'op',
          method: 'GET',
          path: '/points/{point}',
          fields: [
            { name: 'point', in: 'path', type: 'object', style: 'matrix', explode: true, properties: { x: 'number', y: 'number' } },
            { name: 'X-Range', in: 'header', type: 'object', properties: { from: 'integer' } },
            { name: 'prefs', in: 'cookie', type: 'object', properties: { dark: 'boolean' } },
          ],
        },
      },
    ],
    [
      'an enum without a type takes the type of its first value',
      {
        given: {
          operation: {
            parameters: [
              query('color', { enum: ['red', 'blue'] }),
              query('level', { enum: [1, 2, 3] }),
              query('scale', { enum: [0.5, 1] }),
              query('on', { enum: [true, false] }),
            ],
          },
        },
        want: {
          operationId: 'op',
          method: 'GET',
          path: '/a',
          fields: [
            { name: 'color', in: 'query', type: 'string' },
            { name: 'level', in: 'query', type: 'integer' },
            { name: 'scale', in: 'query', type: 'number' },
            { name: 'on', in: 'query', type: 'boolean' },
          ],
        },
      },
    ],
    [
      'a oneOf or anyOf of several types is scalar, structured or mixed; of one type, that type',
      {
        given: {
          operation: {
            parameters: [
              query('same', {
                oneOf: [
                  { type: 'integer', minimum: 0 },
                  { type: 'integer', maximum: -10 },
                ],
              }),
              query('scalar', { oneOf: [{ type: 'integer' }, { type: 'boolean' }] }),
              query('structured', { anyOf: [{ type: 'object' }, { type: 'array', items: { type: 'string' } }] }),
              query('mixed', { oneOf: [{ type: 'integer' }, { type: 'object' }] }),
              query('textual', { oneOf: [{ type: 'string' }, { type: 'string', format: 'date' }] }),
              query('idOrSlug', { anyOf: [{ type: 'integer' }, { type: 'string' }] }),
            ],
          },
        },
        want: {
          operationId: 'op',
          method: 'GET',
          path: '/a',
          fields: [
            { name: 'same', in: 'query', type: 'integer' },
            { name: 'scalar', in: 'query', type: 'scalar' },
            { name: 'structured', in: 'query', type: 'structured' },
            { name: 'mixed', in: 'query', type: 'mixed' },
            { name: 'textual', in: 'query', type: 'string' },
            { name: 'idOrSlug', in: 'query', type: 'scalar' },
          ],
        },
      },
    ],
    [
      'references are followed and allOf merged before the type is read',
      {
        given: {
          components: {
            schemas: {
              Id: { type: 'integer' },
              Page: { allOf: [{ $ref: '#/components/schemas/Paging' }, { properties: { size: { type: 'integer' } } }] },
              Paging: { type: 'object', properties: { cursor: { type: 'string' } } },
            },
          },
          operation: {
            parameters: [query('id', { $ref: '#/components/schemas/Id' }), query('page', { $ref: '#/components/schemas/Page' }, { style: 'deepObject' })],
          },
        },
        want: {
          operationId: 'op',
          method: 'GET',
          path: '/a',
          fields: [
            { name: 'id', in: 'query', type: 'integer' },
            { name: 'page', in: 'query', type: 'object', style: 'deepObject', properties: { cursor: 'string', size: 'integer' } },
          ],
        },
      },
    ],
    [
      'a parameter given by content travels as text: no style, no properties',
      {
        given: {
          operation: {
            parameters: [
              {
                name: 'where',
                in: 'query',
                style: 'form',
                content: { 'application/json': { schema: { type: 'object', properties: { a: { type: 'integer' } } } } },
              },
            ],
          },
        },
        want: { operationId: 'op', method: 'GET', path: '/a', fields: [{ name: 'where', in: 'query', type: 'string' }] },
      },
    ],
  ];

  it.each(cases)('%s', (_name, { given, want }) => {
    expect(routeOf(given)).toStrictEqual(want);
  });
});

describe('mockRoutes: bodies', () => {
  const cases: [string, { given: Given; want: MockRoute }][] = [
    [
      'a JSON object body is read field by field, next to the parameters',
      {
        given: {
          method: 'post',
          operation: {
            parameters: [query('dry', { type: 'boolean' })],
            requestBody: {
              required: true,
              ...json({
                type: 'object',
                required: ['name'],
                properties: {
                  name: { type: 'string' },
                  count: { type: 'integer' },
                  tags: { type: 'array', items: { type: 'string' } },
                  serial: { type: 'string', readOnly: true },
                },
              }),
            },
          },
        },
        want: {
          operationId: 'op',
          method: 'POST',
          path: '/a',
          fields: [
            { name: 'dry', in: 'query', type: 'boolean' },
            { name: 'name', in: 'body-field', type: 'string' },
            { name: 'count', in: 'body-field', type: 'integer' },
            { name: 'tags', in: 'body-field', type: 'array', itemType: 'string' },
          ],
          bodyKind: 'json',
          bodyTypes: ['application/json'],
          bodyRequired: true,
          bodyObject: true,
        },
      },
    ],
    [
      'a JSON body field that is an object has no properties listed: it is JSON, not text to coerce',
      {
        given: {
          method: 'post',
          operation: { requestBody: json({ type: 'object', properties: { point: { type: 'object', properties: { x: { type: 'number' } } } } }) },
        },
        want: {
          operationId: 'op',
          method: 'POST',
          path: '/a',
          fields: [{ name: 'point', in: 'body-field', type: 'object' }],
          bodyKind: 'json',
          bodyTypes: ['application/json'],
          bodyObject: true,
        },
      },
    ],
    [
      'a body that is not an object is read whole, under `body`',
      {
        given: { method: 'put', operation: { requestBody: { required: true, ...json({ type: 'array', items: { type: 'integer' } }) } } },
        want: {
          operationId: 'op',
          method: 'PUT',
          path: '/a',
          fields: [{ name: 'body', in: 'body', type: 'array', itemType: 'integer' }],
          bodyKind: 'json',
          bodyTypes: ['application/json'],
          bodyRequired: true,
        },
      },
    ],
    [
      "a form body's fields take their encoding's style and explode, and an object field its properties",
      {
        given: {
          method: 'post',
          operation: {
            requestBody: {
              content: {
                'application/x-www-form-urlencoded': {
                  schema: {
                    type: 'object',
                    properties: {
                      ids: { type: 'array', items: { type: 'integer' } },
                      address: { type: 'object', properties: { zip: { type: 'integer' }, city: { type: 'string' } } },
                      note: { type: 'string' },
                    },
                  },
                  encoding: { ids: { style: 'form', explode: false }, address: { style: 'deepObject', explode: true } },
                },
              },
            },
          },
        },
        want: {
          operationId: 'op',
          method: 'POST',
          path: '/a',
          fields: [
            { name: 'ids', in: 'body-field', type: 'array', itemType: 'integer', style: 'form', explode: false },
            { name: 'address', in: 'body-field', type: 'object', style: 'deepObject', explode: true, properties: { zip: 'integer', city: 'string' } },
            { name: 'note', in: 'body-field', type: 'string' },
          ],
          bodyKind: 'form',
          bodyTypes: ['application/x-www-form-urlencoded'],
        },
      },
    ],
    [
      'a whole form body (a field name is taken by a parameter) has its properties typed',
      {
        given: {
          method: 'post',
          operation: {
            parameters: [query('name', { type: 'string' })],
            requestBody: {
              content: {
                'application/x-www-form-urlencoded': { schema: { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer' } } } },
              },
            },
          },
        },
        want: {
          operationId: 'op',
          method: 'POST',
          path: '/a',
          fields: [
            { name: 'name', in: 'query', type: 'string' },
            { name: 'body', in: 'body', type: 'object', properties: { name: 'string', age: 'integer' } },
          ],
          bodyKind: 'form',
          bodyTypes: ['application/x-www-form-urlencoded'],
        },
      },
    ],
    [
      'a 3.2 querystring parameter: the media type of the whole query string, and its properties where it is a form',
      {
        given: {
          openapi: '3.2.0',
          operation: {
            parameters: [
              {
                name: 'search',
                in: 'querystring',
                content: {
                  'application/x-www-form-urlencoded': { schema: { type: 'object', properties: { term: { type: 'string' }, page: { type: 'integer' } } } },
                },
              },
            ],
          },
        },
        want: {
          operationId: 'op',
          method: 'GET',
          path: '/a',
          fields: [
            {
              name: 'search',
              in: 'querystring',
              type: 'object',
              contentType: 'application/x-www-form-urlencoded',
              properties: { term: 'string', page: 'integer' },
            },
          ],
        },
      },
    ],
    [
      'a body of another media type is not read field by field',
      {
        given: {
          method: 'post',
          operation: { requestBody: { required: true, content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } } },
        },
        want: {
          operationId: 'op',
          method: 'POST',
          path: '/a',
          fields: [{ name: 'body', in: 'body', type: 'string' }],
          bodyKind: 'other',
          bodyTypes: ['application/octet-stream'],
          bodyRequired: true,
        },
      },
    ],
    [
      'every media type the body declares is taken, the one the client sends first',
      {
        given: {
          method: 'post',
          operation: {
            requestBody: {
              content: {
                'image/*': { schema: { type: 'string', format: 'binary' } },
                'application/json': { schema: { type: 'object', properties: { url: { type: 'string' } } } },
              },
            },
          },
        },
        want: {
          operationId: 'op',
          method: 'POST',
          path: '/a',
          fields: [{ name: 'url', in: 'body-field', type: 'string' }],
          bodyKind: 'json',
          bodyTypes: ['application/json', 'image/*'],
          bodyObject: true,
        },
      },
    ],
  ];

  it.each(cases)('%s', (_name, { given, want }) => {
    expect(routeOf(given)).toStrictEqual(want);
  });
});

describe('mockRoutes: matching, idempotency and retries', () => {
  const cases: [string, { given: Given; want: MockRoute }][] = [
    [
      'the idempotency header is no field; the route carries it, with its bounds and whether it is required where the document says',
      {
        given: {
          method: 'post',
          operation: {
            parameters: [
              { name: 'Idempotency-Key', in: 'header', required: true, 'x-idempotency-key': true, schema: { type: 'string', minLength: 1, maxLength: 64 } },
              query('q', { type: 'string' }),
            ],
          },
        },
        want: {
          operationId: 'op',
          method: 'POST',
          path: '/a',
          fields: [{ name: 'q', in: 'query', type: 'string' }],
          idempotency: { header: 'Idempotency-Key', required: true, minLength: 1, maxLength: 64 },
        },
      },
    ],
    [
      'an idempotency header without a length limit',
      {
        given: { method: 'post', operation: { parameters: [{ name: 'X-Request-Key', in: 'header', 'x-idempotency-key': true, schema: { type: 'string' } }] } },
        want: { operationId: 'op', method: 'POST', path: '/a', fields: [], idempotency: { header: 'X-Request-Key' } },
      },
    ],
    [
      "the 429 answer's field that carries the wait",
      {
        given: {
          operation: {
            responses: {
              '200': { description: 'ok' },
              '429': { description: 'slow', ...json({ type: 'object', properties: { message: { type: 'string' }, retry_after: { type: 'integer' } } }) },
            },
          },
        },
        want: {
          operationId: 'op',
          method: 'GET',
          path: '/a',
          fields: [],
          retryAfterField: 'retry_after',
          declared: [{ key: '429', fixture: 429, type: 'application/json' }],
        },
      },
    ],
    [
      'a 429 answer without such a field gives none',
      {
        given: {
          operation: {
            responses: {
              '200': { description: 'ok' },
              '429': { description: 'slow', ...json({ type: 'object', properties: { message: { type: 'string' } } }) },
            },
          },
        },
        want: { operationId: 'op', method: 'GET', path: '/a', fields: [], declared: [{ key: '429', fixture: 429, type: 'application/json' }] },
      },
    ],
    [
      'the declared error responses: as the document writes each, the status of its fixture, and its media type where it has a body',
      {
        given: {
          operation: {
            responses: {
              '200': { description: 'ok' },
              '404': { description: 'none' },
              '4XX': { description: 'refused', content: { 'application/problem+json': { schema: { type: 'object' } } } },
              default: { description: 'failed', ...json({ type: 'object' }) },
            },
          },
        },
        want: {
          operationId: 'op',
          method: 'GET',
          path: '/a',
          fields: [],
          declared: [
            { key: '404', fixture: 404 },
            { key: '4XX', fixture: 400, type: 'application/problem+json' },
            { key: 'default', fixture: 500, type: 'application/json' },
          ],
        },
      },
    ],
    [
      'of parameters sharing a segment, those with an enum list their values as sent, so the mock tells where one ends',
      {
        given: {
          path: '/files/{name}{ext}',
          operation: {
            parameters: [
              { name: 'name', in: 'path', required: true, schema: { type: 'string' } },
              { name: 'ext', in: 'path', required: true, schema: { type: 'string', enum: ['.json', '.tar gz'] } },
            ],
          },
        },
        want: {
          operationId: 'op',
          method: 'GET',
          path: '/files/{name}{ext}',
          fields: [
            { name: 'name', in: 'path', type: 'string' },
            { name: 'ext', in: 'path', type: 'string' },
          ],
          choices: { ext: ['.json', '.tar%20gz'] },
        },
      },
    ],
    [
      'an enum of a parameter alone in its segment lists no choices',
      {
        given: {
          path: '/files/{ext}',
          operation: { parameters: [{ name: 'ext', in: 'path', required: true, schema: { type: 'string', enum: ['json', 'csv'] } }] },
        },
        want: { operationId: 'op', method: 'GET', path: '/files/{ext}', fields: [{ name: 'ext', in: 'path', type: 'string' }] },
      },
    ],
    [
      "a fragment's pairs that name a carried parameter tell operations of one path apart; others are dropped",
      {
        given: { path: '/#Action=DeleteAlarms&Overload=stream', method: 'post', operation: { parameters: [query('Action', { type: 'string' })] } },
        want: {
          operationId: 'op',
          method: 'POST',
          path: '/',
          fields: [{ name: 'Action', in: 'query', type: 'string' }],
          fragment: [['Action', 'DeleteAlarms']],
        },
      },
    ],
    [
      'a query part written into the template: its literal pairs are matched, its placeholders are path parameters',
      {
        given: {
          path: '/alerts?lat={lat}&units=M%20S',
          operation: { parameters: [{ name: 'lat', in: 'path', required: true, schema: { type: 'number' } }] },
        },
        want: {
          operationId: 'op',
          method: 'GET',
          path: '/alerts',
          fields: [{ name: 'lat', in: 'path', type: 'number' }],
          fragment: [['units', 'M S']],
          queryParameters: [['lat', 'lat']],
        },
      },
    ],
  ];

  it.each(cases)('%s', (_name, { given, want }) => {
    expect(routeOf(given)).toStrictEqual(want);
  });

  // Paths in document order; within a path, the model's fixed order of methods (get before delete).
  it("lists every operation in the model's order, methods in upper case", () => {
    const document = {
      openapi: '3.0.3',
      info: { title: 'T', version: '1' },
      paths: {
        '/b': {
          delete: { operationId: 'removeB', responses: { '204': { description: 'gone' } } },
          get: { operationId: 'getB', responses: { '200': { description: 'ok' } } },
        },
        '/a': { patch: { operationId: 'patchA', responses: { '200': { description: 'ok' } } } },
      },
    };
    const { model } = buildModel(document, { apiName: 'test', source });
    expect(mockRoutes(model).map((r) => [r.operationId, r.method, r.path])).toStrictEqual([
      ['getB', 'GET', '/b'],
      ['removeB', 'DELETE', '/b'],
      ['patchA', 'PATCH', '/a'],
    ]);
  });
});

describe('mockAuth', () => {
  const scheme = (securitySchemes: Record<string, unknown> | undefined) => {
    const document = {
      openapi: '3.0.3',
      info: { title: 'T', version: '1' },
      paths: { '/a': { get: { operationId: 'op', responses: { '200': { description: 'ok' } } } } },
      ...(securitySchemes ? { components: { securitySchemes }, security: [{ [Object.keys(securitySchemes)[0] as string]: [] }] } : {}),
    };
    return buildModel(document, { apiName: 'test', source }).model;
  };

  const cases: [string, { given: Record<string, unknown> | undefined; want: MockAuth }][] = [
    ['no security', { given: undefined, want: { schemes: {}, security: [] } }],
    [
      'an API key in a header',
      {
        given: { Key: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } },
        want: { schemes: { Key: { kind: 'apiKey', in: 'header', name: 'X-Api-Key' } }, security: [['Key']] },
      },
    ],
    [
      'an API key in the query',
      {
        given: { Key: { type: 'apiKey', in: 'query', name: 'api_key' } },
        want: { schemes: { Key: { kind: 'apiKey', in: 'query', name: 'api_key' } }, security: [['Key']] },
      },
    ],
    [
      'an API key in a cookie',
      {
        given: { Key: { type: 'apiKey', in: 'cookie', name: 'sid' } },
        want: { schemes: { Key: { kind: 'apiKey', in: 'cookie', name: 'sid' } }, security: [['Key']] },
      },
    ],
    ['HTTP bearer', { given: { Bearer: { type: 'http', scheme: 'bearer' } }, want: { schemes: { Bearer: { kind: 'bearer' } }, security: [['Bearer']] } }],
    [
      'HTTP basic, its scheme in any case',
      { given: { Basic: { type: 'http', scheme: 'Basic' } }, want: { schemes: { Basic: { kind: 'basic' } }, security: [['Basic']] } },
    ],
    [
      'OAuth 2.0 and OpenID Connect, as bearer tokens',
      {
        given: {
          OAuth: { type: 'oauth2', flows: {} },
          Oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://id.example/.well-known/openid-configuration' },
        },
        want: { schemes: { OAuth: { kind: 'oauth2' }, Oidc: { kind: 'openIdConnect' } }, security: [['OAuth']] },
      },
    ],
  ];

  it.each(cases)('%s', (_name, { given, want }) => {
    expect(mockAuth(scheme(given))).toStrictEqual(want);
  });

  it('an operation no request can meet (mutual TLS, an undeclared scheme) carries why, never an empty requirement', () => {
    const document = {
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      paths: {
        '/a': { get: { operationId: 'open', security: [], responses: { '200': { description: 'ok' } } } },
        '/b': { get: { operationId: 'cert', security: [{ Cert: [] }], responses: { '200': { description: 'ok' } } } },
        '/c': { get: { operationId: 'partner', security: [{ Partner: [] }], responses: { '200': { description: 'ok' } } } },
      },
      components: { securitySchemes: { Cert: { type: 'mutualTLS' } } },
    };
    expect(mockAuth(buildModel(document, { apiName: 'test', source }).model)).toStrictEqual({
      schemes: {},
      security: [],
      operations: {
        cert: { unsatisfiable: 'every security requirement needs what the client cannot send: mutual TLS (Cert)' },
        partner: { unsatisfiable: 'every security requirement needs what the client cannot send: a scheme the document does not declare (Partner)' },
      },
    });
  });

  it('the API key parameter is the credential, no field of the route', () => {
    const document = {
      openapi: '3.0.3',
      info: { title: 'T', version: '1' },
      paths: {
        '/a': {
          get: {
            operationId: 'op',
            parameters: [query('api_key', { type: 'string' }), query('q', { type: 'string' })],
            responses: { '200': { description: 'ok' } },
          },
        },
      },
      components: { securitySchemes: { Key: { type: 'apiKey', in: 'query', name: 'api_key' } } },
      security: [{ Key: [] }],
    };
    const { model } = buildModel(document, { apiName: 'test', source });
    expect(mockRoutes(model)[0]?.fields).toStrictEqual([{ name: 'q', in: 'query', type: 'string' }]);
  });
});

describe('failureShape', () => {
  const shapeOf = (responses: Record<string, unknown>) => {
    const document = {
      openapi: '3.0.3',
      info: { title: 'T', version: '1' },
      paths: { '/a': { get: { operationId: 'op', responses: { '200': { description: 'ok' }, ...responses } } } },
    };
    return failureShape(buildModel(document, { apiName: 'test', source }).model);
  };

  const cases: [string, { given: Record<string, unknown>; want: MockFailureShape }][] = [
    [
      'without an error body, a plain code and message',
      { given: {}, want: { template: { code: 500, message: 'internal server error' }, codeKey: 'code', messageKey: 'message' } },
    ],
    [
      'the keys of the error body found by name',
      {
        given: {
          default: {
            description: 'failure',
            ...json({
              type: 'object',
              required: ['status_code', 'error', 'reason', 'errors', 'request_id'],
              properties: {
                status_code: { type: 'integer', example: 400 },
                error: { type: 'string', example: 'bad' },
                reason: { type: 'string', example: 'why' },
                errors: { type: 'array', items: { type: 'string' }, example: [] },
                request_id: { type: 'string', example: 'r1' },
              },
            }),
          },
        },
        want: {
          template: { status_code: 400, error: 'bad', reason: 'why', errors: [], request_id: 'r1' },
          codeKey: 'status_code',
          messageKey: 'error',
          causeKey: 'reason',
          detailsKey: 'errors',
          ridKey: 'request_id',
        },
      },
    ],
    [
      'an error body without a message key is passed over for the plain shape',
      {
        given: { '400': { description: 'bad', ...json({ type: 'object', required: ['code'], properties: { code: { type: 'integer', example: 7 } } }) } },
        want: { template: { code: 500, message: 'internal server error' }, codeKey: 'code', messageKey: 'message' },
      },
    ],
  ];

  it.each(cases)('%s', (_name, { given, want }) => {
    expect(shapeOf(given)).toStrictEqual(want);
  });
});
