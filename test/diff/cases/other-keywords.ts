import type { DiffCase, Doc } from '../helpers.js';
import { input, schemas } from '../helpers.js';

/** Cat is in Pet's oneOf, addPet's request body and response: each change shows in both directions. */
const cat = (d: Doc) => schemas(d).Cat;
const v31 = (d: Doc) => {
  d.openapi = '3.1.0';
};
const REQUEST: ['request-schema-keyword-changed', 'breaking', string] = ['request-schema-keyword-changed', 'breaking', 'wire types validators mcp'];
const RESPONSE: ['response-schema-keyword-changed', 'breaking', string] = ['response-schema-keyword-changed', 'breaking', 'wire types validators'];
const BOTH = [REQUEST, RESPONSE];

/** An object whose `if` requires some names and whose `then` others (`then` written as a key, which the linter takes for a promise). */
const ifThen = (when: string[], then: string[]) => ({ type: 'object', if: { required: when }, ...Object.fromEntries([['then', { required: then }]]) });

/** A case that writes `old` into Cat's property `toy` (3.1), then `next`. */
function toy(name: string, old: Record<string, unknown>, next: Record<string, unknown>, want: DiffCase['want'] = BOTH): DiffCase {
  return {
    name,
    before: (d) => {
      v31(d);
      cat(d).properties.toy = old;
    },
    change: (d) => {
      cat(d).properties.toy = next;
    },
    want,
  };
}

/**
 * Keywords no rule of its own reads, which the validators check: each change is reported (breaking,
 * not judged), never silence; the same keyword unchanged is no change.
 */
export const otherKeywords: DiffCase[] = [
  toy('prefixItems: an item string -> integer', { type: 'array', prefixItems: [{ type: 'string' }] }, { type: 'array', prefixItems: [{ type: 'integer' }] }),
  toy(
    'prefixItems: an item more',
    { type: 'array', prefixItems: [{ type: 'string' }] },
    { type: 'array', prefixItems: [{ type: 'string' }, { type: 'string' }] },
  ),
  toy('prefixItems unchanged: no change', { type: 'array', prefixItems: [{ type: 'string' }] }, { type: 'array', prefixItems: [{ type: 'string' }] }, []),
  toy('not added', { type: 'string' }, { type: 'string', not: { enum: ['x'] } }),
  toy('not: the excluded values change', { type: 'string', not: { enum: ['x'] } }, { type: 'string', not: { enum: ['x', 'y'] } }),
  toy('contains added', { type: 'array' }, { type: 'array', contains: { type: 'integer' } }),
  toy('contains: its schema changes', { type: 'array', contains: { type: 'integer' } }, { type: 'array', contains: { type: 'integer', minimum: 3 } }),
  toy('minContains raised', { type: 'array', contains: { type: 'integer' } }, { type: 'array', contains: { type: 'integer' }, minContains: 2 }),
  toy('maxContains set', { type: 'array', contains: { type: 'integer' } }, { type: 'array', contains: { type: 'integer' }, maxContains: 2 }),
  toy(
    'unevaluatedItems closed',
    { type: 'array', prefixItems: [{ type: 'string' }] },
    { type: 'array', prefixItems: [{ type: 'string' }], unevaluatedItems: false },
  ),
  toy('propertyNames added', { type: 'object' }, { type: 'object', propertyNames: { pattern: '^[a-z]+$' } }),
  toy(
    'patternProperties: a pattern’s values string -> integer',
    { type: 'object', patternProperties: { '^x-': { type: 'string' } } },
    { type: 'object', patternProperties: { '^x-': { type: 'integer' } } },
  ),
  toy(
    'patternProperties: a pattern more',
    { type: 'object', patternProperties: { '^x-': {} } },
    { type: 'object', patternProperties: { '^x-': {}, '^y-': {} } },
  ),
  toy('dependentRequired added', { type: 'object' }, { type: 'object', dependentRequired: { a: ['b'] } }),
  toy(
    'dependentSchemas: a dependent schema changes',
    { type: 'object', dependentSchemas: { a: { required: ['b'] } } },
    { type: 'object', dependentSchemas: { a: { required: ['b'], properties: { b: { type: 'string' } } } } },
  ),
  toy(
    'unevaluatedProperties closed',
    { type: 'object', properties: { a: { type: 'string' } } },
    { type: 'object', properties: { a: { type: 'string' } }, unevaluatedProperties: false },
  ),
  toy('if/then: the then branch changes', ifThen(['a'], ['b']), ifThen(['a'], ['b', 'c'])),
  toy('if: the condition changes (a tighter condition accepts more)', ifThen(['a'], ['b']), ifThen(['a', 'c'], ['b'])),
  toy('else added', { type: 'object', if: { required: ['a'] } }, { type: 'object', if: { required: ['a'] }, else: { required: ['b'] } }),
  toy('items removed', { type: 'array', items: { type: 'string' } }, { type: 'array' }),
  toy('items added', { type: 'array' }, { type: 'array', items: { type: 'string' } }),
  toy('items: {} and none say the same: no change', { type: 'array', items: {} }, { type: 'array' }, []),
  toy(
    'not: only its description changes: no change',
    { type: 'string', not: { enum: ['x'], description: 'a' } },
    { type: 'string', not: { enum: ['x'], description: 'b' } },
    [],
  ),
  {
    name: 'a request body gains not and propertyNames (request only)',
    before: v31,
    change: (d) => {
      schemas(d).ThingInput.not = { required: ['id'] };
      schemas(d).ThingInput.propertyNames = { maxLength: 20 };
      input(d).name.not = { const: 'root' };
    },
    // A body with `not` (a condition on the whole object) can no longer be spread into the input object.
    want: [['request-body-flattening-changed', 'breaking', 'types mcp'], REQUEST, REQUEST, REQUEST],
  },
  {
    name: 'not names a component that changed: the component’s own changes, and `not` as changed',
    before: (d) => {
      v31(d);
      schemas(d).Owner.not = { $ref: '#/components/schemas/Problem' };
    },
    change: (d) => {
      schemas(d).Problem.properties.code = { type: 'string' };
    },
    want: [
      ['response-schema-keyword-changed', 'breaking', 'wire types validators', 3],
      ['response-type-changed', 'breaking', 'wire types validators', 2],
    ],
  },
];
