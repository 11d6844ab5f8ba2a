import type { DiffCase } from '../helpers.js';
import { input, schemas, thing } from '../helpers.js';
import { reaching } from './paths-operations.js';

export const requiredAndNullable: DiffCase[] = [
  {
    name: 'a request property becomes required',
    change: (d) => void schemas(d).ThingInput.required.push('count'),
    want: [['request-property-became-required', 'breaking', 'wire types validators mcp']],
  },
  {
    name: 'a request property becomes optional',
    change: (d) => {
      schemas(d).ThingInput.required = [];
    },
    want: [['request-property-became-optional', 'info', '']],
  },
  {
    name: 'a response property becomes optional',
    change: (d) => {
      schemas(d).Thing.required = ['id'];
    },
    want: reaching(3, ['response-property-became-optional', 'breaking', 'wire types validators']),
  },
  {
    name: 'a response property becomes required',
    change: (d) => void schemas(d).Thing.required.push('status'),
    want: reaching(3, ['response-property-became-required', 'info', '']),
  },
  {
    name: 'a request schema requires a property it does not declare',
    change: (d) => void schemas(d).ThingInput.required.push('token'),
    want: [['request-property-added-required', 'breaking', 'wire types validators mcp']],
  },
  {
    name: 'a response schema no longer requires a property it does not declare',
    before: (d) => void schemas(d).Thing.required.push('etag'),
    change: (d) => {
      schemas(d).Thing.required = schemas(d).Thing.required.filter((name: string) => name !== 'etag');
    },
    want: reaching(3, ['response-property-removed', 'breaking', 'wire types validators']),
  },
  {
    name: 'a response property becomes nullable',
    change: (d) => {
      thing(d).name.nullable = true;
    },
    want: reaching(3, ['response-nullable-added', 'breaking', 'wire types validators']),
  },
  {
    name: 'a response property is no longer nullable',
    change: (d) => void delete thing(d).note.nullable,
    want: reaching(3, ['response-nullable-removed', 'info', '']),
  },
  {
    name: 'a request property becomes nullable',
    change: (d) => {
      input(d).email.nullable = true;
    },
    want: [['request-nullable-added', 'info', '']],
  },
  {
    name: 'a request property is no longer nullable',
    before: (d) => {
      input(d).email.nullable = true;
    },
    change: (d) => void delete input(d).email.nullable,
    want: [['request-nullable-removed', 'breaking', 'wire types validators mcp']],
  },
  {
    name: 'required listed in a new allOf member counts',
    change: (d) => {
      schemas(d).ThingBase = schemas(d).ThingInput;
      schemas(d).ThingInput = { allOf: [{ $ref: '#/components/schemas/ThingBase' }, { required: ['count'] }] };
    },
    want: [
      ['schema-added', 'info', ''],
      // The model spreads only a plain object's fields into the input object.
      ['request-body-flattening-changed', 'breaking', 'types mcp'],
      ['request-property-became-required', 'breaking', 'wire types validators mcp'],
      ['request-all-of-member-added', 'info', ''],
    ],
  },
  {
    name: 'a required property added to a response object',
    change: (d) => {
      thing(d).color = { type: 'string' };
      schemas(d).Thing.required.push('color');
    },
    want: reaching(3, ['response-property-added-required', 'info', '']),
  },
  {
    name: 'a property is deprecated in a request and a response',
    change: (d) => {
      schemas(d).Cat.properties.lives.deprecated = true;
    },
    want: [
      ['request-property-deprecated', 'warning', ''],
      ['response-property-deprecated', 'warning', ''],
    ],
  },
];
