import { describe, expect, it } from 'vitest';
import { CHECKS } from '../corpus/compile.js';
import { useShapes } from './helpers/annotated-shapes.js';

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

/** What the validators of these shapes check, and how they are annotated: annotated-shapes.test.ts. */
describe('annotated validators, in shapes of public documents', () => {
  const output = useShapes('annotated-shapes-compat', USES);

  it("compile in tsc --init's project, declarations and uses", async () => {
    const [result] = await output.batch.check({ checks: INIT_7, timeoutMs: 240_000 });
    expect(result?.other).toBe('');
    expect(result?.diagnostics.map((d) => `${d.folder} ${d.line}`)).toStrictEqual([]);
  }, 300_000);
});
