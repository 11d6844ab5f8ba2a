import { describe, expect, it } from 'vitest';
import { fitNumber } from '../../generator/synthesis/numbers.js';
import { mergeAllOf } from '../../generator/model/schema-merge.js';
import { fitLength, stringForPattern } from '../../generator/synthesis/strings.js';
import { atPlace, childContext, synthContext, synthesize } from '../../generator/synthesis/synthesize.js';
import { continueHash, createRng, hashString } from '../../generator/synthesis/rng.js';
import type { ApiModel, SchemaObject } from '../../generator/model/types.js';
import { createJudge } from './judge.js';

const components: Record<string, SchemaObject> = {
  Background: {
    type: 'object',
    properties: { id: { type: 'integer' }, user_background_id: { type: 'integer' } },
    oneOf: [{ required: ['id'] }, { required: ['user_background_id'] }],
  },
  Host: { type: 'object', properties: { photo_url: { type: 'string' }, name: { type: 'string' }, timbre_unique_id: { type: 'string' } } },
  Node: { type: 'object', required: ['value'], properties: { value: { type: 'integer' }, next: { $ref: '#/components/schemas/Node' } } },
  TimeDelta: { type: 'object', required: ['__type', 'days'], properties: { __type: { type: 'string' }, days: { type: 'integer' } } },
  CronExpression: { type: 'object', required: ['__type', 'value'], properties: { __type: { type: 'string' }, value: { type: 'string' } } },
};
const resolve = (ref: string) => components[ref.replace('#/components/schemas/', '')];
const judge = createJudge({
  schemas: Object.entries(components).map(([name, schema]) => ({ name, typeName: name, schema, recursive: false })),
} as unknown as ApiModel);
const make = (schema: SchemaObject, seed = 'op/params', path: string[] = []) =>
  synthesize(schema, atPlace(synthContext({ seed, resolve, direction: 'request' }), path, 0));

describe('synthesize: every value is valid for ajv', () => {
  const cases: [string, SchemaObject][] = [
    ['enum', { type: 'string', enum: ['default', 'pet', 'cartoon'] }],
    ['integer enum', { type: 'integer', enum: [3, 9, 11] }],
    ['exactly two hosts', { type: 'array', minItems: 2, maxItems: 2, items: { $ref: '#/components/schemas/Host' } }],
    ['exactly one background id', { $ref: '#/components/schemas/Background' }],
    ['bounded string', { type: 'string', minLength: 20, maxLength: 24 }],
    ['short max length', { type: 'string', maxLength: 3 }],
    ['pattern', { type: 'string', pattern: '^[A-Z]{3}-\\d{4}(-[a-z]+)?$' }],
    [
      'formats',
      {
        type: 'object',
        properties: Object.fromEntries(
          ['date-time', 'date', 'email', 'uri', 'uuid', 'ipv4', 'ipv6', 'hostname', 'byte'].map((f) => [f, { type: 'string', format: f }]),
        ),
      },
    ],
    ['exclusive integer bounds', { type: 'integer', minimum: 5, maximum: 7, exclusiveMinimum: true, exclusiveMaximum: true }],
    ['multipleOf number', { type: 'number', minimum: 0.5, maximum: 3, multipleOf: 0.25 }],
    ['unique enum items', { type: 'array', uniqueItems: true, minItems: 3, items: { type: 'string', enum: ['a', 'b', 'c'] } }],
    ['map', { type: 'object', additionalProperties: { type: 'integer', minimum: 1 }, minProperties: 2 }],
    ['allOf', { allOf: [{ $ref: '#/components/schemas/Host' }, { type: 'object', required: ['age'], properties: { age: { type: 'integer', maximum: 3 } } }] }],
    ['recursive', { $ref: '#/components/schemas/Node' }],
    ['nullable without type', { nullable: true }],
    ['anyOf of scalars', { anyOf: [{ type: 'integer', minimum: 10 }, { type: 'string' }] }],
    // NPR's station list: a collection of objects, refined by a second part to a list of stations.
    [
      'allOf of two arrays',
      {
        allOf: [
          { type: 'array', items: { type: 'object' } },
          { type: 'array', minItems: 1, items: { $ref: '#/components/schemas/Node' } },
        ],
      },
    ],
    // BBC's `reference`: a part closed by additionalProperties false, beside one adding properties it refuses.
    [
      'allOf with a closed part',
      {
        allOf: [
          { type: 'object', additionalProperties: false, required: ['href'], properties: { href: { type: 'string' }, result_type: { type: 'string' } } },
          { type: 'object', additionalProperties: true, properties: { href_deprecated: { type: 'boolean' }, result_type: { type: 'string', minLength: 2 } } },
        ],
      },
    ],
  ];
  it.each(cases)('%s', (_label, schema) => {
    const value = make(schema);
    expect(judge(schema, value), JSON.stringify(value)).toStrictEqual([]);
  });

  it('the judge is not lenient: three hosts and both background ids fail', () => {
    const host = make({ $ref: '#/components/schemas/Host' });
    expect(judge(cases[2]?.[1] as SchemaObject, [host, host, host])).not.toStrictEqual([]);
    expect(judge({ $ref: '#/components/schemas/Background' }, { id: 1, user_background_id: 2 })).not.toStrictEqual([]);
  });
});

describe('synthesize: realistic and deterministic', () => {
  it('makes values that look like what their names say', () => {
    const value = make({
      type: 'object',
      properties: {
        photo_url: { type: 'string' },
        name: { type: 'string' },
        email: { type: 'string' },
        user_id: { type: 'integer' },
        timbre_unique_id: { type: 'string' },
        created_at: { type: 'string', format: 'date-time' },
        rid: { type: 'string' },
      },
    }) as Record<string, unknown>;
    expect(value.photo_url).toMatch(/^https:\/\/example\.com\/photo\/[0-9a-f]{8}\.jpg$/);
    expect(value.name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
    expect(value.email).toMatch(/^[a-z]+@example\.com$/);
    expect(Number.isInteger(value.user_id) && (value.user_id as number) > 0).toBe(true);
    expect(value.timbre_unique_id).toMatch(/^tim_[0-9a-f]{10}$/);
    expect(value.created_at).toMatch(/^2025-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(value.rid).toMatch(/^req_[0-9A-Z]{20}$/);
  });

  it("reads a photo's age and gender as words, an item's error text as empty, an aspect ratio as a selector", () => {
    const value = make(
      {
        type: 'object',
        properties: {
          age: { type: 'string' },
          gender: { type: 'string' },
          err_msg: { type: 'string' },
          preset_style: { type: 'string' },
          aspect_ratio: { type: 'integer' },
        },
      },
      'op/response',
    ) as Record<string, unknown>;
    expect(['adult', 'young adult', 'middle-aged']).toContain(value.age);
    expect(['female', 'male']).toContain(value.gender);
    expect(value.err_msg).toBe('');
    expect(['realistic', 'cinematic', 'watercolor', 'minimal']).toContain(value.preset_style);
    expect([0, 1]).toContain(value.aspect_ratio);
  });

  it('gives the two hosts different names', () => {
    const hosts = make({ type: 'array', minItems: 2, maxItems: 2, items: { $ref: '#/components/schemas/Host' } }) as { name: string }[];
    expect(hosts[0]?.name).not.toBe(hosts[1]?.name);
  });

  it('picks the first oneOf branch and leaves out what only the others require', () => {
    expect(Object.keys(make({ $ref: '#/components/schemas/Background' }) as object)).toStrictEqual(['id']);
  });

  it('is the same for the same seed and differs between seeds', () => {
    const schema: SchemaObject = { type: 'object', properties: { id: { type: 'integer' }, label: { type: 'string' } } };
    expect(make(schema, 'a/params')).toStrictEqual(make(schema, 'a/params'));
    expect(make(schema, 'a/params')).not.toStrictEqual(make(schema, 'b/params'));
  });

  it('uses the outcome for envelope-like fields', () => {
    const envelope: SchemaObject = { type: 'object', properties: { code: { type: 'integer' }, msg: { type: 'string' }, cause: { type: 'string' } } };
    const ctx = (ok: boolean, status: number) => synthContext({ seed: 's', resolve, direction: 'response', outcome: { ok, status } });
    expect(synthesize(envelope, ctx(true, 200))).toStrictEqual({ code: 0, msg: 'success', cause: '' });
    expect(synthesize(envelope, ctx(false, 429))).toMatchObject({ code: 429, msg: 'rate limit exceeded' });
  });

  it('skips readOnly properties in requests and writeOnly ones in responses', () => {
    const schema: SchemaObject = { type: 'object', properties: { id: { type: 'integer', readOnly: true }, secret: { type: 'string', writeOnly: true } } };
    expect(Object.keys(make(schema) as object)).toStrictEqual(['secret']);
    expect(Object.keys(synthesize(schema, synthContext({ seed: 's', resolve, direction: 'response' })) as object)).toStrictEqual(['id']);
  });

  it('prefers schema examples, then enums, then defaults', () => {
    expect(make({ type: 'string', example: 'given', enum: ['x', 'given'] })).toBe('given');
    expect(make({ type: 'integer', default: 4 })).toBe(4);
  });

  it('takes only the enum values its own bounds take, and notes the place where none does', () => {
    const madeIn = (schema: SchemaObject) => {
      const unsatisfied: string[] = [];
      return { value: synthesize(schema, synthContext({ seed: 'e', resolve, direction: 'response', unsatisfied })), unsatisfied };
    };
    expect(madeIn({ type: 'string', enum: ['MALE', 'F'], maxLength: 1 })).toStrictEqual({ value: 'F', unsatisfied: [] });
    expect(madeIn({ type: 'integer', enum: [3, 12], maximum: 10 })).toStrictEqual({ value: 3, unsatisfied: [] });
    // Adyen's gender: MALE, FEMALE or UNKNOWN, at most one character.
    expect(madeIn({ type: 'string', enum: ['MALE', 'FEMALE', 'UNKNOWN'], maxLength: 1 }).unsatisfied).toStrictEqual(['']);
    // Vercel's `{ type: "null", oneOf: [number, boolean] }` (3.1), read as null alone beside branches that refuse it.
    expect(madeIn({ oneOf: [{ type: 'number' }, { type: 'boolean' }], nullable: true, enum: [null] }).unsatisfied).toStrictEqual(['']);
    // 3.0's nullable beside branches: null, as the validators take it.
    expect(
      madeIn({
        oneOf: [
          { type: 'number', enum: [] },
          { type: 'boolean', enum: [] },
        ],
        nullable: true,
      }),
    ).toStrictEqual({ value: null, unsatisfied: [] });
  });

  it('makes no value for the schema false: an optional property of it is left out, a required one noted', () => {
    const madeIn = (schema: SchemaObject) => {
      const unsatisfied: string[] = [];
      return { value: synthesize(schema, synthContext({ seed: 'f', resolve, direction: 'request', unsatisfied })), unsatisfied };
    };
    const never = false as unknown as SchemaObject;
    expect(madeIn(never).unsatisfied).toStrictEqual(['']);
    expect(madeIn({ type: 'object', properties: { additionalProperties: never, name: { type: 'string', enum: ['a'] } } })).toStrictEqual({
      value: { name: 'a' },
      unsatisfied: [],
    });
    expect(madeIn({ type: 'object', required: ['gone'], properties: { gone: never } }).unsatisfied).toStrictEqual(['gone']);
  });
});

describe('small helpers', () => {
  it.each([
    [{ minimum: 1 } as SchemaObject, -5, true, 1],
    [{ maximum: 10, exclusiveMaximum: true }, 50, true, 9],
    [{ minimum: 0, exclusiveMinimum: true, multipleOf: 5 }, 0, true, 5],
    [{ minimum: 0.5, maximum: 2 }, 7.3, false, 2],
    [{ multipleOf: 0.1 }, 0.36, false, 0.4],
    // Azure NetApp's pool size: 4 TiB in bytes, 13 digits, kept whole (not rounded below the minimum).
    [{ minimum: 4398046511104, maximum: 549755813888000 }, 100, true, 4398046511104],
    [{ minimum: 4398046511104, multipleOf: 4398046511104 }, 9e12, true, 8796093022208],
    // Rounding that would leave the bounds is not done.
    [{ minimum: 1.0000000000001, maximum: 2, multipleOf: 1e-13 }, 0, false, 1.0000000000001],
  ])('fitNumber(%j, %d)', (schema, candidate, integer, want) => {
    expect(fitNumber(candidate, schema, integer)).toBe(want);
  });

  it('fitLength pads and cuts by code points', () => {
    expect(fitLength('ab', { minLength: 4 })).toBe('abcd');
    expect(fitLength('héllo wörld', { maxLength: 6 })).toBe('héllo');
  });

  it('stringForPattern covers classes, groups and quantifiers, and gives up on the rest', () => {
    for (const pattern of ['^[a-z]{2,4}_\\d+$', '^(foo|bar)-[0-9a-f]{8}$', '^x?y*z+$']) {
      expect(stringForPattern(pattern, createRng(pattern))).toMatch(new RegExp(pattern));
    }
    expect(stringForPattern('^(?=lookahead)', createRng(1))).toBeUndefined();
  });

  it('stringForPattern checks lookarounds it does not make, and reads named groups (Azure, AWS)', () => {
    for (const pattern of [
      '^(?!rule-)(?![-])(?!.*[-]$)(?!.*[-]{2})[a-z0-9-]+$',
      '^(?![0-9]+$)(?!-)[a-zA-Z0-9-]{2,49}[a-zA-Z0-9]$',
      '^(?<year>\\d{4})-(?<month>\\d{2})$',
    ]) {
      expect(stringForPattern(pattern, createRng(pattern))).toMatch(new RegExp(pattern, 'u'));
    }
  });

  it('stringForPattern stretches an open quantifier to a least length, within the most (AWS: 36 of [a-f0-9-])', () => {
    const made = stringForPattern('^[a-f0-9\\-]+$', createRng('uuid'), { minLength: 36, maxLength: 36 });
    expect(made).toMatch(/^[a-f0-9-]{36}$/);
    const arn = stringForPattern('^arn:aws:[a-z]+:\\d{12}:[a-z/]{2,}$', createRng('arn'), { minLength: 40, maxLength: 60 }) as string;
    expect(arn).toMatch(/^arn:aws:[a-z]+:\d{12}:[a-z/]{2,}$/);
    expect(arn.length).toBeGreaterThanOrEqual(40);
    expect(arn.length).toBeLessThanOrEqual(60);
  });

  it("a number of format int32 or int64 is made whole, as the validators check it (Azure's cost)", () => {
    for (const name of ['cost', 'price', 'ratio', 'amount', 'latitude']) {
      for (const format of ['int32', 'int64']) {
        const value = synthesize({ type: 'number', format, minimum: 0 }, atPlace(synthContext({ seed: name, resolve, direction: 'response' }), [name], 0));
        expect(Number.isInteger(value), `${name} ${format}: ${String(value)}`).toBe(true);
      }
    }
  });

  it('a string of fixed length and pattern matches both, whatever the seed (padding a short candidate broke the pattern)', () => {
    const schema: SchemaObject = { type: 'string', pattern: '^[a-f0-9\\-]+$', minLength: 36, maxLength: 36 };
    for (let i = 0; i < 200; i++) expect(synthesize(schema, synthContext({ seed: `query-id-${i}`, resolve, direction: 'request' }))).toMatch(/^[a-f0-9-]{36}$/);
  });

  it('a lazy quantifier makes what the greedy one makes (VPC Lattice ARNs: \\d{12}?)', () => {
    const pattern = '^arn:[a-z0-9][-.a-z0-9]{0,62}:vpc-lattice:([a-z0-9][-.a-z0-9]{0,62})?:\\d{12}?:[^/].{0,1023}$';
    expect(stringForPattern(pattern, createRng('arn'))).toMatch(new RegExp(pattern, 'u'));
    expect(stringForPattern('^a+?b??c*?$', createRng('lazy'))).toMatch(/^a+b?c*$/);
  });

  it('escapes make what they stand for: \\u and \\x characters, word boundaries nothing, Java class names their class (AWS)', () => {
    const cases = [
      '-{5}BEGIN CERTIFICATE-{5}\\u000D?\\u000A([A-Za-z0-9/+]{64}\\u000D?\\u000A)*[A-Za-z0-9/+]{1,64}={0,2}\\u000D?\\u000A-{5}END CERTIFICATE-{5}(\\u000D?\\u000A)?',
      '\\b[0-9a-f]{8}\\b-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-\\b[0-9a-f]{12}\\b',
      '^arn:(aws[a-zA-Z0-9-]*):iam::(\\d{12})?:(role((\\u002F)|(\\u002F[\\u0021-\\u007F]+\\u002F))[\\w+=,.@-]+)$',
      '^[\\x41-\\x46]{3}\\t$',
    ];
    for (const pattern of cases) expect(stringForPattern(pattern, createRng(pattern))).toMatch(new RegExp(pattern, 'u'));
    expect(stringForPattern('^\\p{XDigit}{8}-\\p{XDigit}{4}$', createRng('change-id'))).toMatch(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}$/);
  });

  it("a made string is not noted for a pattern JavaScript cannot read, which the validators do not check (DLM's tag values)", () => {
    const unsatisfied: string[] = [];
    const value = synthesize(
      { type: 'string', pattern: '[\\p{all}]*', maxLength: 256 },
      synthContext({ seed: 'tags', resolve, direction: 'request', unsatisfied }),
    );
    expect(typeof value).toBe('string');
    expect(unsatisfied).toStrictEqual([]);
  });

  it("a pattern not anchored at its end is met at a minLength it alone does not reach (GameSparks' ARNs)", () => {
    for (let i = 0; i < 20; i++) {
      const made = stringForPattern('^arn:aws:gamesparks:', createRng(`arn-${i}`), { minLength: 20, maxLength: 2048 }) as string;
      expect(made).toMatch(/^arn:aws:gamesparks:/);
      expect(made.length).toBeGreaterThanOrEqual(20);
    }
    expect(stringForPattern('^arn:aws:gamesparks:$', createRng('anchored'), { minLength: 20 })).toBeUndefined();
  });

  it("lengths stretch the pattern's own quantifier, not one inside a lookaround (VPC Lattice names)", () => {
    const pattern = '^(?!rule-)(?![-])(?!.*[-]$)(?!.*[-]{2})[a-z0-9-]+$';
    for (let i = 0; i < 50; i++) {
      const made = stringForPattern(pattern, createRng(`rule-${i}`), { minLength: 40, maxLength: 63 }) as string;
      expect(made).toMatch(new RegExp(pattern, 'u'));
      expect(made.length).toBeGreaterThanOrEqual(40);
    }
  });

  it("a format's value is made anew when it does not match the pattern (AWS's fifteen-digit password)", () => {
    const schema: SchemaObject = { type: 'string', format: 'password', pattern: '^[0-9]{15}$' };
    expect(synthesize(schema, synthContext({ seed: 'imsi', resolve, direction: 'response' }))).toMatch(/^[0-9]{15}$/);
  });

  it('mergeAllOf unites properties and tightens bounds', () => {
    expect(
      mergeAllOf(
        [
          { type: 'string', maxLength: 9 },
          { minLength: 2, maxLength: 5 },
        ],
        resolve,
      ),
    ).toStrictEqual({ type: 'string', maxLength: 5, minLength: 2 });
  });

  // Airflow's schedule interval: a discriminated anyOf, whose branches carry no tag of their own.
  it('a value of a discriminated anyOf carries the tag that selects its branch', () => {
    const branches = [{ $ref: '#/components/schemas/TimeDelta' }, { $ref: '#/components/schemas/CronExpression' }];
    for (const seed of ['a', 'b', 'c', 'd']) {
      const value = make({ nullable: true, anyOf: branches, discriminator: { propertyName: '__type' } }, seed) as Record<string, unknown>;
      expect(value.__type).toBe('days' in value ? 'TimeDelta' : 'CronExpression');
    }
    const mapped = make({
      anyOf: branches,
      discriminator: { propertyName: '__type', mapping: { delta: '#/components/schemas/TimeDelta', cron: 'CronExpression' } },
    }) as Record<string, unknown>;
    expect(mapped.__type).toBe('days' in mapped ? 'delta' : 'cron');
  });

  it('a oneOf value fits exactly one branch: another branch is taken, and where every value fits two, the place is noted', () => {
    const loose: SchemaObject = { type: 'object', properties: { count: { type: 'string' }, status: { type: 'string' } } };
    const closed: SchemaObject = { type: 'object', additionalProperties: false, required: ['count'], properties: { count: { type: 'string' } } };
    const madeIn = (schema: SchemaObject) => {
      const unsatisfied: string[] = [];
      const value = synthesize(schema, synthContext({ seed: 'sms', resolve, direction: 'response', unsatisfied }));
      return { value, unsatisfied };
    };
    // Nexmo's SMS answer and its error: open objects of optional properties, every value fits both.
    expect(madeIn({ oneOf: [loose, { ...loose, description: 'error' }] }).unsatisfied).toStrictEqual(['']);
    // A value of the closed branch fits the open one too; one with `status` fits the open one alone.
    for (const schema of [{ oneOf: [closed, loose] }, { oneOf: [loose, closed] }]) {
      const { value, unsatisfied } = madeIn(schema);
      expect(unsatisfied).toStrictEqual([]);
      expect(judge(schema, value), JSON.stringify(value)).toStrictEqual([]);
    }
    // With a discriminator the tag tells the branches apart.
    expect(madeIn({ oneOf: [loose, { ...loose, description: 'error' }], discriminator: { propertyName: 'status' } }).unsatisfied).toStrictEqual([]);
    // Mailscript's actions: a branch that requires `config` without declaring it is open, so a
    // value of the branch that declares it fits both, as the validators read them.
    const send: SchemaObject = { type: 'object', required: ['config'], properties: { config: { type: 'string' } } };
    const combine: SchemaObject = { type: 'object', required: ['config'], properties: { list: { type: 'array', items: { type: 'string' } } } };
    expect(madeIn({ oneOf: [send, combine] }).unsatisfied).toStrictEqual(['']);
  });

  it('a branch of another type than the keywords beside oneOf imply gives way (Slack’s profile `fields`)', () => {
    // The types and the validators read `items` as an array; the object branch fits neither.
    const fields: SchemaObject = { items: { type: 'object' }, nullable: true, oneOf: [{ type: 'object' }, { items: {}, type: 'array' }] };
    for (const seed of ['a', 'b', 'c']) {
      const unsatisfied: string[] = [];
      const value = synthesize(fields, synthContext({ seed, resolve, direction: 'response', unsatisfied }));
      expect(Array.isArray(value), JSON.stringify(value)).toBe(true);
      expect(unsatisfied).toStrictEqual([]);
    }
  });

  it('mergeAllOf: a part closed by additionalProperties false allows its own properties alone', () => {
    const closed: SchemaObject = { type: 'object', additionalProperties: false, properties: { href: { type: 'string' } } };
    const adding: SchemaObject = {
      type: 'object',
      additionalProperties: true,
      required: ['extra'],
      properties: { href: { minLength: 1 }, extra: { type: 'boolean' } },
    };
    expect(mergeAllOf([adding, closed], resolve)).toStrictEqual({
      type: 'object',
      additionalProperties: false,
      required: ['extra'],
      properties: { href: { allOf: [{ minLength: 1 }, { type: 'string' }] } },
    });
  });
});

describe('the seed of a value', () => {
  it('is the hash of its seed and path, made step by step from its parent', () => {
    expect(continueHash(hashString('quota/'), 'items/0')).toBe(hashString('quota/items/0'));
    const steps: (string | number)[] = ['items', 0, 'a/b', '', 'ü😀', 12];
    let ctx = synthContext({ seed: 'quotaSummary/params', resolve, direction: 'request' });
    expect(ctx.placeHash).toBe(hashString('quotaSummary/params/'));
    for (const [i, step] of steps.entries()) {
      ctx = childContext(ctx, step);
      expect(ctx.placeHash, String(step)).toBe(hashString(`quotaSummary/params/${steps.slice(0, i + 1).join('/')}`));
      expect(atPlace(ctx, ctx.path, 3).placeHash).toBe(ctx.placeHash);
    }
  });
});
