import { describe, expect, it } from 'vitest';
import { buildModel } from '../../generator/model/build-model.js';
import { tagPlaces } from '../../generator/model/tags.js';

const source = { path: 'test.yaml', label: 'test.yaml', hash: 'h' };
const ok = { '200': { description: 'ok' } };

function model32(paths: Record<string, unknown>, rest: Record<string, unknown> = {}) {
  return buildModel({ openapi: '3.2.0', info: { title: 'T', version: '1' }, paths, ...rest }, { apiName: 'api', source });
}

describe('model: OpenAPI 3.2 methods', () => {
  it('reads query and every additionalOperations method, in path-item order, each with its place', () => {
    const { model } = model32({
      '/a': {
        post: { operationId: 'make', responses: ok },
        query: { operationId: 'find', responses: ok },
        additionalOperations: { COPY: { operationId: 'copy', responses: ok }, purge: { operationId: 'purge', responses: ok } },
      },
    });
    expect(model.operations.map((op) => [op.operationId, op.method, op.httpMethod, op.pointer])).toStrictEqual([
      ['make', 'post', 'POST', '#/paths/~1a/post'],
      ['find', 'query', 'QUERY', '#/paths/~1a/query'],
      ['copy', 'COPY', 'COPY', '#/paths/~1a/additionalOperations/COPY'],
      // A method is case-sensitive: sent exactly as the document keys it.
      ['purge', 'purge', 'purge', '#/paths/~1a/additionalOperations/purge'],
    ]);
  });

  it('makes QUERY safe and idempotent, and any additional method as POST unless it has an idempotency key', () => {
    const key = { name: 'Idempotency-Key', in: 'header', 'x-idempotency-key': true, schema: { type: 'string' } };
    const { model } = model32({
      '/a': {
        query: { operationId: 'find', responses: ok },
        additionalOperations: { LINK: { operationId: 'link', responses: ok }, UNLINK: { operationId: 'unlink', parameters: [key], responses: ok } },
      },
    });
    const facts = model.operations.map((op) => [
      op.operationId,
      op.annotations.readOnly,
      op.annotations.idempotent,
      op.annotations.destructive,
      op.retryConnectionErrors,
    ]);
    expect(facts).toStrictEqual([
      ['find', true, true, false, true],
      ['link', false, false, false, false],
      ['unlink', false, false, false, true],
    ]);
  });

  it('writes the derived operationId of an unnamed additional operation into the document the types are printed from', () => {
    const { model, problems } = model32({ '/a/{id}': { additionalOperations: { LINK: { responses: ok } } } });
    expect(model.operations[0]?.operationId).toBe('linkAById');
    expect(problems.map((p) => [p.code, p.pointer])).toStrictEqual([['model/derived-operation-id', '#/paths/~1a~1{id}/additionalOperations/LINK']]);
    const paths = model.document.paths as Record<string, { additionalOperations: Record<string, { operationId?: string }> }>;
    expect(paths['/a/{id}']?.additionalOperations.LINK?.operationId).toBe('linkAById');
  });
});

describe('model: OpenAPI 3.2 querystring and streams', () => {
  it('keeps a querystring parameter as one field with its media type and its content schema', () => {
    const filter = { type: 'object', properties: { q: { type: 'string' } } };
    const { model } = model32({
      '/a': {
        get: {
          operationId: 'find',
          parameters: [{ name: 'filter', in: 'querystring', content: { 'application/x-www-form-urlencoded': { schema: filter } } }],
          responses: ok,
        },
      },
    });
    const [field] = model.operations[0]?.input ?? [];
    expect(field).toMatchObject({ name: 'filter', in: 'querystring', contentType: 'application/x-www-form-urlencoded', required: false, schema: filter });
  });

  const item = { type: 'object', properties: { id: { type: 'integer' } } };
  const streamed = (contentType: string) =>
    model32({ '/a': { get: { operationId: 'watch', responses: { '200': { description: 'items', content: { [contentType]: { itemSchema: item } } } } } } });

  it.each([
    ['text/event-stream', 'sse'],
    ['application/jsonl', 'jsonl'],
    ['application/x-ndjson', 'jsonl'],
    ['application/json-seq', 'json-seq'],
  ])('reads the items of %s as a %s stream, typed by the item schema', (contentType, format) => {
    const { model, problems } = streamed(contentType);
    expect(model.operations[0]?.data).toStrictEqual({
      schema: item,
      fromEnvelope: false,
      kind: 'stream',
      stream: format,
      pointer: `#/paths/~1a/get/responses/200/content/${contentType.replace('/', '~1')}/itemSchema`,
    });
    expect(problems).toStrictEqual([]);
  });

  it('says where a framing is not read item by item, and reads the body whole', () => {
    const { model, problems } = streamed('multipart/mixed');
    expect(model.operations[0]?.data.kind).toBe('binary');
    expect(problems.map((p) => [p.code, p.severity, p.pointer])).toStrictEqual([
      ['model/stream-not-read', 'warn', '#/paths/~1a/get/responses/200/content/multipart~1mixed/itemSchema'],
    ]);
    expect(problems[0]?.message).toMatch(/^GET \/a: the items of its `multipart\/mixed` response/);
  });
});

describe('model: OpenAPI 3.2 tags', () => {
  const tags = [
    { name: 'root', summary: 'Root', kind: 'nav' },
    { name: 'child', parent: 'root' },
    { name: 'grandchild', parent: 'child', kind: 'badge' },
    { name: 'orphan', parent: 'undeclared' },
    { name: 'a', parent: 'b' },
    { name: 'b', parent: 'a' },
  ];

  it('keeps summary, parent and kind, and drops a parent the document does not declare', () => {
    const { model } = model32({}, { tags });
    expect(model.tags).toStrictEqual([
      { name: 'root', summary: 'Root', kind: 'nav' },
      { name: 'child', parent: 'root' },
      { name: 'grandchild', parent: 'child', kind: 'badge' },
      { name: 'orphan' },
      { name: 'a', parent: 'b' },
      { name: 'b', parent: 'a' },
    ]);
  });

  it('places each tag under its ancestors, stops at a cycle, and says nothing where tags do not nest', () => {
    const { model } = model32({}, { tags });
    expect(tagPlaces(model.tags, ['grandchild', 'a', 'unknown'])).toStrictEqual([
      { name: 'grandchild', path: ['root', 'child', 'grandchild'], kind: 'badge' },
      { name: 'a', path: ['b', 'a'] },
      { name: 'unknown', path: ['unknown'] },
    ]);
    expect(tagPlaces([{ name: 'flat' }], ['flat'])).toBeUndefined();
  });
});
