import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { load } from 'js-yaml';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { emitSchemas, type EmittedSchemas } from './helpers/emit-schemas.js';
import { documentJudge } from './helpers/judge-2020.js';

const SPEC = join(FIXTURE_DOCS, 'versions', 'keywords-3.1.yaml');

/** Per keyword: the component that uses it and values on both sides of it (ajv decides which side). */
const CASES: [keyword: string, component: string, values: unknown[]][] = [
  ['prefixItems + items', 'Point', [[1, 2], [1, 2, 'abc'], [1, 2, 'abc', true, false], [1], [1, '2'], [1, 2, 'abcd'], [1, 2, 'a', 'b'], [1, 2, null]]],
  ['prefixItems + items: false', 'ClosedPair', [[], ['a'], ['a', 1], ['a', 1, 2], [1], ['a', 'b']]],
  [
    'contains + minContains + maxContains',
    'Tags',
    [['primary'], ['a', 'primary'], ['primary', 'primary'], [], ['a'], ['primary', 'primary', 'primary'], ['primary', 3]],
  ],
  ['contains', 'AnyContains', [[10], [1, 11.5], [], [1, 2], ['10']]],
  ['unevaluatedItems (schema)', 'PrefixRest', [[], ['a'], ['a', 1, 2], ['a', 'b'], ['a', 1.5]]],
  ['unevaluatedItems: false over allOf', 'PrefixClosed', [[], ['a', 'b'], ['a', 'b', 'c'], [1]]],
  ['dependentRequired', 'Billing', [{}, { name: 'x' }, { card: '1234', address: 'y' }, { card: '1234' }, { address: 'y' }]],
  [
    'if/then/else',
    'Conditional',
    [{ kind: 'big', size: 100 }, { kind: 'small', size: 5 }, { kind: 'small' }, { kind: 'big' }, { kind: 'big', size: 5 }, { kind: 'small', size: 500 }],
  ],
  ['dependentSchemas', 'DependentSchema', [{}, { credit: 1, limit: 2 }, { limit: 'x' }, { credit: 1 }, { credit: 1, limit: 'x' }]],
  [
    'patternProperties + propertyNames + additionalProperties: false',
    'Labels',
    [{}, { 'x-a': 's', n_1: 2 }, { 'x-a': 1 }, { n_1: 's' }, { other: 1 }, { 'x-very-long': 's' }],
  ],
  ['patternProperties + additionalProperties (schema)', 'LooseLabels', [{ id: 'a', '12': true, other: 3 }, { '12': 3 }, { other: 'x' }, { id: 5 }]],
  [
    'unevaluatedProperties: false over allOf and oneOf',
    'Shape',
    [
      { kind: 'circle', radius: 1 },
      { id: 1, kind: 'square', side: 2 },
      { kind: 'circle', radius: 1, side: 2 },
      { kind: 'circle', radius: 1, extra: 1 },
      { id: 'x', kind: 'circle', radius: 1 },
    ],
  ],
  ['unevaluatedProperties (schema) beside $ref', 'Extended', [{ id: 1 }, { id: 1, note: 'x' }, { id: 1, note: 2 }]],
];

describe('JSON Schema 2020-12 keywords: the zod validators agree with ajv (2020-12 mode) on the document as written', () => {
  let emitted: EmittedSchemas;
  const document = load(readFileSync(SPEC, 'utf8')) as { components?: { schemas?: Record<string, unknown> } };
  it.each(CASES)('%s (%s)', async (_keyword, component, values) => {
    emitted ??= await emitSchemas(SPEC);
    const judge = documentJudge(document, component);
    const validator = emitted.module[component];
    const sides = { accepted: 0, rejected: 0 };
    for (const value of values) {
      const byAjv = judge(value);
      sides[byAjv ? 'accepted' : 'rejected']++;
      expect(validator?.safeParse(value).success, `${component} ${JSON.stringify(value)}`).toBe(byAjv);
    }
    expect(sides.accepted).toBeGreaterThan(0);
    expect(sides.rejected).toBeGreaterThan(0);
  });

  it('a body whose keywords constrain the whole object is not spread into fields (they would be lost there)', async () => {
    emitted ??= await emitSchemas(SPEC);
    const params = emitted.module.PostBillingParams;
    expect(params?.safeParse({ body: { card: '1234', address: 'x' } }).success).toBe(true);
    expect(params?.safeParse({ body: { card: '1234' } }).success).toBe(false);
  });

  it('a keyword zod cannot follow exactly is warned at its place, and its validator accepts more, never less', async () => {
    emitted ??= await emitSchemas(SPEC);
    const { generateFiles } = await import('../../generator/index.js');
    const { problems } = await generateFiles({ spec: SPEC });
    expect(problems.filter((p) => p.code === 'model/loosened-keyword').map((p) => p.pointer)).toStrictEqual([
      '#/components/schemas/Inexact/unevaluatedProperties',
      '#/components/schemas/InexactItems/unevaluatedItems',
    ]);
    const cases: [string, unknown][] = [
      ['Inexact', { a: 'x', b: 'y' }],
      ['Inexact', { a: 'x', c: 1 }],
      ['Inexact', {}],
      ['InexactItems', ['a']],
      ['InexactItems', ['a', 1]],
    ];
    const looser: string[] = [];
    for (const [component, value] of cases) {
      const byAjv = documentJudge(document, component)(value);
      const byZod = emitted.module[component]?.safeParse(value).success;
      if (byAjv) expect(byZod, `${component} ${JSON.stringify(value)}`).toBe(true);
      else if (byZod) looser.push(component);
    }
    expect(looser).toContain('Inexact');
  });
});
