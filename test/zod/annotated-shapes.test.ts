import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { oversizedComponents } from '../../generator/emit/zod/type-size.js';
import type { NamedSchemaModel } from '../../generator/model/types.js';
import { useShapes } from './helpers/annotated-shapes.js';

type Validator = { safeParse(value: unknown): { success: boolean } };

/** Compiled, declarations and uses, in annotated-shapes.compat.test.ts. */
describe('annotated validators, in shapes of public documents', () => {
  const output = useShapes('annotated-shapes');
  const { schemas } = output;

  it('count a tuple item once per element: nested non-empty arrays are annotated', async () => {
    expect(schemas.get('zod-nested-nonempty-arrays')).toContain('export const Catalog: _Validator_Catalog = ');
    expect(schemas.get('zod-nested-nonempty-arrays')).toContain('export const Section = ');
    const leaf: NamedSchemaModel = {
      name: 'Leaf',
      typeName: 'Leaf',
      indexName: 'Leaf',
      recursive: false,
      schema: { type: 'object', properties: Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`s${i}`, { type: 'string' }])) },
    };
    const list = (schema: object): NamedSchemaModel => ({
      name: 'List',
      typeName: 'List',
      indexName: 'List',
      recursive: false,
      schema: {
        type: 'object',
        properties: Object.fromEntries(
          Array.from({ length: 12 }, (_, i) => [`p${i}`, { type: 'array', items: { $ref: '#/components/schemas/Leaf' }, ...schema }]),
        ),
      },
    });
    // Leaf 202; twelve arrays of it 2,438 (under 4,000, and so when too long to be tuples); as tuples of
    // one and a rest (`minItems: 1`), or of two or three, twice and five times as many schemas.
    expect([...oversizedComponents([leaf, list({})], new Set())]).toStrictEqual([]);
    expect([...oversizedComponents([leaf, list({ maxItems: 100 })], new Set())]).toStrictEqual([]);
    expect([...oversizedComponents([leaf, list({ minItems: 1 })], new Set())]).toStrictEqual(['List']);
    expect([...oversizedComponents([leaf, list({ minItems: 2, maxItems: 3 })], new Set())]).toStrictEqual(['List']);
    const { Catalog } = (await import(pathToFileURL(join(output.batch.dir, 'out', 'zod-nested-nonempty-arrays', 'schemas.ts')).href)) as Record<
      string,
      Validator
    >;
    expect(Catalog?.safeParse({ sections1: [{ groups1: [{ rows1: [{ s1: 'a' }, { s2: 'b' }] }] }] }).success).toBe(true);
    expect(Catalog?.safeParse({ sections1: [{ groups1: [{ rows1: [] }] }] }).success).toBe(false);
  });

  it("type a tag as its validator checks it, not as openapi-typescript's literal", async () => {
    const text = schemas.get('zod-annotated-discriminator-tags') ?? '';
    expect(text).toContain('export const Node: _Validator_Node = ');
    expect(text).toContain('type _Tags = { petType: "cat" | "dog"; kind: "Node" | "Leaf" };');
    expect(text).toContain('type _UncheckedTags = { form: "Group" };');
    const { Node, Owner, Group } = (await import(
      pathToFileURL(join(output.batch.dir, 'out', 'zod-annotated-discriminator-tags', 'schemas.ts')).href
    )) as Record<string, Validator>;
    // A Node validator takes any kind (one that extends Node is a Node too), and requires one.
    expect(Node?.safeParse({ kind: 'Place', leaf: { kind: 'Other', value: 1 }, children: [{ kind: 'Node' }] }).success).toBe(true);
    expect(Node?.safeParse({ children: [] }).success).toBe(false);
    // Pet's discriminator still picks the branch by its mapping.
    expect(Owner?.safeParse({ pet: { petType: 'cat', lives: 9 }, friends: [{ pet: { petType: 'dog', barks: true } }] }).success).toBe(true);
    expect(Owner?.safeParse({ pet: { petType: 'bird' } }).success).toBe(false);
    expect(Group?.safeParse({ members: [{ form: 'Other' }, {}] }).success).toBe(true);
  });
});
