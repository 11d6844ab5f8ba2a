import { describe, expect, it } from 'vitest';
import { generatorSources } from './generator-modules.js';
import { spelledSubschemaLists, type SpelledList } from './subschema-lists.js';

/** The module that states which keywords hold subschemas, and walks them. */
const TABLE_MODULE = 'subschemas.ts';

/**
 * Lists that name keywords holding subschemas for another fact than where schemas sit: each mixes
 * in keywords that hold none, and no walk reads it. By module and owner (the declarations around
 * the list), with the reason.
 */
const ALLOWED: readonly { path: string; owner: string; reason: string }[] = [
  {
    path: 'emit/zod/schema-to-zod.ts',
    owner: 'VALUE_KEYWORDS',
    reason: 'the keywords that constrain a value beyond its type (minItems, pattern, ... too): an enum is intersected with them',
  },
  {
    path: 'emit/zod/zod-types.ts',
    owner: 'IMPLIED',
    reason: 'the JSON type each keyword implies (minProperties, minLength, ... too), as the validators read a schema without `type`',
  },
  {
    path: 'model/input.ts',
    owner: 'WHOLE_OBJECT_KEYWORDS',
    reason: 'the keywords that constrain an object as a whole (dependentRequired too): its fields cannot be spread',
  },
  { path: 'synthesis/json-schema-2020.ts', owner: 'hasUncheckedKeyword', reason: 'the 2020-12 keywords conform.ts does not check (dependentRequired too)' },
  {
    path: 'load/bundle.ts',
    owner: 'REF_PLACES.names',
    reason: "the maps whose `x-` keys redocly's types read as entries (links, content, ... too), held to redocly's types by own-bundle.test.ts",
  },
];

function spelledOutside(sources: Record<string, string>): SpelledList[] {
  return Object.entries(sources)
    .filter(([path]) => path !== TABLE_MODULE)
    .flatMap(([path, text]) => spelledSubschemaLists(path, text));
}

/**
 * One module spells the keywords that hold subschemas (generator/subschemas.ts); every other reads
 * its table or walks with it. Six lists of them disagreed once (`$defs`, `definitions`,
 * `additionalItems`, `propertyNames` were each missing from some), and a 3.1 schema under
 * `definitions` was never normalized. The rule (subschema-lists.ts): no module spells two or more
 * of those keywords, the compositions aside, as one array, switch, `||` chain of comparisons, or
 * (four or more) as the keys of one object literal, unless it is allowed above with its reason.
 */
describe('one table of the keywords that hold subschemas', () => {
  const sources = generatorSources();

  it(`is stated in ${TABLE_MODULE} alone`, () => {
    const found = spelledOutside(sources).filter((list) => !ALLOWED.some((allowed) => allowed.path === list.path && allowed.owner === list.owner));
    expect(
      found.map((list) => `${list.path}:${list.line} ${list.owner} spells ${list.keywords.join(', ')} (${list.form}): read generator/subschemas.ts`),
    ).toStrictEqual([]);
  });

  it('allows only lists that are still there', () => {
    const spelled = spelledOutside(sources);
    const unused = ALLOWED.filter((allowed) => !spelled.some((list) => list.path === allowed.path && list.owner === allowed.owner));
    expect(unused.map((allowed) => `${allowed.path} ${allowed.owner}: no longer spelled, remove its allowance`)).toStrictEqual([]);
  });

  it(`finds the table in ${TABLE_MODULE}`, () => {
    expect(spelledSubschemaLists(TABLE_MODULE, sources[TABLE_MODULE] ?? '').map((list) => list.owner)).toContain('SUBSCHEMA_KEYWORDS');
  });
});

/** What the rule finds in a module's text: [owner, form, keywords]. */
const RULE: { given: string; want: [string, SpelledList['form'], string[]][] }[] = [
  // The lists this rule replaced, as they were written.
  {
    given: "const ONE = ['items', 'not', 'additionalProperties', 'if'];",
    want: [['ONE', 'array', ['items', 'not', 'additionalProperties', 'if']]],
  },
  {
    given: "export const SCHEMA_MAPS: ReadonlySet<string> = new Set(['properties', 'patternProperties', 'dependentSchemas']);",
    want: [['SCHEMA_MAPS', 'array', ['properties', 'patternProperties', 'dependentSchemas']]],
  },
  { given: "const CHILDREN = new Set(['items', ...MAPS, 'contains']);", want: [['CHILDREN', 'array', ['items', 'contains']]] },
  {
    given: "function convert(key: string) { if (key === 'items' || key === 'not') return 1; }",
    want: [['convert', 'comparisons', ['items', 'not']]],
  },
  {
    given: "const REF_PLACES = { keys: ['schema', 'items', 'additionalProperties', 'requestBody'] };",
    want: [['REF_PLACES.keys', 'array', ['items', 'additionalProperties']]],
  },
  {
    given: "const FIELDS = { properties: map('schema'), $defs: map('schema'), items: one('schema'), not: one('schema'), discriminator: one('d') };",
    want: [['FIELDS', 'object', ['properties', '$defs', 'items', 'not']]],
  },
  {
    given: "function walk(key: string) { switch (key) { case 'prefixItems': case 'contains': return 1; default: return 0; } }",
    want: [['walk', 'switch', ['prefixItems', 'contains']]],
  },
  // What is no such list.
  { given: "const COMPOSED = new Set(['allOf', 'oneOf', 'anyOf']);", want: [] },
  { given: "const ONE = ['items', 'minItems'];", want: [] },
  { given: "const schema = { type: 'object', properties: {}, additionalProperties: false, items: {} };", want: [] },
  { given: "if (key === 'items' || other === 'not') go();", want: [] },
];

describe('the rule that finds a spelled list of subschema keywords', () => {
  it.each(RULE)('$given', ({ given, want }) => {
    expect(spelledSubschemaLists('module.ts', given).map((list) => [list.owner, list.form, list.keywords])).toStrictEqual(want);
  });
});
