import { describe, expect, it } from 'vitest';
import { buildModel } from '../../generator/model/build-model.js';
import { buildManifest, buildToolBindings, type McpTool } from '../../generator/emit/mcp/tool-manifest.js';
import { PodcastGenError } from '../../generator/problems.js';

// The MCP tools of small documents, built through the real model: what `tools/list` answers.

const source = { path: 'test.yaml', label: 'test.yaml', hash: 'h' };
const META = 'dev.podcast-gen/operation';

interface Given {
  path?: string;
  method?: string;
  operation: Record<string, unknown>;
  /** Parameters of the path item, beside the operation. */
  parameters?: unknown[];
  components?: Record<string, unknown>;
  security?: unknown[];
  openapi?: string;
  tags?: unknown[];
}

function documentOf({
  path = '/a',
  method = 'get',
  operation,
  parameters,
  components = {},
  security,
  openapi = '3.0.3',
  tags,
}: Given): Record<string, unknown> {
  return {
    openapi,
    info: { title: 'T', version: '1' },
    ...(tags ? { tags } : {}),
    paths: { [path]: { ...(parameters ? { parameters } : {}), [method]: { operationId: 'op', responses: { '204': { description: 'done' } }, ...operation } } },
    components,
    ...(security ? { security } : {}),
  };
}

function toolOf(given: Given): McpTool {
  const { model } = buildModel(documentOf(given), { apiName: 'test', source });
  const [binding, ...rest] = buildToolBindings(model).bindings;
  if (!binding || rest.length > 0) throw new Error('expected one tool');
  return binding.tool;
}

const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
const ok = (schema: unknown) => ({ '200': { description: 'ok', ...json(schema) } });
const meta = (method: string, path = '/a', scopes: string[] = [], assumptions: string[] = [], operationId = 'op') => ({
  [META]: { operationId, method, path, scopes, assumptions },
});
const empty = { type: 'object', properties: {} };

describe('buildToolBindings: names, titles and descriptions', () => {
  const cases: [string, { given: Given; want: McpTool }][] = [
    [
      'the name is the operationId in snake case, the title its words; no summary, no description: the title describes it',
      {
        given: { operation: { operationId: 'listPodcastEpisodes' } },
        want: {
          name: 'list_podcast_episodes',
          title: 'List podcast episodes',
          description: 'List podcast episodes',
          inputSchema: empty,
          annotations: { readOnlyHint: true, openWorldHint: true },
          _meta: meta('GET', '/a', [], [], 'listPodcastEpisodes'),
        },
      },
    ],
    [
      'x-tool-name names the tool; the summary is the title; the description wins over the summary',
      {
        given: { operation: { 'x-tool-name': 'episodes_list', summary: '  List episodes ', description: 'Lists every episode of a show.' } },
        want: {
          name: 'episodes_list',
          title: 'List episodes',
          description: 'Lists every episode of a show.',
          inputSchema: empty,
          annotations: { readOnlyHint: true, openWorldHint: true },
          _meta: meta('GET'),
        },
      },
    ],
    [
      'an operation that charges credits says so, unless its words do; a deprecated one says that last',
      {
        given: { operation: { summary: 'Render audio', 'x-credits': true, deprecated: true } },
        want: {
          name: 'op',
          title: 'Render audio',
          description: 'Render audio This operation charges credits. Deprecated.',
          inputSchema: empty,
          annotations: { readOnlyHint: true, openWorldHint: true },
          _meta: meta('GET'),
        },
      },
    ],
    [
      'words that mention the charge are not repeated',
      {
        given: { operation: { description: 'Costs one credit per minute.', 'x-credits': true } },
        want: {
          name: 'op',
          title: 'Op',
          description: 'Costs one credit per minute.',
          inputSchema: empty,
          annotations: { readOnlyHint: true, openWorldHint: true },
          _meta: meta('GET'),
        },
      },
    ],
  ];

  it.each(cases)('%s', (_name, { given, want }) => {
    expect(toolOf(given)).toStrictEqual(want);
  });
});

describe('buildToolBindings: input schemas', () => {
  const cases: [string, { given: Given; want: McpTool['inputSchema'] }][] = [
    [
      'parameters of the path item and the operation, flattened; path ones required, the description of a parameter kept',
      {
        given: {
          path: '/shows/{showId}',
          parameters: [{ name: 'showId', in: 'path', required: true, schema: { type: 'integer' } }],
          operation: {
            parameters: [
              { name: 'limit', in: 'query', description: 'At most this many.', schema: { type: 'integer', minimum: 1, maximum: 50 } },
              { name: 'X-Locale', in: 'header', required: true, schema: { type: 'string', enum: ['en', 'de'] } },
            ],
          },
        },
        want: {
          type: 'object',
          properties: {
            showId: { type: 'integer' },
            limit: { type: 'integer', minimum: 1, maximum: 50, description: 'At most this many.' },
            'X-Locale': { type: 'string', enum: ['en', 'de'] },
          },
          required: ['showId', 'X-Locale'],
        },
      },
    ],
    [
      "an object body's fields beside the parameters: required only where the body is, readOnly ones left out",
      {
        given: {
          method: 'post',
          operation: {
            parameters: [{ name: 'dry', in: 'query', schema: { type: 'boolean' } }],
            requestBody: {
              required: true,
              ...json({
                type: 'object',
                required: ['title'],
                properties: { title: { type: 'string', maxLength: 80 }, id: { type: 'string', readOnly: true }, explicit: { type: 'boolean', default: false } },
              }),
            },
          },
        },
        want: {
          type: 'object',
          properties: { dry: { type: 'boolean' }, title: { type: 'string', maxLength: 80 }, explicit: { type: 'boolean', default: false } },
          required: ['title'],
        },
      },
    ],
    [
      "an optional body's fields are all optional",
      {
        given: { method: 'post', operation: { requestBody: json({ type: 'object', required: ['title'], properties: { title: { type: 'string' } } }) } },
        want: { type: 'object', properties: { title: { type: 'string' } } },
      },
    ],
    [
      'a body that is no object stays whole under `body`, read as a request reads it (no readOnly)',
      {
        given: {
          method: 'post',
          operation: {
            requestBody: {
              required: true,
              ...json({
                type: 'array',
                minItems: 1,
                items: { type: 'object', properties: { id: { type: 'string', readOnly: true }, name: { type: 'string' } } },
              }),
            },
          },
        },
        want: {
          type: 'object',
          properties: { body: { type: 'array', minItems: 1, items: { type: 'object', properties: { name: { type: 'string' } } } } },
          required: ['body'],
        },
      },
    ],
    [
      "nullable becomes an anyOf with null; a referenced component is listed in the tool's own $defs, as a request reads it (no readOnly)",
      {
        given: {
          method: 'post',
          components: {
            schemas: {
              Host: {
                type: 'object',
                required: ['name'],
                properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' }, bio: { type: 'string', nullable: true } },
              },
            },
          },
          operation: {
            requestBody: { required: true, ...json({ type: 'object', required: ['host'], properties: { host: { $ref: '#/components/schemas/Host' } } }) },
          },
        },
        want: {
          type: 'object',
          properties: { host: { $ref: '#/$defs/Host' } },
          required: ['host'],
          $defs: {
            Host: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, bio: { anyOf: [{ type: 'string' }, { type: 'null' }] } } },
          },
        },
      },
    ],
    [
      'a parameter given by content is its value as text, with the media type and schema of what it holds',
      {
        given: {
          operation: {
            parameters: [
              {
                name: 'where',
                in: 'query',
                required: true,
                content: { 'application/json': { schema: { type: 'object', properties: { a: { type: 'integer' } } } } },
              },
            ],
          },
        },
        want: {
          type: 'object',
          properties: {
            where: { type: 'string', contentMediaType: 'application/json', contentSchema: { type: 'object', properties: { a: { type: 'integer' } } } },
          },
          required: ['where'],
        },
      },
    ],
    [
      'the idempotency header and the credential are no arguments',
      {
        given: {
          method: 'post',
          components: { securitySchemes: { Key: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } } },
          security: [{ Key: [] }],
          operation: {
            parameters: [
              { name: 'Idempotency-Key', in: 'header', 'x-idempotency-key': true, schema: { type: 'string' } },
              { name: 'X-Api-Key', in: 'header', schema: { type: 'string' } },
              { name: 'q', in: 'query', schema: { type: 'string' } },
            ],
          },
        },
        want: { type: 'object', properties: { q: { type: 'string' } } },
      },
    ],
  ];

  it.each(cases)('%s', (_name, { given, want }) => {
    expect(toolOf(given).inputSchema).toStrictEqual(want);
  });
});

describe('buildToolBindings: annotations by HTTP method', () => {
  const readOnly = { readOnlyHint: true, openWorldHint: true };
  const cases: [string, { given: string; want: McpTool['annotations'] }][] = [
    ['get reads', { given: 'get', want: readOnly }],
    ['head reads', { given: 'head', want: readOnly }],
    ['options reads', { given: 'options', want: readOnly }],
    [
      'post changes state, neither destructive nor idempotent',
      { given: 'post', want: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true } },
    ],
    [
      'patch overwrites what was there (MCP: destructive unless only additive), not idempotent',
      { given: 'patch', want: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true } },
    ],
    [
      'put overwrites: destructive and idempotent',
      { given: 'put', want: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true } },
    ],
    [
      'delete removes: destructive and idempotent',
      { given: 'delete', want: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true } },
    ],
  ];

  it.each(cases)('%s', (_name, { given, want }) => {
    const tool = toolOf({ method: given, operation: {} });
    expect(tool.annotations).toStrictEqual(want);
    expect(tool._meta[META]?.method).toBe(given.toUpperCase());
  });
});

describe('buildToolBindings: scopes and the rest of _meta', () => {
  const oauth = {
    securitySchemes: {
      O: {
        type: 'oauth2',
        flows: { clientCredentials: { tokenUrl: 'https://auth.example.com/token', scopes: { 'shows.read': '', 'shows.write': '', admin: '' } } },
      },
    },
  };
  const cases: [string, { given: Given; want: McpTool['_meta'] }][] = [
    ['no security: no scopes', { given: { operation: {} }, want: meta('GET') }],
    [
      "the document's oauth2 requirement",
      { given: { components: oauth, security: [{ O: ['shows.read'] }], operation: {} }, want: meta('GET', '/a', ['shows.read']) },
    ],
    [
      "the operation's own requirements replace the document's; each scope once, in order",
      {
        given: { components: oauth, security: [{ O: ['shows.read'] }], operation: { security: [{ O: ['shows.write', 'admin'] }, { O: ['admin'] }] } },
        want: meta('GET', '/a', ['shows.write', 'admin']),
      },
    ],
    [
      'x-oauth-scopes wins over the requirements',
      { given: { components: oauth, security: [{ O: ['shows.read'] }], operation: { 'x-oauth-scopes': ['custom'] } }, want: meta('GET', '/a', ['custom']) },
    ],
    [
      'an API key asks for no scope',
      {
        given: { components: { securitySchemes: { K: { type: 'apiKey', in: 'header', name: 'X-Key' } } }, security: [{ K: [] }], operation: {} },
        want: meta('GET'),
      },
    ],
    [
      "the operation's x-assumed reasons, each once",
      {
        given: {
          components: { parameters: { Page: { name: 'page', in: 'query', schema: { type: 'integer' }, 'x-assumed': 'paging is 1-based' } } },
          operation: {
            'x-assumed': 'paging is 1-based',
            parameters: [{ $ref: '#/components/parameters/Page' }, { name: 'size', in: 'query', schema: { type: 'integer' }, 'x-assumed': 'size caps at 100' }],
          },
        },
        want: meta('GET', '/a', [], ['paging is 1-based', 'size caps at 100']),
      },
    ],
    [
      'nested tags (OpenAPI 3.2 parent) give each tag its path from the top',
      {
        given: {
          openapi: '3.2.0',
          tags: [
            { name: 'media', summary: 'Media', kind: 'nav' },
            { name: 'audio', parent: 'media' },
          ],
          operation: { tags: ['audio'] },
        },
        want: { [META]: { operationId: 'op', method: 'GET', path: '/a', scopes: [], assumptions: [], tags: [{ name: 'audio', path: ['media', 'audio'] }] } },
      },
    ],
    ['flat tags give no places', { given: { tags: [{ name: 'media' }], operation: { tags: ['media'] } }, want: meta('GET') }],
  ];

  it.each(cases)('%s', (_name, { given, want }) => {
    expect(toolOf(given)._meta).toStrictEqual(want);
  });
});

/** A nullable object of one string property `a`, as the converter writes it. */
const NULLABLE_A = { anyOf: [{ type: 'object', properties: { a: { type: 'string' } } }, { type: 'null' }] };

describe('buildToolBindings: output schemas', () => {
  const cases: [string, { given: Given; want: { outputSchema: McpTool['outputSchema']; entryOutput: unknown; wrapData: boolean } }][] = [
    ['no body: no outputSchema, the payload wrapped', { given: { operation: {} }, want: { outputSchema: undefined, entryOutput: undefined, wrapData: true } }],
    [
      'an array payload is no object: wrapped as { data }, and the schema says so',
      {
        given: { operation: { responses: ok({ type: 'array', items: { type: 'string' } }) } },
        want: {
          outputSchema: { type: 'object', properties: { data: { type: 'array', items: { type: 'string' } } }, required: ['data'] },
          entryOutput: { type: 'object', properties: { data: { type: 'array', items: { type: 'string' } } }, required: ['data'] },
          wrapData: true,
        },
      },
    ],
    [
      'a nullable object is no object root: wrapped as { data }',
      {
        given: { operation: { responses: ok({ type: 'object', nullable: true, properties: { a: { type: 'string' } } }) } },
        want: {
          outputSchema: { type: 'object', properties: { data: NULLABLE_A }, required: ['data'] },
          entryOutput: { type: 'object', properties: { data: NULLABLE_A }, required: ['data'] },
          wrapData: true,
        },
      },
    ],
    [
      'a payload of any value has no schema to list',
      { given: { operation: { responses: ok({ description: 'anything' }) } }, want: { outputSchema: undefined, entryOutput: undefined, wrapData: true } },
    ],
    [
      'an inline object is the outputSchema itself, readOnly kept (responses carry it)',
      {
        given: {
          operation: { responses: ok({ type: 'object', properties: { id: { type: 'string', readOnly: true }, secret: { type: 'string', writeOnly: true } } }) },
        },
        want: {
          outputSchema: { type: 'object', properties: { id: { type: 'string', readOnly: true } } },
          entryOutput: { type: 'object', properties: { id: { type: 'string', readOnly: true } } },
          wrapData: false,
        },
      },
    ],
    [
      'an object without a type keyword is given type object at the root',
      {
        given: { operation: { responses: ok({ properties: { n: { type: 'integer' } } }) } },
        want: {
          outputSchema: { type: 'object', properties: { n: { type: 'integer' } } },
          entryOutput: { type: 'object', properties: { n: { type: 'integer' } } },
          wrapData: false,
        },
      },
    ],
    [
      'a component is listed whole; the server carries its key',
      {
        given: {
          components: { schemas: { Show: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } } },
          operation: { responses: ok({ $ref: '#/components/schemas/Show' }) },
        },
        want: { outputSchema: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } }, entryOutput: 'Show', wrapData: false },
      },
    ],
  ];

  it.each(cases)('%s', (_name, { given, want }) => {
    const { model } = buildModel(documentOf(given), { apiName: 'test', source });
    const [binding] = buildToolBindings(model).bindings;
    expect({ outputSchema: binding?.tool.outputSchema, entryOutput: binding?.entry.outputSchema, wrapData: binding?.wrapData }).toStrictEqual(want);
  });
});

describe('buildToolBindings: the manifest', () => {
  it('lists tools sorted by name, whatever the document order, in a complete, private, uncached result', () => {
    const document = {
      openapi: '3.0.3',
      info: { title: 'T', version: '1' },
      paths: {
        '/z': { get: { operationId: 'zebra', responses: { '204': { description: 'done' } } } },
        '/a': {
          post: { operationId: 'alpha', 'x-tool-name': 'b_alpha', responses: { '204': { description: 'done' } } },
          get: { operationId: 'Alpha', 'x-tool-name': 'B_alpha_read', responses: { '204': { description: 'done' } } },
        },
      },
    };
    const { model } = buildModel(document, { apiName: 'test', source });
    const manifest = buildManifest(buildToolBindings(model).bindings);
    // Compared by code unit: upper case sorts before lower case.
    expect({ ...manifest, tools: manifest.tools.map((t) => t.name) }).toStrictEqual({
      resultType: 'complete',
      tools: ['B_alpha_read', 'b_alpha', 'zebra'],
      ttlMs: 0,
      cacheScope: 'private',
    });
  });

  const failures: [string, { given: Record<string, unknown>; want: { code: string; message: string }[] }][] = [
    [
      'a name MCP hosts refuse',
      {
        given: { '/a': { get: { operationId: 'op', 'x-tool-name': 'list shows', responses: {} } } },
        want: [{ code: 'mcp/tool-name', message: 'tool name "list shows" of op is not a valid MCP tool name (^[a-zA-Z0-9_-]{1,64}$)' }],
      },
    ],
    [
      'a name over 64 characters',
      {
        given: { '/a': { get: { operationId: 'op', 'x-tool-name': 'x'.repeat(65), responses: {} } } },
        want: [{ code: 'mcp/tool-name', message: `tool name "${'x'.repeat(65)}" of op is not a valid MCP tool name (^[a-zA-Z0-9_-]{1,64}$)` }],
      },
    ],
    [
      'two names equal but for case',
      {
        given: {
          '/a': {
            get: { operationId: 'first', 'x-tool-name': 'shows', responses: {} },
            post: { operationId: 'second', 'x-tool-name': 'Shows', responses: {} },
          },
        },
        want: [{ code: 'mcp/tool-name-collision', message: 'tool name "Shows" of second collides with that of first' }],
      },
    ],
  ];

  it.each(failures)('fails on %s', (_name, { given, want }) => {
    const { model } = buildModel({ openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: given }, { apiName: 'test', source });
    let thrown: unknown;
    try {
      buildToolBindings(model);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(PodcastGenError);
    expect((thrown as PodcastGenError).problems.map((p) => ({ code: p.code, message: p.message }))).toStrictEqual(want);
  });
});

describe('buildToolBindings: the fields argument', () => {
  const Issue = { type: 'object', required: ['id', 'title'], properties: { id: { type: 'integer' }, title: { type: 'string' }, body: { type: 'string' } } };
  const bindingOf = (given: Given) => {
    const { model } = buildModel(documentOf(given), { apiName: 'test', source });
    const [binding] = buildToolBindings(model).bindings;
    if (!binding) throw new Error('expected a tool');
    return binding;
  };
  const fieldsArgument = (names: string[], of: string) => ({
    type: 'array',
    items: { type: 'string', enum: names },
    minItems: 1,
    uniqueItems: true,
    description: `Only these fields of ${of}: a smaller answer, where the others are not needed.`,
  });

  it('projects an object payload: the names in the input, none of them required in the output', () => {
    const binding = bindingOf({ components: { schemas: { Issue } }, operation: { responses: ok({ $ref: '#/components/schemas/Issue' }) } });
    expect(binding.projection).toBe('object');
    expect(binding.tool.inputSchema).toStrictEqual({ type: 'object', properties: { fields: fieldsArgument(['id', 'title', 'body'], 'the result') } });
    expect(binding.tool.outputSchema).toStrictEqual({ type: 'object', properties: Issue.properties });
  });

  it('projects each item of a list of objects, wrapped as { data }', () => {
    const binding = bindingOf({
      components: { schemas: { Issue } },
      operation: { responses: ok({ type: 'array', items: { $ref: '#/components/schemas/Issue' } }) },
    });
    expect(binding.projection).toBe('items');
    expect(binding.wrapData).toBe(true);
    expect(binding.tool.inputSchema.properties).toStrictEqual({ fields: fieldsArgument(['id', 'title', 'body'], 'each item of the result') });
    expect(binding.tool.outputSchema).toStrictEqual({
      type: 'object',
      properties: { data: { type: 'array', items: { type: 'object', properties: Issue.properties } } },
      required: ['data'],
    });
  });

  it('offers none where the operation has an input named fields, or the object one property', () => {
    const own = bindingOf({
      components: { schemas: { Issue } },
      operation: { parameters: [{ name: 'fields', in: 'query', schema: { type: 'string' } }], responses: ok({ $ref: '#/components/schemas/Issue' }) },
    });
    expect(own.projection).toBeUndefined();
    expect(own.tool.outputSchema).toStrictEqual(Issue);
    expect(bindingOf({ operation: { responses: ok({ type: 'object', properties: { id: { type: 'integer' } } }) } }).projection).toBeUndefined();
  });
});
