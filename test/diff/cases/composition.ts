import type { DiffCase, Doc } from '../helpers.js';
import { schemas, thing } from '../helpers.js';
import { reaching } from './paths-operations.js';

const pet = (d: Doc) => schemas(d).Pet;
const fish = { type: 'object', required: ['petType'], properties: { petType: { type: 'string' }, fins: { type: 'integer' } } };
/** Pet is a request body and a response of addPet: each change shows in both directions. */
export const composition: DiffCase[] = [
  {
    name: 'a oneOf variant added',
    change: (d) => {
      schemas(d).Fish = fish;
      pet(d).oneOf.push({ $ref: '#/components/schemas/Fish' });
    },
    want: [
      ['schema-added', 'info', ''],
      ['request-one-of-variant-added', 'info', ''],
      ['response-one-of-variant-added', 'breaking', 'wire types validators'],
    ],
  },
  {
    name: 'a oneOf variant removed',
    change: (d) => {
      pet(d).oneOf.pop();
      delete pet(d).discriminator.mapping.dog;
    },
    want: [
      ['request-one-of-variant-removed', 'breaking', 'wire types validators mcp'],
      ['request-discriminator-mapping-removed', 'breaking', 'wire types validators mcp'],
      ['response-one-of-variant-removed', 'info', ''],
      ['response-discriminator-mapping-removed', 'info', ''],
    ],
  },
  {
    name: 'a discriminator value added with its variant',
    change: (d) => {
      schemas(d).Fish = fish;
      pet(d).oneOf.push({ $ref: '#/components/schemas/Fish' });
      pet(d).discriminator.mapping.fish = '#/components/schemas/Fish';
    },
    want: [
      ['schema-added', 'info', ''],
      ['request-one-of-variant-added', 'info', ''],
      ['request-discriminator-mapping-added', 'info', ''],
      ['response-one-of-variant-added', 'breaking', 'wire types validators'],
      ['response-discriminator-mapping-added', 'breaking', 'types validators'],
    ],
  },
  {
    name: 'the discriminator property renamed',
    change: (d) => {
      pet(d).discriminator.propertyName = 'kind';
    },
    want: [
      ['request-discriminator-property-changed', 'breaking', 'wire types validators mcp'],
      ['response-discriminator-property-changed', 'breaking', 'wire types validators'],
    ],
  },
  {
    name: 'a property inside a oneOf variant changes type',
    change: (d) => {
      schemas(d).Cat.properties.lives = { type: 'string' };
    },
    want: [
      ['request-type-changed', 'breaking', 'wire types validators mcp'],
      ['response-type-changed', 'breaking', 'wire types validators'],
    ],
  },
  {
    name: 'oneOf turned into anyOf',
    change: (d) => {
      pet(d).anyOf = pet(d).oneOf;
      delete pet(d).oneOf;
    },
    want: [
      ['request-one-of-became-any-of', 'info', ''],
      ['response-one-of-became-any-of', 'breaking', 'validators'],
    ],
  },
  {
    name: 'an inline anyOf variant added to a response property',
    before: (d) => {
      schemas(d).Thing.properties.ref = { anyOf: [{ type: 'string' }, { type: 'integer' }] };
    },
    change: (d) => void schemas(d).Thing.properties.ref.anyOf.push({ type: 'boolean' }),
    want: [['response-any-of-variant-added', 'breaking', 'wire types validators', 3]],
  },
  {
    name: 'an inline anyOf variant removed from a request property',
    before: (d) => {
      schemas(d).ThingInput.properties.ref = { anyOf: [{ type: 'string' }, { type: 'integer' }] };
    },
    change: (d) => void schemas(d).ThingInput.properties.ref.anyOf.pop(),
    want: [['request-any-of-variant-removed', 'breaking', 'wire types validators mcp']],
  },
  {
    name: 'a plain schema turned into a oneOf of itself and another',
    change: (d) => {
      schemas(d).ThingInput.properties.count = { oneOf: [{ type: 'integer', minimum: 1, maximum: 10 }, { type: 'string' }] };
    },
    want: [['request-one-of-variant-added', 'info', '']],
  },
  {
    name: 'an allOf member added to a response object',
    change: (d) => {
      schemas(d).Audit = { type: 'object', properties: { by: { type: 'string' } } };
      schemas(d).Owner = { allOf: [schemas(d).Owner, { $ref: '#/components/schemas/Audit' }] };
    },
    want: [
      ['schema-added', 'info', ''],
      ['response-property-added', 'info', '', 3],
      ['response-all-of-member-added', 'info', '', 3],
    ],
  },
  {
    name: 'an allOf member removed from a response object takes its properties',
    before: (d) => {
      schemas(d).Audit = { type: 'object', properties: { by: { type: 'string' } } };
      schemas(d).Owner = { allOf: [schemas(d).Owner, { $ref: '#/components/schemas/Audit' }] };
    },
    change: (d) => {
      schemas(d).Owner.allOf.pop();
    },
    want: [
      ['response-property-removed', 'breaking', 'types', 3],
      ['response-all-of-member-removed', 'info', '', 3],
    ],
  },
  {
    name: 'a recursive schema changes deep inside: compared once, no endless walk',
    before: (d) => {
      schemas(d).Owner.properties.manager = { $ref: '#/components/schemas/Owner' };
    },
    change: (d) => {
      schemas(d).Owner.properties.login.maxLength = 40;
    },
    want: [['response-max-length-tightened', 'info', '', 3]],
  },
  {
    name: 'a discriminator mapping value removed but its variant kept',
    change: (d) => void delete pet(d).discriminator.mapping.cat,
    want: [
      ['request-discriminator-mapping-removed', 'breaking', 'wire types validators mcp'],
      ['response-discriminator-mapping-removed', 'info', ''],
    ],
  },
  {
    name: 'anyOf turned into oneOf',
    before: (d) => {
      pet(d).anyOf = pet(d).oneOf;
      delete pet(d).oneOf;
    },
    change: (d) => {
      pet(d).oneOf = pet(d).anyOf;
      delete pet(d).anyOf;
    },
    want: [
      ['request-any-of-became-one-of', 'breaking', 'wire validators mcp'],
      ['response-any-of-became-one-of', 'info', ''],
    ],
  },
  {
    name: 'an anyOf of required conditions added beside a request object: one of them must now be sent',
    change: (d) => {
      schemas(d).ThingInput.anyOf = [{ required: ['count'] }, { required: ['labels'] }];
    },
    want: [
      ['request-body-flattening-changed', 'breaking', 'types mcp'],
      ['request-any-of-added', 'breaking', 'wire types validators mcp'],
    ],
  },
  {
    name: 'a oneOf of required conditions dropped beside a response object',
    before: (d) => {
      schemas(d).Owner.oneOf = [{ required: ['login'] }, { required: ['email'] }];
    },
    change: (d) => void delete schemas(d).Owner.oneOf,
    want: reaching(3, ['response-one-of-removed', 'breaking', 'types validators']),
  },
  {
    name: 'an inline variant inserted before others: the rest are matched by the components they compose',
    before: (d) => {
      schemas(d).Thing.properties.rule = {
        oneOf: [
          { allOf: [{ $ref: '#/components/schemas/Cat' }, { title: 'cat rule' }] },
          { allOf: [{ $ref: '#/components/schemas/Dog' }, { title: 'dog rule' }] },
        ],
      };
    },
    change: (d) => void schemas(d).Thing.properties.rule.oneOf.unshift({ allOf: [{ $ref: '#/components/schemas/Owner' }] }),
    want: reaching(3, ['response-one-of-variant-added', 'breaking', 'wire types validators']),
  },
  {
    name: 'an anyOf variant added and one removed',
    before: (d) => {
      pet(d).anyOf = pet(d).oneOf;
      delete pet(d).oneOf;
      delete pet(d).discriminator;
    },
    change: (d) => {
      pet(d).anyOf = [pet(d).anyOf[0], { $ref: '#/components/schemas/Problem' }];
    },
    want: [
      ['request-any-of-variant-added', 'info', ''],
      ['request-any-of-variant-removed', 'breaking', 'wire types validators mcp'],
      ['response-any-of-variant-added', 'breaking', 'wire types validators'],
      ['response-any-of-variant-removed', 'info', ''],
    ],
  },
  {
    name: 'a oneOf of conditions added beside an object',
    change: (d) => {
      schemas(d).Cat.oneOf = [{ required: ['lives'] }, { required: ['petType'] }];
    },
    want: [
      ['request-one-of-added', 'breaking', 'wire types validators mcp'],
      ['response-one-of-added', 'info', ''],
    ],
  },
  {
    name: 'a oneOf of conditions dropped beside an object',
    before: (d) => {
      schemas(d).Cat.oneOf = [{ required: ['lives'] }, { required: ['petType'] }];
    },
    change: (d) => {
      delete schemas(d).Cat.oneOf;
    },
    want: [
      ['request-one-of-removed', 'info', ''],
      ['response-one-of-removed', 'breaking', 'types validators'],
    ],
  },
  {
    name: 'an anyOf of conditions added beside an object',
    change: (d) => {
      schemas(d).Cat.anyOf = [{ required: ['lives'] }, { required: ['petType'] }];
    },
    want: [
      ['request-any-of-added', 'breaking', 'wire types validators mcp'],
      ['response-any-of-added', 'info', ''],
    ],
  },
  {
    name: 'an anyOf of conditions dropped beside an object',
    before: (d) => {
      schemas(d).Cat.anyOf = [{ required: ['lives'] }, { required: ['petType'] }];
    },
    change: (d) => {
      delete schemas(d).Cat.anyOf;
    },
    want: [
      ['request-any-of-removed', 'info', ''],
      ['response-any-of-removed', 'breaking', 'types validators'],
    ],
  },
  {
    name: 'an allOf member removed from a request and response object',
    before: (d) => {
      schemas(d).Named = { type: 'object', properties: { name: { type: 'string' } } };
      schemas(d).Cat = { allOf: [schemas(d).Cat, { $ref: '#/components/schemas/Named' }] };
    },
    change: (d) => {
      schemas(d).Cat.allOf.pop();
    },
    want: [
      ['request-property-removed', 'breaking', 'types mcp'],
      ['request-all-of-member-removed', 'info', ''],
      ['response-property-removed', 'breaking', 'types'],
      ['response-all-of-member-removed', 'info', ''],
    ],
  },
  {
    name: 'the discriminator removed',
    change: (d) => {
      delete pet(d).discriminator;
    },
    want: [
      ['request-discriminator-removed', 'info', ''],
      ['response-discriminator-removed', 'breaking', 'types validators'],
    ],
  },
  {
    name: 'a discriminator added',
    before: (d) => {
      delete pet(d).discriminator;
    },
    change: (d) => {
      pet(d).discriminator = { propertyName: 'petType', mapping: { cat: '#/components/schemas/Cat', dog: '#/components/schemas/Dog' } };
    },
    want: [
      ['request-discriminator-added', 'breaking', 'wire types validators mcp'],
      ['response-discriminator-added', 'info', ''],
    ],
  },
  {
    name: 'an enum rewritten as a oneOf of one-value enums: nothing changes',
    change: (d) => {
      thing(d).status = {
        type: 'string',
        oneOf: [
          { type: 'string', enum: ['active'] },
          { type: 'string', enum: ['archived'] },
        ],
      };
    },
    want: [],
  },
  {
    name: 'an enum rewritten as a oneOf of one-value enums with a value more',
    change: (d) => {
      thing(d).status = {
        oneOf: [
          { type: 'string', enum: ['active'] },
          { type: 'string', enum: ['archived'] },
          { type: 'string', enum: ['lost'] },
        ],
      };
    },
    want: [['response-enum-value-added', 'breaking', 'types validators', 3]],
  },
  {
    name: 'a reference wrapped in an allOf of one: nothing changes',
    change: (d) => {
      thing(d).owner = { allOf: [{ $ref: '#/components/schemas/Owner' }], description: 'the owner' };
    },
    want: [],
  },
  {
    name: 'a reference wrapped in a nullable allOf of one: null is now allowed',
    change: (d) => {
      thing(d).owner = { allOf: [{ $ref: '#/components/schemas/Owner' }], nullable: true };
    },
    want: [['response-nullable-added', 'breaking', 'wire types validators', 3]],
  },
  {
    name: 'a discriminator value now maps to another schema',
    change: (d) => {
      pet(d).discriminator.mapping.cat = '#/components/schemas/Dog';
    },
    want: [
      ['request-discriminator-mapping-changed', 'breaking', 'wire types validators mcp'],
      ['response-discriminator-mapping-changed', 'breaking', 'wire types validators'],
    ],
  },
];
