import type { DiffCase, Doc } from '../helpers.js';
import { input, schemas, thing } from '../helpers.js';
import { reaching } from './paths-operations.js';

/** A schema both sent and answered: readOnly leaves requests, writeOnly leaves responses. */
const shared = (d: Doc) => {
  schemas(d).Pet = { type: 'object', required: ['name'], properties: { id: { type: 'integer' }, name: { type: 'string' }, secret: { type: 'string' } } };
};

export const readAndWriteOnly: DiffCase[] = [
  {
    name: 'a property both sent and answered becomes readOnly: gone from requests',
    before: shared,
    change: (d) => {
      schemas(d).Pet.properties.id.readOnly = true;
    },
    want: [['request-property-removed', 'breaking', 'types mcp']],
  },
  {
    name: 'a readOnly property becomes writable: it joins requests',
    before: (d) => {
      shared(d);
      schemas(d).Pet.properties.id.readOnly = true;
    },
    change: (d) => void delete schemas(d).Pet.properties.id.readOnly,
    want: [['request-property-added', 'info', '']],
  },
  {
    name: 'a required property becomes readOnly: requests no longer carry it',
    before: shared,
    change: (d) => {
      schemas(d).Pet.properties.name.readOnly = true;
    },
    want: [['request-property-removed', 'breaking', 'types mcp']],
  },
  {
    name: 'a required readOnly property becomes writable: requests must carry it',
    before: (d) => {
      shared(d);
      schemas(d).Pet.properties.name.readOnly = true;
    },
    change: (d) => void delete schemas(d).Pet.properties.name.readOnly,
    want: [['request-property-added-required', 'breaking', 'wire types validators mcp']],
  },
  {
    name: 'a property becomes writeOnly: gone from responses',
    before: shared,
    change: (d) => {
      schemas(d).Pet.properties.secret.writeOnly = true;
    },
    want: [['response-property-removed', 'breaking', 'types']],
  },
  {
    name: 'a required property becomes writeOnly: responses no longer carry it',
    before: shared,
    change: (d) => {
      schemas(d).Pet.properties.name.writeOnly = true;
    },
    want: [['response-property-removed', 'breaking', 'wire types validators']],
  },
  {
    name: 'a writeOnly property becomes readable: it joins responses',
    before: (d) => {
      shared(d);
      schemas(d).Pet.properties.secret.writeOnly = true;
    },
    change: (d) => void delete schemas(d).Pet.properties.secret.writeOnly,
    want: [['response-property-added', 'info', '']],
  },
  {
    name: 'a response-only property becomes readOnly: nothing changes for requests or responses',
    change: (d) => {
      thing(d).id.readOnly = true;
    },
    want: [],
  },
  {
    name: 'a request-only property becomes writeOnly: nothing changes',
    change: (d) => {
      input(d).email.writeOnly = true;
    },
    want: [],
  },
  {
    name: 'a readOnly property of a response changes type',
    change: (d) => {
      thing(d).created = { type: 'integer', readOnly: true };
    },
    want: reaching(3, ['response-type-changed', 'breaking', 'wire types validators']),
  },
];
