import type { DiffCase, Doc } from '../helpers.js';
import { op, schemas, thing } from '../helpers.js';
import { reaching } from './paths-operations.js';

const v31 = (d: Doc) => {
  d.openapi = '3.1.0';
};
const v32 = (d: Doc) => {
  d.openapi = '3.2.0';
};

/** OpenAPI 3.1 and 3.2 forms, read in the model's shape: a change of form alone changes nothing. */
export const versions: DiffCase[] = [
  {
    name: '3.0 to 3.1: nullable written as a type list, nothing changes',
    change: (d) => {
      v31(d);
      thing(d).note = { type: ['string', 'null'] };
    },
    want: [],
  },
  {
    name: '3.1: null added to a response type list',
    before: v31,
    change: (d) => {
      thing(d).name.type = ['string', 'null'];
    },
    want: reaching(3, ['response-nullable-added', 'breaking', 'wire types validators']),
  },
  {
    name: '3.1: a const in a request changes',
    before: (d) => {
      v31(d);
      schemas(d).ThingInput.properties.version = { const: 1 };
    },
    change: (d) => {
      schemas(d).ThingInput.properties.version = { const: 2 };
    },
    want: [
      ['request-enum-value-added', 'info', ''],
      ['request-enum-value-removed', 'breaking', 'wire types validators mcp'],
    ],
  },
  {
    name: '3.1: a numeric exclusiveMaximum lowered in a request',
    before: (d) => {
      v31(d);
      schemas(d).ThingInput.properties.count = { type: 'integer', exclusiveMaximum: 10 };
    },
    change: (d) => {
      schemas(d).ThingInput.properties.count = { type: 'integer', exclusiveMaximum: 5 };
    },
    want: [['request-maximum-tightened', 'breaking', 'wire validators mcp']],
  },
  {
    name: '3.2: a QUERY operation added',
    before: v32,
    change: (d) => {
      d.paths['/things'].query = { operationId: 'queryThings', responses: { '200': { description: 'ok' } } };
    },
    want: [['operation-added', 'info', '']],
  },
  {
    name: '3.2: an additional operation (COPY) removed',
    before: (d) => {
      v32(d);
      d.paths['/things/{id}'].additionalOperations = { COPY: { operationId: 'copyThing', responses: { '204': { description: 'copied' } } } };
    },
    change: (d) => void delete d.paths['/things/{id}'].additionalOperations,
    want: [['operation-removed', 'breaking', 'wire types mcp']],
  },
  {
    name: '3.2: a streamed response item gains an enum value',
    before: (d) => {
      v32(d);
      op(d, '/things', 'get').responses['200'].content = {
        'application/jsonl': { itemSchema: { type: 'object', properties: { state: { type: 'string', enum: ['a', 'b'] } } } },
      };
    },
    change: (d) => void op(d, '/things', 'get').responses['200'].content['application/jsonl'].itemSchema.properties.state.enum.push('c'),
    want: [['response-enum-value-added', 'breaking', 'types validators']],
  },
  {
    name: '3.2: a stream framed as server-sent events instead of JSON Lines',
    before: (d) => {
      v32(d);
      op(d, '/things', 'get').responses['200'].content = { 'application/jsonl': { itemSchema: { type: 'object' } } };
    },
    change: (d) => {
      op(d, '/things', 'get').responses['200'].content = { 'text/event-stream': { itemSchema: { type: 'object' } } };
    },
    want: [
      ['response-media-type-changed', 'breaking', 'wire'],
      ['response-stream-format-changed', 'breaking', 'wire'],
    ],
  },
  {
    name: '3.2: a querystring parameter added, required',
    before: v32,
    change: (d) => {
      op(d, '/things', 'post').parameters.push({
        name: 'filter',
        in: 'querystring',
        required: true,
        content: { 'application/x-www-form-urlencoded': { schema: { type: 'object' } } },
      });
    },
    want: [['parameter-added-required', 'breaking', 'wire types validators mcp']],
  },
  {
    name: '3.1: a boolean subschema of a property (true to false) is not judged: it has no keywords to compare',
    before: (d) => {
      v31(d);
      schemas(d).ThingInput.properties.extra = true;
    },
    change: (d) => {
      schemas(d).ThingInput.properties.extra = false;
    },
    want: [],
  },
  {
    name: '3.1: an enum rewritten as a oneOf of consts: nothing changes',
    before: (d) => {
      d.openapi = '3.1.0';
    },
    change: (d) => {
      thing(d).status = { oneOf: [{ const: 'active' }, { const: 'archived' }] };
    },
    want: [],
  },
  {
    name: '3.1: a nullable reference written as a oneOf with null instead of an anyOf: nothing changes',
    before: (d) => {
      d.openapi = '3.1.0';
      thing(d).owner = { anyOf: [{ $ref: '#/components/schemas/Owner' }, { type: 'null' }] };
    },
    change: (d) => {
      thing(d).owner = { oneOf: [{ type: 'null' }, { $ref: '#/components/schemas/Owner' }] };
    },
    want: [],
  },
];
