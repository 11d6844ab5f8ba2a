import type { DiffCase, Doc } from '../helpers.js';
import { op, schemas, thing } from '../helpers.js';
import { reaching } from './paths-operations.js';

const list = (d: Doc) => op(d, '/things', 'get');

export const responses: DiffCase[] = [
  {
    name: 'the success status changes from 201 to 200',
    change: (d) => {
      const r = op(d, '/things', 'post').responses;
      r['200'] = r['201'];
      delete r['201'];
    },
    want: [['response-success-status-changed', 'warning', '']],
  },
  {
    // Microsoft Graph's way: the same entity, now under the range. The client, its types and validators are as they were.
    name: 'the success status changes from 200 to the 2XX range, with the same schema',
    change: (d) => {
      const r = op(d, '/things/{id}', 'get').responses;
      r['2XX'] = r['200'];
      delete r['200'];
    },
    want: [['response-success-status-changed', 'warning', '']],
  },
  {
    name: 'a success declared as 2XX loses its body (compared as the success, not as an error)',
    before: (d) => {
      const r = op(d, '/things/{id}', 'get').responses;
      r['2XX'] = r['200'];
      delete r['200'];
    },
    change: (d) => void delete op(d, '/things/{id}', 'get').responses['2XX'].content,
    want: [['response-data-kind-changed', 'breaking', 'wire types validators']],
  },
  {
    name: 'a JSON response turns into plain text',
    change: (d) => {
      op(d, '/things/{id}', 'get').responses['200'].content = { 'text/plain': { schema: { type: 'string' } } };
    },
    want: [['response-data-kind-changed', 'breaking', 'wire types validators']],
  },
  {
    name: 'a JSON response media type changes to another JSON type',
    change: (d) => {
      const r = op(d, '/things/{id}', 'get').responses['200'];
      r.content = { 'application/vnd.things+json': r.content['application/json'] };
    },
    want: [['response-media-type-changed', 'breaking', 'wire']],
  },
  {
    name: 'a response body is dropped',
    change: (d) => void delete op(d, '/things/{id}', 'get').responses['200'].content,
    want: [['response-data-kind-changed', 'breaking', 'wire types validators']],
  },
  {
    name: 'a response body is added where there was none',
    change: (d) => {
      op(d, '/things/{id}', 'delete').responses['204'].content = { 'application/json': { schema: { type: 'object' } } };
    },
    want: [['response-data-kind-changed', 'breaking', 'wire types validators']],
  },
  {
    name: 'an error status added',
    change: (d) => {
      list(d).responses['404'] = { description: 'none', content: { 'application/json': { schema: { $ref: '#/components/schemas/Problem' } } } };
    },
    want: [['response-error-status-added', 'info', '']],
  },
  {
    name: 'an error status removed',
    change: (d) => void delete list(d).responses['429'],
    want: [['response-error-status-removed', 'info', '']],
  },
  {
    name: 'an error body gains a property',
    change: (d) => {
      schemas(d).Problem.properties.detail = { type: 'string' };
    },
    want: reaching(2, ['response-property-added', 'info', '']),
  },
  {
    name: 'an error body field changes type',
    change: (d) => {
      schemas(d).Problem.properties.code = { type: 'string' };
    },
    want: reaching(2, ['response-type-changed', 'breaking', 'wire types validators']),
  },
  {
    name: 'a required response header removed',
    change: (d) => void delete list(d).responses['200'].headers['X-Total'],
    want: [['response-header-removed', 'breaking', 'wire']],
  },
  {
    name: 'an optional response header removed',
    change: (d) => void delete list(d).responses['200'].headers['X-Hint'],
    want: [['response-optional-header-removed', 'info', '']],
  },
  {
    name: 'a response header added',
    change: (d) => {
      list(d).responses['200'].headers['X-Page'] = { schema: { type: 'integer' } };
    },
    want: [['response-header-added', 'info', '']],
  },
  {
    name: 'a required response header becomes optional',
    change: (d) => {
      list(d).responses['200'].headers['X-Total'].required = false;
    },
    want: [['response-header-became-optional', 'breaking', 'wire']],
  },
  {
    name: 'a response header widens from integer to string',
    change: (d) => {
      list(d).responses['200'].headers['X-Total'].schema = { type: 'string' };
    },
    want: [['response-type-changed', 'breaking', 'wire types validators']],
  },
  {
    name: 'a response property widens from integer to number',
    change: (d) => {
      thing(d).id.type = 'number';
    },
    want: reaching(3, ['response-type-widened', 'breaking', 'wire validators']),
  },
  {
    name: 'a response property narrows from number to integer',
    change: (d) => {
      thing(d).size.type = 'integer';
    },
    want: reaching(3, ['response-type-narrowed', 'info', '']),
  },
  {
    name: 'a response array turns into an object',
    change: (d) => {
      list(d).responses['200'].content['application/json'].schema = {
        type: 'object',
        properties: { items: { type: 'array', items: { $ref: '#/components/schemas/Thing' } } },
      };
    },
    want: [['response-type-changed', 'breaking', 'wire types validators']],
  },
  {
    name: 'a response property removed',
    change: (d) => void delete thing(d).size,
    want: reaching(3, ['response-property-removed', 'breaking', 'types']),
  },
  {
    name: 'a required response property removed',
    change: (d) => {
      delete thing(d).name;
      schemas(d).Thing.required = schemas(d).Thing.required.filter((name: string) => name !== 'name');
    },
    want: reaching(3, ['response-property-removed', 'breaking', 'wire types validators']),
  },
  {
    name: 'a required response property no longer declared, still required: any value now',
    change: (d) => {
      delete thing(d).name;
    },
    want: [
      ...reaching(3, ['response-type-widened', 'breaking', 'wire types validators']),
      ...reaching(3, ['response-max-length-loosened', 'breaking', 'validators']),
    ],
  },
  {
    name: 'a response property added',
    change: (d) => {
      thing(d).color = { type: 'string' };
    },
    want: reaching(3, ['response-property-added', 'info', '']),
  },
  {
    name: 'a response property added to a closed object',
    before: (d) => {
      schemas(d).Owner.additionalProperties = false;
    },
    change: (d) => {
      schemas(d).Owner.properties.email = { type: 'string' };
    },
    want: reaching(3, ['response-property-added', 'breaking', 'wire validators']),
  },
  {
    name: 'a response object is opened to other properties',
    before: (d) => {
      schemas(d).Owner.additionalProperties = false;
    },
    change: (d) => void delete schemas(d).Owner.additionalProperties,
    want: reaching(3, ['response-additional-properties-opened', 'breaking', 'types validators']),
  },
  {
    name: 'a response array item type changes',
    change: (d) => {
      thing(d).tags.items = { type: 'integer' };
    },
    want: reaching(3, ['response-items-type-changed', 'breaking', 'wire types validators']),
  },
  {
    name: 'a response points at another component of the same shape: nothing changes',
    change: (d) => {
      schemas(d).Thing2 = structuredClone(schemas(d).Thing);
      op(d, '/things/{id}', 'get').responses['200'].content['application/json'].schema.$ref = '#/components/schemas/Thing2';
    },
    want: [['schema-added', 'info', '']],
  },
  {
    name: 'a 503 response declared: the client now retries it',
    change: (d) => {
      op(d, '/things/{id}', 'get').responses['503'] = { description: 'not run' };
    },
    want: [
      ['retry-statuses-changed', 'info', ''],
      ['response-error-status-added', 'info', ''],
    ],
  },
  {
    name: "a response map's values no longer typed (additionalProperties {type: string} to true)",
    before: (d) => {
      thing(d).labels = { type: 'object', additionalProperties: { type: 'string' } };
    },
    change: (d) => {
      thing(d).labels.additionalProperties = true;
    },
    want: [['response-type-widened', 'breaking', 'wire types validators', 3]],
  },
  {
    name: "a response map's values typed where any were allowed",
    before: (d) => {
      thing(d).labels = { type: 'object', additionalProperties: true };
    },
    change: (d) => {
      thing(d).labels.additionalProperties = { type: 'string' };
    },
    want: [['response-type-narrowed', 'info', '', 3]],
  },
  {
    name: 'a response object is closed to other properties',
    change: (d) => {
      schemas(d).Thing.additionalProperties = false;
    },
    want: reaching(3, ['response-additional-properties-closed', 'info', '']),
  },
];
