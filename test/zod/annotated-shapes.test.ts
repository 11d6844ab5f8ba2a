import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFiles } from '../../generator/index.js';
import { oversizedComponents } from '../../generator/emit/zod/type-size.js';
import type { NamedSchemaModel } from '../../generator/model/types.js';
import { CHECKS, createBatch, type Batch } from '../corpus/compile.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';

// Two shapes of public documents whose annotated validators did not compile in `tsc --init`'s
// project (declaration: true): HSBC's product document (TS7056: nested `minItems: 1` arrays, each a
// tuple that writes its item's type out twice, were counted once) and Bing Entity Search's (TS2322:
// openapi-typescript narrows a discriminator's tag to a literal that the validator does not check).

type Validator = { safeParse(value: unknown): { success: boolean } };

const INIT_7 = CHECKS.filter((check) => check.name === 'init@7');

/** What each document's uses must compile to (and `@ts-expect-error` what must not). */
const USES: Record<string, string> = {
  'zod-nested-nonempty-arrays': `import type * as S from './schemas.js';
export const catalog: S.Catalog = { sections1: [{ groups1: [{ rows1: [{ s1: 'a' }] }] }] };
// @ts-expect-error a non-empty array
export const empty: S.Catalog = { sections1: [] };
`,
  'zod-annotated-discriminator-tags': `import type * as S from './schemas.js';
import type { components } from './types.js';
export const node: S.Node = { kind: 'Node', leaf: { kind: 'Leaf', value: 1 }, children: [{ kind: 'Place' }] };
export const kind: string = node.kind;
// @ts-expect-error the tag is required
export const untagged: S.Node = { children: [] };
export const owner: S.Owner = { pet: { petType: 'cat', lives: 9 }, cat: { petType: 'cat', lives: 1 }, friends: [{ pet: { petType: 'dog', barks: true } }] };
export const group: S.Group = { members: [{ form: 'Group' }, {}] };
export const fromTypes = (value: components['schemas']['Node'], other: components['schemas']['Owner'], group: components['schemas']['Group']): [S.Node, S.Owner, S.Group] => [value, other, group];
`,
};

describe('annotated validators, in shapes of public documents', () => {
  let batch: Batch;
  const schemas = new Map<string, string>();
  beforeAll(async () => {
    batch = createBatch('annotated-shapes');
    for (const [name, uses] of Object.entries(USES)) {
      const { files } = await generateFiles({ spec: join(FIXTURE_DOCS, 'corpus', `${name}.yaml`) });
      schemas.set(name, files.find((f) => f.path === 'schemas.ts')?.content ?? '');
      batch.write(name, [...files, { path: 'uses.ts', content: uses }]);
    }
  }, 120_000);
  afterAll(() => batch?.remove());

  it("compile in tsc --init's project, declarations and uses", async () => {
    const [result] = await batch.check({ checks: INIT_7, timeoutMs: 240_000 });
    expect(result?.other).toBe('');
    expect(result?.diagnostics.map((d) => `${d.folder} ${d.line}`)).toStrictEqual([]);
  }, 300_000);

  it('count a tuple item once per element: nested non-empty arrays are annotated', async () => {
    expect(schemas.get('zod-nested-nonempty-arrays')).toContain('export const Catalog: _Validator_Catalog = ');
    expect(schemas.get('zod-nested-nonempty-arrays')).toContain('export const Section = ');
    const leaf: NamedSchemaModel = { name: 'Leaf', typeName: 'Leaf', indexName: 'Leaf', recursive: false, schema: { type: 'object', properties: Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`s${i}`, { type: 'string' }])) } };
    const list = (schema: object): NamedSchemaModel => ({ name: 'List', typeName: 'List', indexName: 'List', recursive: false, schema: { type: 'object', properties: Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`p${i}`, { type: 'array', items: { $ref: '#/components/schemas/Leaf' }, ...schema }])) } });
    // Leaf 202; twelve arrays of it 2,438 (under 4,000, and so when too long to be tuples); as tuples of
    // one and a rest (`minItems: 1`), or of two or three, twice and five times as many schemas.
    expect([...oversizedComponents([leaf, list({})], new Set())]).toStrictEqual([]);
    expect([...oversizedComponents([leaf, list({ maxItems: 100 })], new Set())]).toStrictEqual([]);
    expect([...oversizedComponents([leaf, list({ minItems: 1 })], new Set())]).toStrictEqual(['List']);
    expect([...oversizedComponents([leaf, list({ minItems: 2, maxItems: 3 })], new Set())]).toStrictEqual(['List']);
    const { Catalog } = (await import(pathToFileURL(join(batch.dir, 'out', 'zod-nested-nonempty-arrays', 'schemas.ts')).href)) as Record<string, Validator>;
    expect(Catalog?.safeParse({ sections1: [{ groups1: [{ rows1: [{ s1: 'a' }, { s2: 'b' }] }] }] }).success).toBe(true);
    expect(Catalog?.safeParse({ sections1: [{ groups1: [{ rows1: [] }] }] }).success).toBe(false);
  });

  it("type a tag as its validator checks it, not as openapi-typescript's literal", async () => {
    const text = schemas.get('zod-annotated-discriminator-tags') ?? '';
    expect(text).toContain('export const Node: _Validator_Node = ');
    expect(text).toContain('type _Tags = { petType: "cat" | "dog"; kind: "Node" | "Leaf" };');
    expect(text).toContain('type _UncheckedTags = { form: "Group" };');
    const { Node, Owner, Group } = (await import(pathToFileURL(join(batch.dir, 'out', 'zod-annotated-discriminator-tags', 'schemas.ts')).href)) as Record<string, Validator>;
    // A Node validator takes any kind (one that extends Node is a Node too), and requires one.
    expect(Node?.safeParse({ kind: 'Place', leaf: { kind: 'Other', value: 1 }, children: [{ kind: 'Node' }] }).success).toBe(true);
    expect(Node?.safeParse({ children: [] }).success).toBe(false);
    // Pet's discriminator still picks the branch by its mapping.
    expect(Owner?.safeParse({ pet: { petType: 'cat', lives: 9 }, friends: [{ pet: { petType: 'dog', barks: true } }] }).success).toBe(true);
    expect(Owner?.safeParse({ pet: { petType: 'bird' } }).success).toBe(false);
    expect(Group?.safeParse({ members: [{ form: 'Other' }, {}] }).success).toBe(true);
  });
});
