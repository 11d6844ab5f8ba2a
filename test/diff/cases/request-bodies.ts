import type { DiffCase, Doc } from '../helpers.js';
import { input, op, schemas } from '../helpers.js';

const body = (d: Doc) => op(d, '/things', 'post').requestBody;

export const requestBodies: DiffCase[] = [
  {
    name: 'a request body becomes optional',
    change: (d) => {
      body(d).required = false;
    },
    want: [['request-body-became-optional', 'info', '']],
  },
  {
    name: 'a request body becomes required',
    before: (d) => {
      body(d).required = false;
    },
    change: (d) => {
      body(d).required = true;
    },
    want: [['request-body-became-required', 'breaking', 'wire types validators mcp']],
  },
  {
    name: 'a required request body added',
    change: (d) => {
      op(d, '/things/{id}', 'delete').requestBody = {
        required: true,
        content: { 'application/json': { schema: { type: 'object', properties: { reason: { type: 'string' } } } } },
      };
    },
    want: [['request-body-added-required', 'breaking', 'wire types validators mcp']],
  },
  {
    name: 'an optional request body added',
    change: (d) => {
      op(d, '/things/{id}', 'delete').requestBody = {
        content: { 'application/json': { schema: { type: 'object', properties: { reason: { type: 'string' } } } } },
      };
    },
    want: [['request-body-added-optional', 'info', '']],
  },
  {
    name: 'a request body removed',
    change: (d) => void delete op(d, '/pets', 'post').requestBody,
    want: [['request-body-removed', 'breaking', 'types mcp']],
  },
  {
    name: 'a request body sent as form data instead of JSON',
    change: (d) => {
      body(d).content = { 'application/x-www-form-urlencoded': body(d).content['application/json'] };
    },
    want: [['request-media-type-changed', 'breaking', 'wire']],
  },
  {
    name: 'a required property added to the request body',
    change: (d) => {
      input(d).color = { type: 'string' };
      schemas(d).ThingInput.required.push('color');
    },
    want: [['request-property-added-required', 'breaking', 'wire types validators mcp']],
  },
  {
    name: 'an optional property added to the request body',
    change: (d) => {
      input(d).color = { type: 'string' };
    },
    want: [['request-property-added', 'info', '']],
  },
  {
    name: 'an optional property removed from the request body',
    change: (d) => void delete input(d).email,
    want: [['request-property-removed', 'breaking', 'types mcp']],
  },
  {
    name: 'a property removed from a closed request body',
    before: (d) => {
      schemas(d).ThingInput.additionalProperties = false;
    },
    change: (d) => void delete input(d).email,
    want: [['request-property-removed', 'breaking', 'wire types validators mcp']],
  },
  {
    name: 'the request body is closed to other properties',
    change: (d) => {
      schemas(d).ThingInput.additionalProperties = false;
    },
    want: [['request-additional-properties-closed', 'breaking', 'wire types validators mcp']],
  },
  {
    name: 'the request body is opened to other properties',
    before: (d) => {
      schemas(d).ThingInput.additionalProperties = false;
    },
    change: (d) => void delete schemas(d).ThingInput.additionalProperties,
    want: [['request-additional-properties-opened', 'info', '']],
  },
  {
    name: 'a map value type narrowed in the request body',
    change: (d) => {
      input(d).meta.additionalProperties = { type: 'string', maxLength: 20 };
    },
    want: [['request-max-length-tightened', 'breaking', 'wire validators mcp']],
  },
  {
    name: 'the default of a request property changes',
    change: (d) => {
      input(d).kind.default = 'large';
    },
    want: [['request-default-changed', 'warning', '']],
  },
  {
    name: 'a request property turns from integer to string',
    change: (d) => {
      input(d).count = { type: 'string' };
    },
    want: [['request-type-changed', 'breaking', 'wire types validators mcp']],
  },
  {
    name: 'a request array item type changes',
    change: (d) => {
      input(d).labels.items = { type: 'integer' };
    },
    want: [['request-items-type-changed', 'breaking', 'wire types validators mcp']],
  },
  {
    name: 'an inline request body moved into a component: nothing changes',
    before: (d) => {
      body(d).content['application/json'].schema = structuredClone(schemas(d).ThingInput);
    },
    change: (d) => {
      body(d).content['application/json'].schema = { $ref: '#/components/schemas/ThingInput' };
    },
    want: [],
  },
  {
    name: 'a request body given by a component reference changes its component',
    change: (d) => {
      schemas(d).ThingInput2 = structuredClone(schemas(d).ThingInput);
      schemas(d).ThingInput2.properties.name.maxLength = 50;
      body(d).content['application/json'].schema = { $ref: '#/components/schemas/ThingInput2' };
    },
    want: [
      ['schema-added', 'info', ''],
      ['request-max-length-tightened', 'breaking', 'wire validators mcp'],
    ],
  },
  {
    name: 'a form field widened from integer to string: the form sends text either way',
    before: (d) => {
      body(d).content = { 'application/x-www-form-urlencoded': body(d).content['application/json'] };
    },
    change: (d) => {
      input(d).count = { type: 'string' };
    },
    want: [['request-type-changed', 'breaking', 'types validators mcp']],
  },
  {
    name: 'a JSON body field widened from integer to string: old callers send a number',
    change: (d) => {
      input(d).count = { type: 'string' };
    },
    want: [['request-type-changed', 'breaking', 'wire types validators mcp']],
  },
  {
    name: 'a multipart body turns into JSON',
    before: (d) => {
      body(d).content = { 'multipart/form-data': body(d).content['application/json'] };
    },
    change: (d) => {
      body(d).content = { 'application/json': body(d).content['multipart/form-data'] };
    },
    want: [['request-media-type-changed', 'breaking', 'wire']],
  },
  {
    name: 'a second media type offered beside JSON: the client keeps sending JSON',
    change: (d) => {
      body(d).content['application/xml'] = body(d).content['application/json'];
    },
    want: [],
  },
  {
    name: "a request map's values no longer typed",
    change: (d) => {
      input(d).meta.additionalProperties = true;
    },
    want: [['request-type-widened', 'info', '']],
  },
];
