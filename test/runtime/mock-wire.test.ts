import type { IncomingHttpHeaders } from 'node:http';
import { describe, expect, it } from 'vitest';
import { faultSchedule, requestedFault } from '../../templates/mock/faults.js';
import { matchRoute } from '../../templates/mock/match.js';
import {
  coerce,
  headerValue,
  readForm,
  readInput,
  type MockAuth,
  type MockField,
  type MockRoute,
  type RequestParts,
  type WireType,
} from '../../templates/mock/wire.js';

/**
 * The mock's shared code (templates/mock/), as it is copied into every output: wire strings coerced
 * to their JSON types, each parameter location read back into the client's input object, and a
 * request's route found. test/fixtures-mock/ runs it as a server, on generated documents.
 */

/** A GET route with the given fields. */
function route(fields: MockField[], extra: Partial<MockRoute> = {}): MockRoute {
  return { operationId: 'op', method: 'GET', path: '/items', fields, ...extra };
}

/** A request's parts, empty but for what is given. */
function parts(given: Partial<RequestParts> & { search?: string }): RequestParts {
  const { search = '', ...rest } = given;
  return { pathParams: {}, query: new URLSearchParams(search), rawQuery: search, headers: {}, body: undefined, ...rest };
}

describe('coerce: a wire string as the JSON type its schema wants', () => {
  const table: { given: [string | undefined, WireType]; want: unknown }[] = [
    { given: ['7', 'integer'], want: 7 },
    { given: ['1.5', 'number'], want: 1.5 },
    { given: ['-2e3', 'number'], want: -2000 },
    { given: ['', 'number'], want: '' },
    { given: [' ', 'integer'], want: ' ' },
    { given: ['seven', 'integer'], want: 'seven' },
    { given: ['Infinity', 'number'], want: 'Infinity' },
    { given: ['true', 'boolean'], want: true },
    { given: ['false', 'boolean'], want: false },
    { given: ['yes', 'boolean'], want: 'yes' },
    { given: ['7', 'string'], want: '7' },
    { given: ['true', 'string'], want: 'true' },
    { given: ['7', 'any'], want: '7' },
    { given: ['{"a":1}', 'object'], want: { a: 1 } },
    { given: ['[1,2]', 'array'], want: [1, 2] },
    { given: ['{broken', 'object'], want: '{broken' },
    { given: ['7', 'scalar'], want: 7 },
    { given: ['true', 'scalar'], want: true },
    { given: ['[1]', 'scalar'], want: '[1]' },
    { given: ['[1]', 'structured'], want: [1] },
    { given: ['7', 'structured'], want: '7' },
    { given: ['7', 'mixed'], want: 7 },
    { given: [' {"a":1}', 'mixed'], want: { a: 1 } },
    { given: ['text', 'mixed'], want: 'text' },
    { given: [undefined, 'integer'], want: undefined },
  ];
  it.each(table)('$given -> $want', ({ given, want }) => {
    expect(coerce(...given)).toStrictEqual(want);
  });
});

describe('headerValue: a header by any casing, the first of several', () => {
  const headers: IncomingHttpHeaders = { 'x-trace': 'abc', 'set-cookie': ['a=1', 'b=2'] };
  const table: { given: string; want: string | undefined }[] = [
    { given: 'X-Trace', want: 'abc' },
    { given: 'x-trace', want: 'abc' },
    { given: 'Set-Cookie', want: 'a=1' },
    { given: 'x-missing', want: undefined },
  ];
  it.each(table)('$given -> $want', ({ given, want }) => {
    expect(headerValue(headers, given)).toBe(want);
  });
});

describe('readInput: the client input object rebuilt from a request', () => {
  const table: { name: string; given: { fields: MockField[]; parts: RequestParts; auth?: MockAuth }; want: Record<string, unknown> }[] = [
    {
      name: 'query, form exploded (the default): repeated keys, typed items',
      given: { fields: [{ name: 'ids', in: 'query', type: 'array', itemType: 'integer' }], parts: parts({ search: 'ids=1&ids=2' }) },
      want: { ids: [1, 2] },
    },
    {
      name: 'query, form not exploded: comma-separated',
      given: { fields: [{ name: 'ids', in: 'query', type: 'array', itemType: 'integer', explode: false }], parts: parts({ search: 'ids=1,2' }) },
      want: { ids: [1, 2] },
    },
    {
      name: 'query, spaceDelimited and pipeDelimited',
      given: {
        fields: [
          { name: 'sizes', in: 'query', type: 'array', itemType: 'string', style: 'spaceDelimited', explode: false },
          { name: 'colors', in: 'query', type: 'array', itemType: 'string', style: 'pipeDelimited', explode: false },
        ],
        parts: parts({ search: 'sizes=s%20m&colors=black|white' }),
      },
      want: { sizes: ['s', 'm'], colors: ['black', 'white'] },
    },
    {
      name: 'query, deepObject: name[key]=value, an array property comma-joined',
      given: {
        fields: [
          {
            name: 'filter',
            in: 'query',
            type: 'object',
            style: 'deepObject',
            properties: { min: 'integer', tags: 'array' },
            propertyItems: { tags: 'string' },
          },
        ],
        parts: parts({ search: 'filter%5Bmin%5D=1&filter%5Btags%5D=a,b&other=x' }),
      },
      want: { filter: { min: 1, tags: ['a', 'b'] } },
    },
    {
      name: 'query, an exploded object takes its declared keys, not the keys of other fields',
      given: {
        fields: [
          { name: 'page', in: 'query', type: 'object', properties: { offset: 'integer', count: 'integer' } },
          { name: 'limit', in: 'query', type: 'integer' },
        ],
        parts: parts({ search: 'offset=0&count=10&limit=20' }),
      },
      want: { page: { offset: 0, count: 10 }, limit: 20 },
    },
    {
      name: 'query, an unexploded array of objects: a comma inside JSON does not split',
      given: { fields: [{ name: 'pairs', in: 'query', type: 'array', itemType: 'array', explode: false }], parts: parts({ search: 'pairs=[1,2],[3,4]' }) },
      want: {
        pairs: [
          [1, 2],
          [3, 4],
        ],
      },
    },
    {
      name: 'query, a parameter absent is left out; the wire name is read where it differs',
      given: {
        fields: [
          { name: 'pageSize', wireName: 'page_size', in: 'query', type: 'integer' },
          { name: 'cursor', in: 'query', type: 'string' },
        ],
        parts: parts({ search: 'page_size=5' }),
      },
      want: { pageSize: 5 },
    },
    {
      name: 'path, simple: an array split, then each item decoded',
      given: { fields: [{ name: 'tags', in: 'path', type: 'array', itemType: 'string' }], parts: parts({ pathParams: { tags: 'a,x%2Cy' } }) },
      want: { tags: ['a', 'x,y'] },
    },
    {
      name: 'path, label exploded and matrix',
      given: {
        fields: [
          { name: 'tags', in: 'path', type: 'array', itemType: 'string', style: 'label', explode: true },
          { name: 'id', in: 'path', type: 'integer', style: 'matrix' },
        ],
        parts: parts({ pathParams: { tags: '.a.v%2E1', id: ';id=7' } }),
      },
      want: { tags: ['a', 'v.1'], id: 7 },
    },
    {
      name: 'path, an object: k,v pairs, or k=v exploded',
      given: {
        fields: [
          { name: 'range', in: 'path', type: 'object', properties: { min: 'integer', max: 'integer' } },
          { name: 'window', in: 'path', type: 'object', explode: true, properties: { from: 'integer', to: 'integer' } },
        ],
        parts: parts({ pathParams: { range: 'min,1,max,9', window: 'from=2,to=5' } }),
      },
      want: { range: { min: 1, max: 9 }, window: { from: 2, to: 5 } },
    },
    {
      name: 'header, simple: an array split, an exploded object as k=v, text kept undecoded',
      given: {
        fields: [
          { name: 'tags', wireName: 'X-Tags', in: 'header', type: 'array', itemType: 'string' },
          { name: 'range', wireName: 'X-Range', in: 'header', type: 'object', explode: true, properties: { min: 'integer', max: 'integer' } },
          { name: 'note', wireName: 'X-Note', in: 'header', type: 'string' },
        ],
        parts: parts({ headers: { 'x-tags': 'a,b', 'x-range': 'min=2,max=3', 'x-note': 'a%20b' } }),
      },
      want: { tags: ['a', 'b'], range: { min: 2, max: 3 }, note: 'a%20b' },
    },
    {
      name: 'cookie, form exploded: the cookie repeated, an object as cookies of its own, values decoded',
      given: {
        fields: [
          { name: 'tags', in: 'cookie', type: 'array', itemType: 'string' },
          { name: 'window', in: 'cookie', type: 'object', properties: { from: 'integer', to: 'integer' } },
          { name: 'id', in: 'cookie', type: 'integer' },
        ],
        parts: parts({ headers: { cookie: 'id=7; tags=b; tags=x%2Cy; from=2; to=5' } }),
      },
      want: { tags: ['b', 'x,y'], window: { from: 2, to: 5 }, id: 7 },
    },
    {
      name: 'cookie, an object of any keys leaves out the credential cookie',
      given: {
        fields: [{ name: 'prefs', in: 'cookie', type: 'object', anyKeys: true, entryType: 'string' }],
        parts: parts({ headers: { cookie: 'session=secret; theme=dark' } }),
        auth: { schemes: { session: { kind: 'apiKey', in: 'cookie', name: 'session' } }, security: [['session']] },
      },
      want: { prefs: { theme: 'dark' } },
    },
    {
      name: 'querystring: a form read into an object, each property coerced',
      given: {
        fields: [
          {
            name: 'search',
            in: 'querystring',
            type: 'object',
            contentType: 'application/x-www-form-urlencoded',
            properties: { q: 'string', n: 'integer', tag: 'array' },
          },
        ],
        parts: parts({ search: 'q=a&n=3&tag=x&tag=y' }),
      },
      want: { search: { q: 'a', n: 3, tag: ['x', 'y'] } },
    },
    {
      name: 'body fields by their wire names, and the whole body',
      given: {
        fields: [
          { name: 'displayName', wireName: 'display_name', in: 'body-field', type: 'string' },
          { name: 'body', in: 'body', type: 'object' },
        ],
        parts: parts({ body: { display_name: 'a', other: 1 } }),
      },
      want: { displayName: 'a', body: { display_name: 'a', other: 1 } },
    },
  ];
  it.each(table)('$name', ({ given, want }) => {
    expect(readInput(route(given.fields), given.parts, given.auth)).toStrictEqual(want);
  });
});

describe('readForm: a form body read back as the object the client sent', () => {
  const fields: MockField[] = [
    { name: 'name', in: 'body-field', type: 'string' },
    { name: 'count', in: 'body-field', type: 'integer' },
    { name: 'tags', in: 'body-field', type: 'array', itemType: 'string' },
    { name: 'meta', in: 'body-field', type: 'object' },
    { name: 'ids', in: 'body-field', type: 'array', itemType: 'integer', style: 'form', explode: false },
  ];
  const table: { given: string; want: Record<string, unknown> }[] = [
    { given: 'name=a&count=2', want: { name: 'a', count: 2 } },
    { given: 'tags=x&tags=y', want: { tags: ['x', 'y'] } },
    { given: 'tags=x', want: { tags: ['x'] } },
    { given: 'meta=%7B%22a%22%3A1%7D', want: { meta: { a: 1 } } },
    { given: 'ids=1,2', want: { ids: [1, 2] } },
    { given: '', want: {} },
  ];
  it.each(table)('$given', ({ given, want }) => {
    expect(readForm(route(fields, { method: 'POST', bodyKind: 'form' }), given)).toStrictEqual(want);
  });

  it('a form body taken whole: every key, a repeated one as a list', () => {
    const whole = route([{ name: 'body', in: 'body', type: 'object', properties: { n: 'integer', list: 'array' } }], { method: 'POST', bodyKind: 'form' });
    expect(readForm(whole, 'n=1&list=a&free=x&free=y&one=z')).toStrictEqual({ n: 1, list: ['a'], free: ['x', 'y'], one: 'z' });
  });
});

describe('matchRoute: the more concrete path first, then the document order', () => {
  const routes: MockRoute[] = [
    { operationId: 'getCommit', method: 'GET', path: '/commits/{sha}', fields: [] },
    { operationId: 'getCommitDiff', method: 'GET', path: '/commits/{sha}.{diffType}', fields: [] },
    { operationId: 'latestCommit', method: 'GET', path: '/commits/latest', fields: [] },
    { operationId: 'deleteCommit', method: 'DELETE', path: '/commits/{sha}', fields: [] },
    { operationId: 'tile', method: 'GET', path: '/tiles/{maxLat}.{format}', fields: [] },
    { operationId: 'media', method: 'GET', path: '/media/{id}{ext}', choices: { ext: ['.json', '.xml'] }, fields: [] },
    { operationId: 'status', method: 'GET', path: '/files/{path}', fields: [] },
    { operationId: 'statusOp', method: 'GET', path: '/files/{path}', fragment: [['op', 'STATUS']], fields: [] },
  ];
  const table: { given: [string, string]; want: { operationId: string; pathParams: Record<string, string> } | 'methodMismatch' | undefined }[] = [
    { given: ['GET', '/commits/abc'], want: { operationId: 'getCommit', pathParams: { sha: 'abc' } } },
    { given: ['GET', '/commits/abc.diff'], want: { operationId: 'getCommitDiff', pathParams: { sha: 'abc', diffType: 'diff' } } },
    { given: ['GET', '/commits/latest'], want: { operationId: 'latestCommit', pathParams: {} } },
    { given: ['DELETE', '/commits/abc'], want: { operationId: 'deleteCommit', pathParams: { sha: 'abc' } } },
    { given: ['PUT', '/commits/abc'], want: 'methodMismatch' },
    { given: ['GET', '/tiles/52.52.json'], want: { operationId: 'tile', pathParams: { maxLat: '52.52', format: 'json' } } },
    { given: ['GET', '/media/a.b.json'], want: { operationId: 'media', pathParams: { id: 'a.b', ext: '.json' } } },
    { given: ['GET', '/media/a.txt'], want: undefined },
    { given: ['GET', '/nowhere'], want: undefined },
    { given: ['GET', '/files/x%2Fy'], want: { operationId: 'statusOp', pathParams: { path: 'x%2Fy' } } },
  ];
  it.each(table)('$given -> $want', ({ given, want }) => {
    const match = matchRoute(routes, ...given);
    const got =
      match === undefined ? undefined : 'methodMismatch' in match ? 'methodMismatch' : { operationId: match.route.operationId, pathParams: match.pathParams };
    expect(got).toStrictEqual(want);
  });

  it('a route whose fragment the request carries wins over the same path without one, which wins otherwise', () => {
    const of = (carried: boolean) => {
      const match = matchRoute(routes, 'GET', '/files/x', (name, value) => carried && name === 'op' && value === 'STATUS');
      return match !== undefined && 'route' in match ? match.route.operationId : match;
    };
    expect(of(true)).toBe('statusOp');
    expect(of(false)).toBe('status');
  });

  it('of alike routes, the one whose body is of the request kind; the others are kept as alike', () => {
    const alike: MockRoute[] = [
      { operationId: 'analyze', method: 'POST', path: '/analyze', bodyKind: 'json', fields: [] },
      { operationId: 'analyzeStream', method: 'POST', path: '/analyze', bodyKind: 'other', fields: [] },
      { operationId: 'analyzeAgain', method: 'POST', path: '/analyze', bodyKind: 'json', fields: [] },
    ];
    const of = (bodyKind: MockRoute['bodyKind']) => {
      const match = matchRoute(alike, 'POST', '/analyze', undefined, bodyKind);
      return match && 'route' in match ? [match.route.operationId, ...match.alike.map((a) => a.route.operationId)] : match;
    };
    expect(of('other')).toStrictEqual(['analyzeStream']);
    expect(of('json')).toStrictEqual(['analyze', 'analyzeAgain']);
  });
});

describe('faults: asked for by header, or on a schedule that repeats run after run', () => {
  const table: { given: string | undefined; want: string | undefined }[] = [
    { given: '429', want: '429' },
    { given: 'reset', want: 'reset' },
    { given: 'timeout', want: 'timeout' },
    { given: 'nope', want: 'invalid' },
    { given: '', want: undefined },
    { given: undefined, want: undefined },
  ];
  it.each(table)('x-mock-fault: $given -> $want', ({ given, want }) => {
    expect(requestedFault(given)).toBe(want);
  });

  it('every N-th request, and a rate drawn from a sequence `draw` picks (1 by default), repeated after reset()', () => {
    const every = faultSchedule({ kind: '503', every: 3 });
    expect(Array.from({ length: 6 }, () => every.next())).toStrictEqual([undefined, undefined, '503', undefined, undefined, '503']);
    const rate = faultSchedule({ kind: '500', rate: 0.5, draw: 42 });
    const first = Array.from({ length: 20 }, () => rate.next());
    rate.reset();
    expect(Array.from({ length: 20 }, () => rate.next())).toStrictEqual(first);
    expect(first.filter(Boolean).length).toBeGreaterThan(0);
    expect(first.filter(Boolean).length).toBeLessThan(20);
    expect(faultSchedule(undefined).next()).toBeUndefined();
    const run = (faults: Parameters<typeof faultSchedule>[0]) => {
      const schedule = faultSchedule(faults);
      return Array.from({ length: 20 }, () => schedule.next());
    };
    expect(run({ kind: '500', rate: 0.5 })).toStrictEqual(run({ kind: '500', rate: 0.5, draw: 1 }));
    expect(run({ kind: '500', rate: 0.5, draw: 2 })).not.toStrictEqual(run({ kind: '500', rate: 0.5, draw: 1 }));
  });
});
