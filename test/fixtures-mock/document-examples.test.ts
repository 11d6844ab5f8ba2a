import { describe, expect, it } from 'vitest';
import { buildFixture, buildParams } from '../../generator/synthesis/build-fixture.js';
import { conform } from '../../generator/synthesis/conform.js';
import { synthContext, synthesize } from '../../generator/synthesis/synthesize.js';
import type { ApiModel, InputFieldModel, OperationModel, ResponseModel, SchemaObject } from '../../generator/model/types.js';

const components: Record<string, SchemaObject> = {
  user: { type: 'object', properties: { id: { type: 'number' }, email: { type: 'string' }, name: { type: 'string' } } },
  pets: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } },
};
const model = {
  schemas: Object.entries(components).map(([name, schema]) => ({ name, typeName: name, schema, recursive: false })),
  operations: [],
} as unknown as ApiModel;
const resolve = (ref: string) => components[ref.replace('#/components/schemas/', '')];
const ref = (name: string): SchemaObject => ({ $ref: `#/components/schemas/${name}` });

function operation(parts: {
  input?: InputFieldModel[];
  body?: { schema: SchemaObject; example?: unknown };
  errors?: Partial<ResponseModel>[];
  success?: Partial<ResponseModel>;
}): OperationModel {
  const response = (r: Partial<ResponseModel>): ResponseModel => ({ status: 200, description: '', headers: [], enveloped: false, ...r });
  const body = parts.body ? { contentType: 'application/json', required: true, flattened: false, ...parts.body } : undefined;
  const input = parts.input ?? (body ? [{ name: 'body', in: 'body', wireName: 'body', required: true, schema: body.schema } as InputFieldModel] : []);
  return {
    operationId: 'op',
    input,
    ...(body ? { body } : {}),
    success: response(parts.success ?? {}),
    errors: (parts.errors ?? []).map(response),
  } as unknown as OperationModel;
}

const make = (schema: SchemaObject) => synthesize(schema, synthContext({ seed: 'op/params', resolve, direction: 'request' }));

describe('document examples and defaults are used only when they conform', () => {
  it('refuses examples outside the enum or of another type, and null defaults of non-nullable schemas', () => {
    expect(['available', 'pending']).toContain(make({ type: 'string', enum: ['available', 'pending'], example: 'Choose...' }));
    expect(typeof make({ type: 'integer', example: '23456', default: '12345' })).toBe('number');
    expect(typeof make({ type: 'string', default: null })).toBe('string');
    expect(make({ type: 'string', nullable: true, default: null })).toBeNull();
    expect(make({ type: 'integer', example: 7 })).toBe(7);
  });

  it("takes a named example's value, drops keys the type has no room for, and skips references and JSON text", () => {
    const named = buildFixture(operation({ body: { schema: ref('user'), example: { summary: 'a user', id: 1, name: 'Ann' } } }), model);
    expect(named.params).toStrictEqual({ body: { id: 1, name: 'Ann' } });
    const reference = buildFixture(operation({ body: { schema: ref('user'), example: { $ref: '#/components/examples/user/value' } } }), model);
    expect(reference.params.body).not.toHaveProperty('$ref');
    const text = buildFixture(operation({ body: { schema: ref('pets'), example: '[{"name":"Fluffy"}]' } }), model);
    expect(Array.isArray(text.params.body)).toBe(true);
  });

  it('keeps a declared property only where it also fits additionalProperties (the types intersect both)', () => {
    const headers: SchemaObject = {
      type: 'object',
      properties: { empty: { type: 'boolean' } },
      additionalProperties: { type: 'array', items: { type: 'string' } },
    };
    expect(make(headers)).not.toHaveProperty('empty');
    expect(conform({ empty: true, accept: ['a'] }, headers, resolve)).toStrictEqual({ value: { accept: ['a'] } });
  });

  it("refuses an example with too many or too few properties, repeated items, or two of a oneOf's branches, and makes objects within maxProperties (Amadeus, OpenFIGI)", () => {
    const source: SchemaObject = { type: 'object', additionalProperties: { type: 'string' }, minProperties: 0, maxProperties: 1 };
    expect(conform({ pointer: '/a', parameter: 'b' }, source, resolve)).toBeUndefined();
    expect(conform({ pointer: '/a' }, source, resolve)).toStrictEqual({ value: { pointer: '/a' } });
    expect(conform({}, { type: 'object', minProperties: 1 }, resolve)).toBeUndefined();
    expect(conform(['a', 'a'], { type: 'array', items: { type: 'string' }, uniqueItems: true }, resolve)).toBeUndefined();
    const either: SchemaObject = {
      oneOf: [
        { type: 'object', properties: { data: { type: 'array' } } },
        { type: 'object', properties: { error: { type: 'string' } } },
      ],
    };
    expect(conform({ data: [] }, either, resolve)).toBeUndefined();
    const tagged: SchemaObject = {
      oneOf: [
        { type: 'object', required: ['data'], properties: { data: { type: 'array' } } },
        { type: 'object', required: ['error'], properties: { error: { type: 'string' } } },
      ],
    };
    expect(conform({ data: [] }, tagged, resolve)).toStrictEqual({ value: { data: [] } });
    const issue: SchemaObject = {
      type: 'object',
      maxProperties: 1,
      properties: { pointer: { type: 'string' }, parameter: { type: 'string' }, example: { type: 'string' } },
    };
    expect(Object.keys(make(issue) as object)).toHaveLength(1);
  });
});

describe("a fixture's response headers", () => {
  // Velo's `Location`: its schema's example is HTML with line breaks, which no header value can hold.
  it("take no example a header value cannot hold, the header's own or its schema's", () => {
    const headers: ResponseModel['headers'] = [
      { name: 'Location', required: true, schema: { type: 'string', example: '<p>HTTP/1.1 201 Created</p>\n<p>Location: https://example.com/a</p>\n' } },
      { name: 'X-Trace', required: true, schema: { type: 'string' }, example: 'a\r\nb' },
      { name: 'X-Ok', required: true, schema: { type: 'string' }, example: 'fine value' },
    ];
    const fixture = buildFixture(operation({ success: { status: 201, headers } }), model);
    for (const value of Object.values(fixture.response.headers)) expect(value).toMatch(/^[\t\x20-\x7e\x80-\xff]*$/);
    expect(fixture.response.headers['X-Ok']).toBe('fine value');
  });
});

describe("a fixture's query string", () => {
  // GSM Tasks' lists: hundreds of optional filters, and a fixture that set them all was a 24 KB URL (431).
  it('leaves out optional parameters, the last first, until it fits a few KiB; required ones stay', () => {
    const filter = (i: number, required = false) =>
      ({
        name: `order__orderer__notes__istartswith_${i}`,
        in: 'query',
        wireName: `order__orderer__notes__istartswith_${i}`,
        required,
        schema: { type: 'string', minLength: 40 },
      }) as InputFieldModel;
    const input = [filter(0, true), ...Array.from({ length: 300 }, (_, i) => filter(i + 1)), filter(301, true)];
    const params = buildParams(operation({ input }), resolve);
    const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
    expect(query.length).toBeLessThanOrEqual(4096);
    expect(params).toHaveProperty('order__orderer__notes__istartswith_0');
    expect(params).toHaveProperty('order__orderer__notes__istartswith_301');
    expect(params).toHaveProperty('order__orderer__notes__istartswith_1');
    expect(params).not.toHaveProperty('order__orderer__notes__istartswith_300');
  });
});

describe('fixtures follow the generated types', () => {
  // LinQR's contact data: additionalProperties false beside an anyOf whose branches declare the keys.
  it('keeps an object closed by additionalProperties false to its own properties, whatever its branches declare', () => {
    const contact: SchemaObject = {
      type: 'object',
      additionalProperties: false,
      anyOf: [
        { type: 'object', properties: { name: { type: 'string' } } },
        { type: 'object', required: ['email'], properties: { email: { type: 'string' } } },
      ],
    };
    const sets: SchemaObject = {
      type: 'object',
      additionalProperties: false,
      properties: { id: { type: 'integer' }, url: { type: 'string' } },
      oneOf: [{ required: ['id'] }, { required: ['url'] }],
    };
    const input = [
      { name: 'contact', in: 'query', wireName: 'contact', required: false, schema: contact },
      { name: 'source', in: 'query', wireName: 'source', required: true, schema: sets },
    ] as InputFieldModel[];
    const unsatisfied: string[] = [];
    const params = buildParams(operation({ input }), resolve, unsatisfied) as { contact?: object; source: Record<string, unknown> };
    expect(params.contact ?? {}).toStrictEqual({});
    expect(Object.keys(params.source).length).toBe(1);
    expect(unsatisfied).toStrictEqual([]);
  });

  // Amadeus's guest email: format email, and a pattern that wants a literal backslash no address has.
  it('notes a string no value fits, leaving out an optional one', () => {
    const email: SchemaObject = { type: 'string', format: 'email', pattern: '^[a-z]+@[a-z]+\\\\.[a-z]+$' };
    const input = [
      { name: 'contact', in: 'query', wireName: 'contact', required: false, schema: email },
      { name: 'owner', in: 'query', wireName: 'owner', required: true, schema: email },
    ] as InputFieldModel[];
    const unsatisfied: string[] = [];
    const params = buildParams(operation({ input }), resolve, unsatisfied);
    expect(params).not.toHaveProperty('contact');
    expect(unsatisfied).toStrictEqual(['owner']);
  });

  it('gives a path parameter a value that is not empty, `.` or `..` (Brex\'s dataset enum starts with "")', () => {
    const input = [
      { name: 'dataset', in: 'path', wireName: 'dataset', required: true, schema: { type: 'string', enum: ['', 'mini', 'full'] } },
      { name: 'slug', in: 'path', wireName: 'slug', required: true, schema: { type: 'string', pattern: '^[a-z]*$', maxLength: 8 } },
      { name: 'lang', in: 'query', wireName: 'lang', required: true, schema: { type: 'string', enum: ['', 'EN'] } },
      // Azure's resource group name: `.` matches it, and a segment of dots is a step of the path.
      { name: 'group', in: 'path', wireName: 'group', required: true, schema: { type: 'string', pattern: '^[.]+$', maxLength: 90 } },
    ] as InputFieldModel[];
    for (const operationId of ['a', 'b', 'c', 'd']) {
      const params = buildParams({ ...operation({ input }), operationId }, resolve);
      expect(['mini', 'full']).toContain(params.dataset);
      expect(params.slug).toMatch(/^[a-z]{1,8}$/);
      expect(params.group).toMatch(/^\.{3,}$/);
    }
  });

  it('answers a range status (4XX, 5XX) with a concrete status of the range no other response declares', () => {
    const fixture = buildFixture(
      operation({ errors: [{ status: Number.NaN, statusClass: 4 }, { status: 400 }, { status: Number.NaN, statusClass: 5 }] }),
      model,
    );
    expect(fixture.errors.map((e) => e.status)).toStrictEqual([401, 400, 500]);
  });

  it('gives a parameter given by `content` the JSON text of its value (openapi-typescript types it string)', () => {
    const where = {
      name: 'where',
      in: 'query',
      wireName: 'where',
      required: true,
      contentType: 'application/json',
      pointer: '#/where',
      schema: { type: 'object', required: ['q'], properties: { q: { type: 'string' } } },
    } as InputFieldModel;
    const value = buildFixture(operation({ input: [where] }), model).params.where;
    expect(typeof value).toBe('string');
    expect(JSON.parse(value as string)).toHaveProperty('q');
  });

  it('leaves out optional properties no value satisfies and notes required ones', () => {
    const never: SchemaObject = { allOf: [{ type: 'string' }, { type: 'integer' }] };
    const unsatisfied: string[] = [];
    const value = synthesize(
      { type: 'object', required: ['must'], properties: { may: never, must: never } },
      synthContext({ seed: 's', resolve, direction: 'request', unsatisfied }),
    );
    expect(value).not.toHaveProperty('may');
    expect(unsatisfied).toStrictEqual(['must']);
  });

  it("notes an enum none of whose values has the declared type (WhatsApp's integer enum of strings), and takes those that have it", () => {
    const unsatisfied: string[] = [];
    const shards: SchemaObject = { type: 'integer', enum: ['1', '2'] };
    const value = synthesize(
      { type: 'object', required: ['shards', 'size'], properties: { shards, size: { type: 'integer', enum: ['small', 4] } } },
      synthContext({ seed: 's', resolve, direction: 'request', unsatisfied }),
    );
    expect(unsatisfied).toStrictEqual(['shards']);
    expect(value).toMatchObject({ size: 4 });
  });
});

describe('document examples fit the generated types', () => {
  const schema: SchemaObject = {
    type: 'object',
    required: ['summary'],
    properties: { summary: { type: 'string' }, start_private_fork: { type: 'boolean', default: false } },
  };

  it('gets the default of a property it leaves out (openapi-typescript prints it required)', () => {
    expect(conform({ summary: 'an advisory' }, schema, resolve)).toStrictEqual({ value: { summary: 'an advisory', start_private_fork: false } });
  });

  it('is refused when a required key is one the object does not declare', () => {
    const docker: SchemaObject = { type: 'object', required: ['tags'], properties: { tag: { type: 'array', items: { type: 'string' } } } };
    expect(conform({ tag: ['latest'], tags: ['latest'] }, docker, resolve)).toBeUndefined();
  });
});
