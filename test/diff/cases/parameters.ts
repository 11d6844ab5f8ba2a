import type { DiffCase, Doc } from '../helpers.js';
import { op } from '../helpers.js';

const list = (d: Doc) => op(d, '/things', 'get').parameters;

export const parameters: DiffCase[] = [
  {
    name: 'an optional query parameter removed',
    change: (d) => void list(d).splice(1, 1),
    want: [['parameter-removed', 'breaking', 'types mcp']],
  },
  {
    name: 'a required query parameter added',
    change: (d) => void list(d).push({ name: 'q', in: 'query', required: true, schema: { type: 'string' } }),
    want: [['parameter-added-required', 'breaking', 'wire types validators mcp']],
  },
  {
    name: 'an optional query parameter added',
    change: (d) => void list(d).push({ name: 'q', in: 'query', schema: { type: 'string' } }),
    want: [['parameter-added-optional', 'info', '']],
  },
  {
    name: 'an optional header parameter added',
    change: (d) => void list(d).push({ name: 'X-Request-Id', in: 'header', schema: { type: 'string' } }),
    want: [['parameter-added-optional', 'info', '']],
  },
  {
    name: 'a required cookie parameter added',
    change: (d) => void list(d).push({ name: 'session', in: 'cookie', required: true, schema: { type: 'string' } }),
    want: [['parameter-added-required', 'breaking', 'wire types validators mcp']],
  },
  {
    name: 'a query parameter becomes required',
    change: (d) => {
      list(d)[0].required = true;
    },
    want: [['parameter-became-required', 'breaking', 'wire types validators mcp']],
  },
  {
    name: 'a query parameter becomes optional',
    before: (d) => {
      list(d)[0].required = true;
    },
    change: (d) => {
      list(d)[0].required = false;
    },
    want: [['parameter-became-optional', 'info', '']],
  },
  {
    name: 'a parameter moves from query to header',
    change: (d) => {
      list(d)[1].in = 'header';
    },
    want: [['parameter-location-changed', 'breaking', 'wire']],
  },
  {
    name: 'a header parameter name changes case only: the same header',
    change: (d) => {
      list(d)[2].name = 'x-trace';
    },
    want: [['parameter-input-name-changed', 'breaking', 'types mcp']],
  },
  {
    name: 'a query parameter is serialized otherwise',
    change: (d) => {
      list(d)[1].style = 'form';
      list(d)[1].explode = false;
    },
    want: [['parameter-style-changed', 'breaking', 'wire']],
  },
  {
    name: 'a query parameter is deprecated',
    change: (d) => {
      list(d)[1].deprecated = true;
    },
    want: [['parameter-deprecated', 'warning', '']],
  },
  {
    name: 'a query parameter given by content changes its media type',
    before: (d) => {
      list(d)[1] = { name: 'cursor', in: 'query', content: { 'application/json': { schema: { type: 'object' } } } };
    },
    change: (d) => {
      list(d)[1].content = { 'text/plain': { schema: { type: 'object' } } };
    },
    want: [['parameter-content-type-changed', 'breaking', 'wire']],
  },
  {
    name: 'a query parameter maximum lowered',
    change: (d) => {
      list(d)[0].schema.maximum = 50;
    },
    want: [['request-maximum-tightened', 'breaking', 'wire validators mcp']],
  },
  {
    name: 'a query parameter maximum raised',
    change: (d) => {
      list(d)[0].schema.maximum = 500;
    },
    want: [['request-maximum-loosened', 'info', '']],
  },
  {
    name: 'a query parameter turns from string to integer',
    change: (d) => {
      list(d)[1].schema = { type: 'integer' };
    },
    want: [['request-type-changed', 'breaking', 'wire types validators mcp']],
  },
  {
    name: 'a query parameter turns from integer to number',
    change: (d) => {
      list(d)[0].schema.type = 'number';
    },
    want: [['request-type-widened', 'info', '']],
  },
  {
    name: 'a query parameter turns from number to integer',
    before: (d) => {
      list(d)[0].schema.type = 'number';
    },
    change: (d) => {
      list(d)[0].schema.type = 'integer';
    },
    want: [['request-type-narrowed', 'breaking', 'wire validators mcp']],
  },
  {
    name: 'a query parameter gains an enum',
    change: (d) => {
      list(d)[1].schema.enum = ['a', 'b'];
    },
    want: [['request-enum-added', 'breaking', 'wire types validators mcp']],
  },
  {
    name: 'a query parameter enum loses a value',
    before: (d) => {
      list(d)[1].schema.enum = ['a', 'b'];
    },
    change: (d) => {
      list(d)[1].schema.enum = ['a'];
    },
    want: [['request-enum-value-removed', 'breaking', 'wire types validators mcp']],
  },
  {
    name: 'a query parameter enum gains a value',
    before: (d) => {
      list(d)[1].schema.enum = ['a', 'b'];
    },
    change: (d) => {
      list(d)[1].schema.enum = ['a', 'b', 'c'];
    },
    want: [['request-enum-value-added', 'info', '']],
  },
  {
    name: 'a path-level parameter moved onto each operation: nothing changes',
    change: (d) => {
      const item = d.paths['/things/{id}'];
      const [id] = item.parameters;
      delete item.parameters;
      item.get.parameters = [id];
      item.delete.parameters = [id];
    },
    want: [],
  },
  {
    name: 'an operation parameter overrides the path-level one with a pattern',
    change: (d) => {
      d.paths['/things/{id}'].get.parameters = [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }];
    },
    want: [['request-minimum-tightened', 'breaking', 'wire validators mcp']],
  },
  {
    name: 'a header parameter pattern added',
    change: (d) => {
      list(d)[2].schema.pattern = '^[0-9a-f]+$';
    },
    want: [['request-pattern-tightened', 'breaking', 'wire validators mcp']],
  },
  {
    name: 'a parameter given by $ref: the reference target changes',
    before: (d) => {
      d.components.parameters = { Cursor: { name: 'cursor', in: 'query', schema: { type: 'string' } } };
      list(d)[1] = { $ref: '#/components/parameters/Cursor' };
    },
    change: (d) => {
      d.components.parameters.Cursor.schema.maxLength = 10;
    },
    want: [['request-max-length-tightened', 'breaking', 'wire validators mcp']],
  },
  {
    name: 'a header parameter removed',
    change: (d) => void list(d).splice(2, 1),
    want: [['parameter-removed', 'breaking', 'types mcp']],
  },
];
