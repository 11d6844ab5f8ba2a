/**
 * Synthetic OpenAPI 3.0 documents of a given number of operations, shaped like a real REST API:
 * resources with list/get/create/update/delete, path and query parameters, request bodies, shared
 * component schemas with references, enums, nested objects and arrays, and error responses.
 */

/** One resource = 5 operations; `operations` is rounded up to a multiple of 5. */
export function syntheticDocument(operations: number): Record<string, unknown> {
  const resources = Math.ceil(operations / 5);
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {
    Error: {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { type: 'integer' }, message: { type: 'string' }, details: { type: 'object', additionalProperties: true } },
    },
    Page: { type: 'object', required: ['total'], properties: { total: { type: 'integer', minimum: 0 }, next: { type: 'string', nullable: true } } },
  };
  const errors = {
    '400': { description: 'bad request', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    '404': { description: 'not found', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
  };
  for (let i = 0; i < resources; i++) {
    const name = `Resource${i}`;
    const ref = { $ref: `#/components/schemas/${name}` };
    schemas[name] = {
      type: 'object',
      description: `A resource of kind ${i}.`,
      required: ['id', 'name', 'status'],
      properties: {
        id: { type: 'integer', format: 'int32', readOnly: true },
        name: { type: 'string', minLength: 1, maxLength: 200, example: `name ${i}` },
        status: { type: 'string', enum: ['active', 'paused', 'archived'] },
        tags: { type: 'array', items: { type: 'string' }, maxItems: 20 },
        owner: { type: 'object', properties: { id: { type: 'integer' }, email: { type: 'string', format: 'email' } } },
        created_at: { type: 'string', format: 'date-time', readOnly: true },
        parent: i % 10 > 0 ? { $ref: `#/components/schemas/Resource${i - 1}` } : { type: 'integer', nullable: true },
      },
    };
    const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'integer' } };
    const json = (schema: unknown) => ({ 'application/json': { schema } });
    paths[`/resources${i}`] = {
      get: {
        operationId: `listResource${i}`,
        summary: `List resources of kind ${i}`,
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
          { name: 'status', in: 'query', schema: { type: 'string', enum: ['active', 'paused', 'archived'] } },
          { name: 'tags', in: 'query', schema: { type: 'array', items: { type: 'string' } } },
        ],
        responses: {
          '200': {
            description: 'a page',
            content: json({ allOf: [{ $ref: '#/components/schemas/Page' }, { type: 'object', properties: { items: { type: 'array', items: ref } } }] }),
          },
          ...errors,
        },
      },
      post: {
        operationId: `createResource${i}`,
        summary: `Create a resource of kind ${i}`,
        requestBody: { required: true, content: json(ref) },
        responses: { '201': { description: 'created', content: json(ref) }, ...errors },
      },
    };
    paths[`/resources${i}/{id}`] = {
      parameters: [idParam],
      get: {
        operationId: `getResource${i}`,
        summary: `Get a resource of kind ${i}`,
        responses: { '200': { description: 'the resource', content: json(ref) }, ...errors },
      },
      patch: {
        operationId: `updateResource${i}`,
        summary: `Update a resource of kind ${i}`,
        requestBody: {
          required: true,
          content: json({ type: 'object', properties: { name: { type: 'string' }, status: { type: 'string', enum: ['active', 'paused', 'archived'] } } }),
        },
        responses: { '200': { description: 'updated', content: json(ref) }, ...errors },
      },
      delete: { operationId: `deleteResource${i}`, summary: `Delete a resource of kind ${i}`, responses: { '204': { description: 'deleted' }, ...errors } },
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: `Synthetic API of ${resources * 5} operations`, version: '1.0.0' },
    servers: [{ url: 'https://api.example.com/v1' }],
    paths,
    components: { schemas },
  };
}
