/**
 * The catalogue's harness: a small document every case starts from, a case changes a copy of it (and
 * may change the old side too), and the verdict is every change found, as `[rule, level, surfaces]`.
 */
import { checkComparison } from '../../generator/diff/checker/index.js';
import { compareModels, compareSide, type FoundChange } from '../../generator/diff/compare/index.js';
import { naturalLevel } from '../../generator/diff/levels.js';
import type { LifecyclePolicy } from '../../generator/diff/lifecycle.js';
import { buildModel } from '../../generator/model/build-model.js';

// biome-ignore lint/suspicious/noExplicitAny: a case reaches into the document as JSON
export type Doc = Record<string, any>;

/**
 * One change as a case expects it: rule, level and the surfaces it breaks (space-separated), and
 * how many operations it reaches where that is more than one (a change in a component is one change).
 */
export type Verdict = [rule: string, level: string, surfaces: string] | [rule: string, level: string, surfaces: string, operations: number];

export interface DiffCase {
  name: string;
  /** The policy of the API's life the case is judged by (the day fixed, never today's); default {@link CASE_POLICY}. */
  policy?: Partial<LifecyclePolicy>;
  /** Changes both sides before the new side's change (a different starting point). */
  before?: (doc: Doc) => void;
  change: (doc: Doc) => void;
  want: Verdict[];
}

/** The document every case starts from: things (CRUD), pets (oneOf with a discriminator), auth, scopes, servers, tags. */
export function baseDocument(): Doc {
  return {
    openapi: '3.0.3',
    info: { title: 'Things', version: '1.0.0', description: 'Things and pets.' },
    servers: [{ url: 'https://api.example.com/v1' }],
    tags: [{ name: 'things', description: 'Things.' }, { name: 'pets' }],
    security: [{ apiKey: [] }],
    paths: {
      '/things': {
        get: {
          operationId: 'listThings',
          summary: 'List things',
          tags: ['things'],
          security: [{ oauth: ['things.read'] }],
          parameters: [
            { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100 } },
            { name: 'cursor', in: 'query', schema: { type: 'string' } },
            { name: 'X-Trace', in: 'header', schema: { type: 'string' } },
          ],
          responses: {
            '200': {
              description: 'the things',
              headers: { 'X-Total': { required: true, schema: { type: 'integer' } }, 'X-Hint': { schema: { type: 'string' } } },
              content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Thing' } } } },
            },
            '429': { description: 'slow down', content: { 'application/json': { schema: { $ref: '#/components/schemas/Problem' } } } },
          },
        },
        post: {
          operationId: 'createThing',
          summary: 'Create a thing',
          tags: ['things'],
          parameters: [{ name: 'Idempotency-Key', in: 'header', 'x-idempotency-key': true, schema: { type: 'string', maxLength: 64 } }],
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/ThingInput' } } } },
          responses: {
            '201': { description: 'created', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
            '400': { description: 'bad', content: { 'application/json': { schema: { $ref: '#/components/schemas/Problem' } } } },
          },
        },
      },
      '/things/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        get: {
          operationId: 'getThing',
          summary: 'Get a thing',
          'x-tool-name': 'fetch_thing',
          responses: { '200': { description: 'the thing', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } },
        },
        delete: { operationId: 'deleteThing', summary: 'Delete a thing', responses: { '204': { description: 'deleted' } } },
      },
      '/pets': {
        post: {
          operationId: 'addPet',
          summary: 'Add a pet',
          tags: ['pets'],
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
          responses: { '200': { description: 'the pet', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } },
        },
      },
    },
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        oauth: {
          type: 'oauth2',
          flows: { clientCredentials: { tokenUrl: 'https://auth.example.com/token', scopes: { 'things.read': 'read', 'things.write': 'write' } } },
        },
      },
      schemas: {
        Thing: {
          type: 'object',
          required: ['id', 'name'],
          properties: {
            id: { type: 'integer' },
            name: { type: 'string', maxLength: 100 },
            status: { type: 'string', enum: ['active', 'archived'] },
            tags: { type: 'array', items: { type: 'string' }, maxItems: 10 },
            note: { type: 'string', nullable: true },
            size: { type: 'number', minimum: 0, maximum: 1000 },
            owner: { $ref: '#/components/schemas/Owner' },
            created: { type: 'string', format: 'date-time', readOnly: true },
          },
        },
        Owner: { type: 'object', properties: { login: { type: 'string' } } },
        ThingInput: {
          type: 'object',
          required: ['name'],
          properties: {
            name: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[a-z ]+$' },
            kind: { type: 'string', enum: ['small', 'large'], default: 'small' },
            count: { type: 'integer', minimum: 1, maximum: 10 },
            labels: { type: 'array', items: { type: 'string' }, maxItems: 5 },
            meta: { type: 'object', additionalProperties: { type: 'string' } },
            email: { type: 'string', format: 'email' },
          },
        },
        Pet: {
          oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }],
          discriminator: { propertyName: 'petType', mapping: { cat: '#/components/schemas/Cat', dog: '#/components/schemas/Dog' } },
        },
        Cat: { type: 'object', required: ['petType'], properties: { petType: { type: 'string' }, lives: { type: 'integer' } } },
        Dog: { type: 'object', required: ['petType'], properties: { petType: { type: 'string' }, bark: { type: 'boolean' } } },
        Problem: { type: 'object', properties: { code: { type: 'integer' }, message: { type: 'string' } } },
      },
    },
  };
}

/** The day the catalogue judges sunsets and deprecations on: fixed, so that a case means the same on every day. */
export const CASE_POLICY: LifecyclePolicy = { today: '2026-06-15', stabilityLevel: 'beta' };

/** Every change between the base (after `before`) and its changed copy, as the checkers judge them, in found order. */
export function changesOf(c: Pick<DiffCase, 'before' | 'change' | 'policy'>): FoundChange[] {
  const old = baseDocument();
  c.before?.(old);
  const next = structuredClone(old);
  c.change(next);
  const model = (doc: Doc) => buildModel(doc, { apiName: 'things', source: { path: 'x.yaml', label: 'x.yaml', hash: '' } }).model;
  return checkComparison(compareModels(compareSide(model(old), old), compareSide(model(next), next)), { policy: { ...CASE_POLICY, ...c.policy } });
}

/** Every change between the base (after `before`) and its changed copy, as verdicts in found order. */
export function verdictsOf(c: DiffCase): Verdict[] {
  return changesOf(c).map((f): Verdict => {
    const verdict: Verdict = [f.rule, naturalLevel(f.rule, f.surfaces), f.surfaces.join(' ')];
    return f.operations.length > 1 ? [...verdict, f.operations.length] : verdict;
  });
}

/** Shortcuts for the schemas of the base document. */
export const schemas = (doc: Doc) => doc.components.schemas;
export const thing = (doc: Doc) => doc.components.schemas.Thing.properties;
export const input = (doc: Doc) => doc.components.schemas.ThingInput.properties;
export const op = (doc: Doc, path: string, method: string) => doc.paths[path][method];
