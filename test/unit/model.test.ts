import { describe, expect, it } from 'vitest';
import { buildModel } from '../../generator/model/build-model.js';

const source = { path: 'test.yaml', label: 'test.yaml', hash: 'h' };

function doc(paths: Record<string, unknown>, components: Record<string, unknown> = {}): Record<string, unknown> {
  return { openapi: '3.0.3', info: { title: 'T', version: '1' }, paths, components };
}

function only(document: Record<string, unknown>) {
  const { model, problems } = buildModel(document, { apiName: 'podcast', source });
  const op = model.operations[0];
  if (!op) throw new Error('no operation');
  return { model, op, problems };
}

const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });

describe('model: inputs', () => {
  // CodeArtifact: a header named at the path in one case and at the operation in another is one header.
  it("takes a header's name whatever its case: the operation's parameter overrides the path's", () => {
    const { op } = only(
      doc({
        '/publish': {
          parameters: [
            { name: 'X-Amz-Content-Sha256', in: 'header', schema: { type: 'string' } },
            { name: 'X-Amz-Date', in: 'header', schema: { type: 'string' } },
          ],
          post: {
            operationId: 'publish',
            parameters: [{ name: 'x-amz-content-sha256', in: 'header', required: true, schema: { type: 'string', minLength: 64, maxLength: 64 } }],
            responses: { '200': { description: 'ok' } },
          },
        },
      }),
    );
    expect(op.input.map((f) => [f.name, f.required])).toStrictEqual([
      ['x-amz-content-sha256', true],
      ['X-Amz-Date', false],
    ]);
  });

  it('flattens an object body next to the parameters', () => {
    const { op } = only(
      doc({
        '/items/{id}': {
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
          post: {
            operationId: 'saveItem',
            parameters: [{ name: 'dry', in: 'query', schema: { type: 'boolean' } }],
            requestBody: {
              required: true,
              ...json({ type: 'object', required: ['name'], properties: { name: { type: 'string' }, serial: { type: 'string', readOnly: true } } }),
            },
            responses: { '200': { description: 'ok' } },
          },
        },
      }),
    );
    expect(op.input.map((f) => [f.name, f.in, f.required])).toStrictEqual([
      ['id', 'path', true],
      ['dry', 'query', false],
      ['name', 'body-field', true],
    ]);
    expect(op.inputSchema.required).toStrictEqual(['id', 'name']);
    expect(op.body?.flattened).toBe(true);
    // Each field knows where its schema is written: the path item's parameter, the operation's, the body's property.
    expect(op.input.map((f) => f.pointer)).toStrictEqual([
      '#/paths/~1items~1{id}/parameters/0/schema',
      '#/paths/~1items~1{id}/post/parameters/0/schema',
      '#/paths/~1items~1{id}/post/requestBody/content/application~1json/schema/properties/name',
    ]);
  });

  it('keeps the body under `body` when a field name collides or the body is not an object', () => {
    const collide = only(
      doc({
        '/a': {
          post: {
            operationId: 'a',
            parameters: [{ name: 'name', in: 'query', schema: { type: 'string' } }],
            requestBody: json({ type: 'object', properties: { name: { type: 'string' } } }),
            responses: {},
          },
        },
      }),
    );
    expect(collide.op.input.map((f) => f.name)).toStrictEqual(['name', 'body']);
    const array = only(
      doc({ '/a': { post: { operationId: 'a', requestBody: { required: true, ...json({ type: 'array', items: { type: 'string' } }) }, responses: {} } } }),
    );
    expect(array.op.input).toStrictEqual([
      {
        name: 'body',
        in: 'body',
        wireName: 'body',
        required: true,
        schema: { type: 'array', items: { type: 'string' } },
        pointer: '#/paths/~1a/post/requestBody/content/application~1json/schema',
      },
    ]);
  });

  it('takes the idempotency header out of the input and the credential header too', () => {
    const { op } = only({
      ...doc(
        {
          '/a': {
            post: {
              operationId: 'a',
              parameters: [{ $ref: '#/components/parameters/Key' }, { name: 'X-Api-Key', in: 'header', schema: { type: 'string' } }],
              responses: {},
            },
          },
        },
        {
          parameters: {
            Key: {
              name: 'Idempotency-Key',
              in: 'header',
              schema: { type: 'string', maxLength: 128 },
              'x-idempotency-key': true,
              'x-assumed': 'name not given',
            },
          },
          securitySchemes: { K: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } },
        },
      ),
      security: [{ K: [] }],
    });
    expect(op.input).toStrictEqual([]);
    expect(op.hasInput).toBe(false);
    expect(op.idempotency).toStrictEqual({ header: 'Idempotency-Key', required: false, maxLength: 128 });
    expect(op.assumptions).toStrictEqual([{ pointer: '#/components/parameters/Key', reason: 'name not given' }]);
    expect(op.retryConnectionErrors).toBe(true);
    expect(op.retryStatuses).toStrictEqual([429]);
  });
});

describe('model: responses', () => {
  const envelope = {
    Envelope: { type: 'object', 'x-envelope': { dataProperty: 'payload' }, properties: { code: { type: 'integer' }, payload: {} } },
    Thing: { type: 'object', properties: { id: { type: 'integer' } } },
  };

  it('unwraps the declared envelope', () => {
    const { model, op } = only(
      doc(
        {
          '/t': {
            get: {
              operationId: 'getThing',
              responses: {
                '200': {
                  description: 'ok',
                  ...json({ allOf: [{ $ref: '#/components/schemas/Envelope' }, { properties: { payload: { $ref: '#/components/schemas/Thing' } } }] }),
                },
              },
            },
          },
        },
        { schemas: envelope },
      ),
    );
    expect(model.envelope).toStrictEqual({ schemaName: 'Envelope', dataProperty: 'payload' });
    expect(op.data).toStrictEqual({
      schema: { $ref: '#/components/schemas/Thing' },
      fromEnvelope: true,
      kind: 'json',
      pointer: '#/paths/~1t/get/responses/200/content/application~1json/schema/allOf/1/properties/payload',
    });
  });

  it('returns the plain body when the document has no envelope', () => {
    const { model, op } = only(
      doc(
        { '/t': { get: { operationId: 'getThing', responses: { '201': { description: 'made', ...json({ $ref: '#/components/schemas/Thing' }) } } } } },
        { schemas: { Thing: envelope.Thing } },
      ),
    );
    expect(model.envelope).toBeUndefined();
    expect(op.success.status).toBe(201);
    expect(op.data).toStrictEqual({
      schema: { $ref: '#/components/schemas/Thing' },
      fromEnvelope: false,
      kind: 'json',
      pointer: '#/paths/~1t/get/responses/201/content/application~1json/schema',
    });
  });

  it('knows text, binary and empty successes, and the 429 wait field', () => {
    const text = only(
      doc({
        '/t': {
          get: {
            operationId: 't',
            responses: {
              '200': { description: 'ok', content: { 'text/plain': { schema: { type: 'string' } } } },
              '429': { description: 'slow', ...json({ type: 'object', properties: { retry_after: { type: 'integer' } } }) },
            },
          },
        },
      }),
    );
    expect(text.op.data.kind).toBe('text');
    expect(text.op.errors.map((e) => [e.status, e.retryAfterField])).toStrictEqual([[429, 'retry_after']]);
    expect(
      only(doc({ '/t': { get: { operationId: 't', responses: { '200': { description: 'ok', content: { 'application/octet-stream': {} } } } } } })).op.data.kind,
    ).toBe('binary');
    expect(only(doc({ '/t': { delete: { operationId: 't', responses: { '204': { description: 'gone' } } } } })).op.data.kind).toBe('none');
  });

  it('treats default as the success when there is no 2xx', () => {
    const { op } = only(doc({ '/t': { get: { operationId: 't', responses: { default: { description: 'any', ...json({ type: 'string' }) } } } } }));
    expect(op.success.status).toBe('default');
    expect(op.errors).toStrictEqual([]);
  });
});

describe('model: names and tools', () => {
  it('derives missing operationIds and tool names, and warns', () => {
    const { model, problems } = buildModel(
      doc({
        '/pets/{petId}': {
          get: { responses: {} },
          delete: { operationId: 'removePet', 'x-tool-name': 'pets_remove', 'x-oauth-scopes': ['pets.write'], responses: {} },
        },
      }),
      { apiName: 'pet store', source },
    );
    expect(model.operations.map((o) => [o.operationId, o.methodName, o.toolName, o.toolNameDerived, o.scopes])).toStrictEqual([
      ['getPetsByPetId', 'getPetsByPetId', 'get_pets_by_pet_id', true, []],
      ['removePet', 'removePet', 'pets_remove', false, ['pets.write']],
    ]);
    expect(problems.map((p) => p.code)).toStrictEqual(['model/derived-operation-id']);
    expect(model.names.createClient).toBe('createPetStoreClient');
    expect(model.names.envPrefix).toBe('PET_STORE');
    expect(model.operations[1]?.annotations).toStrictEqual({ readOnly: false, destructive: true, idempotent: true, openWorld: true });
  });

  it('keeps method and type names unique when operationIds collide after re-casing', () => {
    const { model } = buildModel(doc({ '/a': { get: { operationId: 'get-item', responses: {} }, post: { operationId: 'get_item', responses: {} } } }), {
      apiName: 'x',
      source,
    });
    expect(model.operations.map((o) => o.methodName)).toStrictEqual(['getItem', 'getItem2']);
    expect(model.operations.map((o) => o.typeName)).toStrictEqual(['GetItem', 'GetItem2']);
  });

  it('names validators as the document does; only index.ts aliases a name another module exports', () => {
    const { model } = buildModel(
      doc(
        { '/r': { get: { operationId: 'read', responses: {} } } },
        {
          schemas: {
            RateLimitError: { type: 'object' },
            ApiError: { type: 'object' },
            ApiErrorSchema: { type: 'string' },
            OperationId: { type: 'string' },
            PodcastClient: { type: 'object' },
            Fixture: { type: 'object' },
            ReadErrors: { type: 'object' },
            Quota: { type: 'object' },
          },
        },
      ),
      {
        apiName: 'podcast',
        source,
        runtimeExports: [
          { name: 'RateLimitError', typeOnly: false },
          { name: 'ApiError', typeOnly: false },
        ],
      },
    );
    expect(model.schemas.map((s) => [s.name, s.typeName, s.indexName])).toStrictEqual([
      ['RateLimitError', 'RateLimitError', 'RateLimitErrorSchema'],
      ['ApiError', 'ApiError', 'ApiErrorSchema2'],
      ['ApiErrorSchema', 'ApiErrorSchema', 'ApiErrorSchema'],
      ['OperationId', 'OperationId', 'OperationIdSchema'],
      ['PodcastClient', 'PodcastClient', 'PodcastClientSchema'],
      ['Fixture', 'Fixture', 'FixtureSchema'],
      // `ReadErrors` is the operation's error validators in schemas.ts.
      ['ReadErrors', 'ReadErrors2', 'ReadErrors2'],
      ['Quota', 'Quota', 'Quota'],
    ]);
  });

  it('marks recursive schemas and gives schemas type names that do not clash with operation types', () => {
    const { model } = buildModel(
      doc(
        { '/n': { get: { operationId: 'node', responses: {} } } },
        {
          schemas: {
            Node: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } } },
            NodeData: { type: 'string' },
          },
        },
      ),
      { apiName: 'x', source },
    );
    expect(model.schemas.map((s) => [s.name, s.typeName, s.recursive])).toStrictEqual([
      ['Node', 'Node', true],
      ['NodeData', 'NodeData2', false],
    ]);
  });
});
