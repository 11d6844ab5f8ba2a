import type { DiffCase } from '../helpers.js';
import { op, schemas } from '../helpers.js';

/** Extensions the outputs read: x-tool-name, x-idempotency-key, x-credits, x-oauth-scopes, x-envelope. */
export const extensions: DiffCase[] = [
  {
    name: 'x-idempotency-key header dropped',
    change: (d) => {
      op(d, '/things', 'post').parameters = [];
    },
    want: [['idempotency-key-removed', 'warning', '']],
  },
  {
    name: 'an optional x-idempotency-key header added',
    change: (d) => {
      op(d, '/pets', 'post').parameters = [{ name: 'Idempotency-Key', in: 'header', 'x-idempotency-key': true, schema: { type: 'string' } }];
    },
    want: [['idempotency-key-added', 'info', '']],
  },
  {
    name: 'a required x-idempotency-key header added',
    change: (d) => {
      op(d, '/pets', 'post').parameters = [{ name: 'Idempotency-Key', in: 'header', required: true, 'x-idempotency-key': true, schema: { type: 'string' } }];
    },
    want: [['idempotency-key-required-added', 'breaking', 'wire']],
  },
  {
    name: 'x-credits set',
    change: (d) => {
      op(d, '/pets', 'post')['x-credits'] = true;
    },
    want: [['operation-credits-added', 'warning', '']],
  },
  {
    name: 'x-credits dropped',
    before: (d) => {
      op(d, '/pets', 'post')['x-credits'] = true;
    },
    change: (d) => void delete op(d, '/pets', 'post')['x-credits'],
    want: [['operation-credits-removed', 'info', '']],
  },
  {
    name: 'x-oauth-scopes names a scope more',
    before: (d) => {
      op(d, '/pets', 'post')['x-oauth-scopes'] = ['pets.write'];
    },
    change: (d) => void op(d, '/pets', 'post')['x-oauth-scopes'].push('pets.admin'),
    want: [['tool-scope-added', 'breaking', 'wire mcp']],
  },
  {
    name: 'x-oauth-scopes replaces the security scopes with the same ones: nothing changes',
    change: (d) => {
      op(d, '/things', 'get')['x-oauth-scopes'] = ['things.read'];
    },
    want: [],
  },
  {
    name: 'x-envelope added: every JSON answer is now wrapped',
    change: (d) => {
      schemas(d).Envelope = { type: 'object', 'x-envelope': { dataProperty: 'data' }, properties: { data: {} } };
    },
    want: [
      ['envelope-added', 'breaking', 'wire types validators'],
      ['schema-added', 'info', ''],
    ],
  },
  {
    name: "x-envelope's data property renamed",
    before: (d) => {
      schemas(d).Envelope = { type: 'object', 'x-envelope': { dataProperty: 'data' }, properties: { data: {} } };
    },
    change: (d) => {
      schemas(d).Envelope['x-envelope'].dataProperty = 'result';
    },
    want: [['envelope-data-property-changed', 'breaking', 'wire types validators']],
  },
  {
    name: 'x-tool-name changes case only',
    change: (d) => {
      op(d, '/things/{id}', 'get')['x-tool-name'] = 'Fetch_Thing';
    },
    want: [['tool-name-changed', 'breaking', 'mcp']],
  },
  {
    name: 'an unknown extension changes: nothing the outputs read',
    change: (d) => {
      op(d, '/things/{id}', 'get')['x-internal'] = true;
    },
    want: [],
  },
  {
    name: 'x-tool-name given to an operation that had none and an operationId rename at once',
    change: (d) => {
      op(d, '/things/{id}', 'delete').operationId = 'removeThing';
      op(d, '/things/{id}', 'delete')['x-tool-name'] = 'delete_thing';
    },
    want: [['operation-id-changed', 'breaking', 'types']],
  },
  {
    name: 'x-envelope removed: answers are no longer wrapped',
    before: (d) => {
      schemas(d).Envelope = { type: 'object', 'x-envelope': { dataProperty: 'data' }, properties: { data: {} } };
    },
    change: (d) => {
      delete schemas(d).Envelope;
    },
    want: [
      ['envelope-removed', 'breaking', 'wire types validators'],
      ['schema-removed', 'breaking', 'types'],
    ],
  },
  {
    name: "an operation's answer no longer comes in the envelope",
    before: (d) => {
      schemas(d).Envelope = { type: 'object', 'x-envelope': { dataProperty: 'data' }, properties: { data: {} } };
      op(d, '/things/{id}', 'get').responses['200'].content['application/json'].schema = {
        allOf: [{ $ref: '#/components/schemas/Envelope' }, { properties: { data: { $ref: '#/components/schemas/Thing' } } }],
      };
    },
    change: (d) => {
      op(d, '/things/{id}', 'get').responses['200'].content['application/json'].schema = { $ref: '#/components/schemas/Thing' };
    },
    want: [['response-envelope-changed', 'breaking', 'wire types validators']],
  },
];
