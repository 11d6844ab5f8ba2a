import { describe, expect, it } from 'vitest';
import { modelResolver } from '../../generator/synthesis/build-fixture.js';
import { synthContext, synthesize } from '../../generator/synthesis/synthesize.js';
import type { ApiModel, SchemaObject } from '../../generator/model/types.js';
import { createJudge } from './judge.js';

/** A model with only component schemas (and optionally operation bodies), enough for the synthesizer. */
function modelWith(components: Record<string, SchemaObject>, bodies: SchemaObject[] = []): ApiModel {
  const operations = bodies.map((schema, i) => ({ operationId: `op${i}`, input: [], body: { schema }, success: { status: 200, headers: [] }, errors: [] }));
  return {
    schemas: Object.entries(components).map(([name, schema]) => ({ name, typeName: name, schema, recursive: false })),
    operations,
  } as unknown as ApiModel;
}

function synthesizer(model: ApiModel) {
  return (schema: SchemaObject, direction: 'request' | 'response' = 'request') => {
    const unsatisfied: string[] = [];
    const value = synthesize(schema, synthContext({ seed: 'op/params', resolve: modelResolver(model), direction, unsatisfied }));
    return { value, unsatisfied };
  };
}

const ref = (name: string): SchemaObject => ({ $ref: `#/components/schemas/${name}` });

describe('synthesize: recursion ends', () => {
  const model = modelWith({
    TreeNode: {
      type: 'object',
      required: ['id', 'parent'],
      properties: { id: { type: 'string' }, parent: ref('TreeNode'), children: { type: 'array', items: ref('TreeNode') } },
    },
    LinkedNode: { type: 'object', required: ['id'], properties: { id: { type: 'string' }, prev: ref('LinkedNode'), next: ref('LinkedNode') } },
    Expression: { type: 'object', required: ['value'], properties: { value: { oneOf: [ref('Expression'), { type: 'string' }] } } },
  });
  const make = synthesizer(model);
  const judge = createJudge(model);

  it('leaves optional recursion out past a depth (a valid value, nothing noted)', () => {
    const { value, unsatisfied } = make(ref('LinkedNode'));
    expect(judge(ref('LinkedNode'), value)).toStrictEqual([]);
    expect(unsatisfied).toStrictEqual([]);
  });

  it('ends a required self-reference in a minimal object and notes where', () => {
    const { value, unsatisfied } = make(ref('TreeNode'));
    let node = value as { parent?: unknown };
    let depth = 0;
    while (node.parent && Object.keys(node.parent).length > 0) [node, depth] = [node.parent as { parent?: unknown }, depth + 1];
    expect(node.parent).toStrictEqual({});
    expect(depth).toBeLessThan(10);
    expect(unsatisfied[0]).toMatch(/^(parent\.)+parent$/);
  });

  it('prefers a oneOf branch that does not lead back into itself', () => {
    const { value, unsatisfied } = make(ref('Expression'));
    expect(typeof (value as { value: unknown }).value).toBe('string');
    expect(unsatisfied).toStrictEqual([]);
  });
});

describe('synthesize: the discriminator selects the branch the value is made from', () => {
  const components: Record<string, SchemaObject> = {
    OptionOne: { type: 'object', required: ['kind'], properties: { kind: { type: 'string' }, one: { type: 'number' } } },
    OptionTwo: { type: 'object', required: ['kind'], properties: { kind: { type: 'string' }, two: { type: 'string' } } },
    Pet: { type: 'object', required: ['pet_type'], properties: { pet_type: { type: 'string' } }, discriminator: { propertyName: 'pet_type' } },
    Cat: { allOf: [ref('Pet'), { type: 'object', properties: { hunts: { type: 'boolean' } } }] },
    Dog: { allOf: [ref('Pet'), { type: 'object', properties: { bark: { type: 'boolean' } } }] },
  };
  const mapped: SchemaObject = {
    oneOf: [ref('OptionOne'), ref('OptionTwo')],
    discriminator: { propertyName: 'kind', mapping: { 'Option One': '#/components/schemas/OptionOne', 'Option Two': '#/components/schemas/OptionTwo' } },
  };
  const unmapped: SchemaObject = { oneOf: [ref('OptionOne'), ref('OptionTwo')], discriminator: { propertyName: 'kind' } };

  it('takes the mapping key that names the branch', () => {
    const make = synthesizer(modelWith(components, [mapped]));
    expect(make(mapped).value).toMatchObject({ kind: 'Option One' });
    expect(make(ref('OptionTwo')).value).toMatchObject({ kind: 'Option Two' });
  });

  it('takes the component name when there is no mapping', () => {
    const make = synthesizer(modelWith(components, [unmapped]));
    expect(make(unmapped).value).toMatchObject({ kind: 'OptionOne' });
  });

  it('gives a schema that extends a discriminated one through allOf its own name', () => {
    const make = synthesizer(modelWith(components));
    expect(make({ oneOf: [ref('Cat'), ref('Dog')] }).value).toMatchObject({ pet_type: 'Cat' });
    expect(make(ref('Dog')).value).toMatchObject({ pet_type: 'Dog' });
  });
});

describe('synthesize: a value no schema-and-type fits is dropped where it may be', () => {
  // Closed objects (no additionalProperties) that require a key they do not declare: ajv wants the
  // key, the generated type has no room for it.
  const model = modelWith({
    Broken: { type: 'object', required: ['id', 'accessed'], properties: { id: { type: 'string' } } },
    Fine: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
    Contradictory: {
      type: 'object',
      required: ['id', 'code'],
      properties: { id: { type: 'string' }, code: { allOf: [{ type: 'string' }, { type: 'integer' }] } },
    },
  });
  const make = synthesizer(model);
  const judge = createJudge(model);

  it('notes a required key the object does not declare, and does not set it', () => {
    const { value, unsatisfied } = make(ref('Broken'));
    expect(value).toStrictEqual({ id: expect.any(String) });
    expect(unsatisfied).toStrictEqual(['accessed']);
  });

  it('leaves an optional property out, with nothing noted', () => {
    const schema: SchemaObject = { type: 'object', properties: { link: ref('Broken'), name: { type: 'string' } } };
    const { value, unsatisfied } = make(schema);
    expect(value).not.toHaveProperty('link');
    expect(unsatisfied).toStrictEqual([]);
    expect(judge(schema, value)).toStrictEqual([]);
  });

  it('makes an array shorter, down to minItems', () => {
    expect(make({ type: 'array', items: ref('Broken') })).toStrictEqual({ value: [], unsatisfied: [] });
    expect(make({ type: 'array', minItems: 1, items: ref('Broken') }).unsatisfied).toStrictEqual(['0.accessed']);
  });

  it('takes another branch of a oneOf, or null where the schema allows it', () => {
    const branches: SchemaObject = { type: 'object', required: ['item'], properties: { item: { oneOf: [ref('Contradictory'), ref('Fine')] } } };
    const { value, unsatisfied } = make(branches);
    expect(unsatisfied).toStrictEqual([]);
    expect(judge(branches, value)).toStrictEqual([]);
    expect(make({ type: 'object', required: ['id', 'accessed'], nullable: true, properties: { id: { type: 'string' } } })).toStrictEqual({
      value: null,
      unsatisfied: [],
    });
  });

  it('sets a property with a default (openapi-typescript prints it required), also past the depth limit', () => {
    const deep: SchemaObject = {
      type: 'object',
      properties: { mode: { type: 'string', enum: ['ALWAYS', 'EXEMPT'], default: 'ALWAYS' }, note: { type: 'string' } },
    };
    let schema = deep;
    for (let i = 0; i < 8; i++) schema = { type: 'object', required: ['next'], properties: { next: schema } };
    let value = make(schema).value as Record<string, unknown>;
    while ('next' in value) value = value.next as Record<string, unknown>;
    expect(value).toStrictEqual({ mode: 'ALWAYS' });
  });
});
