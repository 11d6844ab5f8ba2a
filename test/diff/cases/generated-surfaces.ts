import type { DiffCase } from '../helpers.js';
import { op, schemas } from '../helpers.js';
import { reaching } from './paths-operations.js';

/** What the generated client, types and tools show, which no document-only comparison judges. */
export const generatedSurfaces: DiffCase[] = [
  {
    name: 'operationId renamed, tool name given by x-tool-name: types only',
    change: (d) => {
      op(d, '/things/{id}', 'get').operationId = 'readThing';
    },
    want: [['operation-id-changed', 'breaking', 'types']],
  },
  {
    name: 'operationId renamed, tool name derived from it: types and mcp',
    change: (d) => {
      op(d, '/things/{id}', 'delete').operationId = 'removeThing';
    },
    want: [['operation-id-changed', 'breaking', 'types mcp']],
  },
  {
    name: 'operationId renamed only in case: the method keeps its name, the type key does not',
    change: (d) => {
      op(d, '/things/{id}', 'delete').operationId = 'delete_thing';
    },
    want: [['operation-id-changed', 'breaking', 'types']],
  },
  {
    name: 'x-tool-name changed: mcp only',
    change: (d) => {
      op(d, '/things/{id}', 'get')['x-tool-name'] = 'get_thing';
    },
    want: [['tool-name-changed', 'breaking', 'mcp']],
  },
  {
    name: 'x-tool-name added with the derived name: nothing changes',
    change: (d) => {
      op(d, '/things/{id}', 'delete')['x-tool-name'] = 'delete_thing';
    },
    want: [],
  },
  {
    name: 'x-tool-name removed: the tool name now derives from the operationId',
    change: (d) => void delete op(d, '/things/{id}', 'get')['x-tool-name'],
    want: [['tool-name-changed', 'breaking', 'mcp']],
  },
  {
    name: 'a GET turns into a PUT: the read-only tool turns destructive',
    change: (d) => {
      const item = d.paths['/things/{id}'];
      item.put = item.get;
      delete item.get;
    },
    want: [
      ['operation-method-changed', 'breaking', 'wire'],
      ['tool-read-only-removed', 'breaking', 'mcp'],
      ['tool-became-destructive', 'breaking', 'mcp'],
    ],
  },
  {
    name: 'a component schema removed: its exported type is gone',
    before: (d) => {
      schemas(d).Unused = { type: 'object', properties: { a: { type: 'string' } } };
    },
    change: (d) => void delete schemas(d).Unused,
    want: [['schema-removed', 'breaking', 'types']],
  },
  {
    name: 'a component schema added',
    change: (d) => {
      schemas(d).Extra = { type: 'string' };
    },
    want: [['schema-added', 'info', '']],
  },
  {
    name: 'a component renamed: the old exported name is gone, a new one comes',
    change: (d) => {
      schemas(d).Person = schemas(d).Owner;
      delete schemas(d).Owner;
      schemas(d).Thing.properties.owner.$ref = '#/components/schemas/Person';
    },
    want: [
      ['schema-removed', 'breaking', 'types'],
      ['schema-added', 'info', ''],
    ],
  },
  {
    name: 'a component whose exported name changes by a clash with an operation type',
    before: (d) => {
      schemas(d).GetThingParams2 = { type: 'string' };
    },
    change: (d) => {
      schemas(d).GetThingParams = { type: 'string' };
    },
    want: [['schema-added', 'info', '']],
  },
  {
    name: 'integer path parameter widened to string: types, validators and mcp, not wire',
    change: (d) => {
      d.paths['/things/{id}'].parameters[0].schema = { type: 'string' };
    },
    want: [['request-type-changed', 'breaking', 'types validators mcp', 2]],
  },
  {
    name: 'integer path parameter widened to number: nothing breaks',
    change: (d) => {
      d.paths['/things/{id}'].parameters[0].schema = { type: 'number' };
    },
    want: [['request-type-widened', 'info', '', 2]],
  },
  {
    name: 'a response enum value added breaks the validators (and an exhaustive switch)',
    change: (d) => {
      schemas(d).Thing.properties.status.enum.push('deleted');
    },
    want: [['response-enum-value-added', 'breaking', 'types validators', 3]],
  },
  {
    name: 'an operationId given where it was derived: the derived names go',
    before: (d) => void delete op(d, '/pets', 'post').operationId,
    change: (d) => {
      op(d, '/pets', 'post').operationId = 'addPet';
    },
    want: [['operation-id-changed', 'breaking', 'types mcp']],
  },
  {
    name: 'a body field that clashes with a parameter: the body is no longer spread into the input',
    before: (d) => {
      op(d, '/things', 'post').parameters.push({ name: 'tag', in: 'query', schema: { type: 'string' } });
    },
    change: (d) => {
      schemas(d).ThingInput.properties.tag = { type: 'string' };
    },
    want: [
      ['request-body-flattening-changed', 'breaking', 'types mcp'],
      ['request-property-added', 'info', ''],
    ],
  },
  {
    name: 'a path-level parameter of the same name takes the input name of an operation parameter',
    change: (d) => {
      d.paths['/things'].parameters = [{ name: 'cursor', in: 'header', schema: { type: 'string' } }];
    },
    want: [
      ['parameter-input-name-changed', 'breaking', 'types mcp'],
      ['parameter-added-optional', 'info', ''],
      ['parameter-added-optional', 'info', ''],
    ],
  },
  {
    name: 'a request body stops being spread into the input object',
    change: (d) => {
      op(d, '/things', 'post').requestBody.content = { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/ThingInput' } } } };
    },
    want: [
      ['request-body-flattening-changed', 'breaking', 'types mcp'],
      ['request-type-changed', 'breaking', 'wire types validators mcp'],
    ],
  },
  {
    name: 'a component reached twice by one operation: its change is reported once per operation',
    before: (d) => {
      schemas(d).Thing.properties.coOwner = { $ref: '#/components/schemas/Owner' };
    },
    change: (d) => {
      schemas(d).Owner.properties.login.format = 'email';
    },
    want: reaching(3, ['response-format-tightened', 'info', '']),
  },
  {
    name: 'a component schema whose exported name another now takes',
    change: (d) => {
      d.components.schemas = { thing: { type: 'string' }, ...d.components.schemas };
    },
    want: [
      ['schema-type-name-changed', 'breaking', 'types'],
      ['schema-added', 'info', ''],
    ],
  },
  {
    name: 'a component schema whose exported name another now takes',
    change: (d) => {
      d.components.schemas = { thing: { type: 'string' }, ...d.components.schemas };
    },
    want: [
      ['schema-type-name-changed', 'breaking', 'types'],
      ['schema-added', 'info', ''],
    ],
  },
];
