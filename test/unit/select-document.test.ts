import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../generator/load/read-spec.js';
import { selectDocument } from '../../generator/model/select-document.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });

/** Pets and owners: a discriminated pet, a base whose mapping (no oneOf) names a schema nothing else reaches, a schema reached only through another, a shared parameter, an envelope, a webhook. */
function document(): OpenApiDocument {
  return {
    openapi: '3.1.0',
    info: { title: 'Pets', version: '1' },
    security: [{ key: [] }],
    paths: {
      '/pets': {
        parameters: [{ $ref: '#/components/parameters/Limit' }],
        get: { operationId: 'listPets', tags: ['pets'], responses: { '200': json({ type: 'array', items: ref('Pet') }) } },
        post: {
          operationId: 'createPet',
          tags: ['pets'],
          deprecated: true,
          requestBody: { $ref: '#/components/requestBodies/NewPet' },
          responses: { '201': json(ref('Pet')) },
        },
      },
      '/owners/{id}': {
        get: { operationId: 'getOwner', tags: ['owners'], responses: { '200': json(ref('Owner')), default: { $ref: '#/components/responses/Problem' } } },
      },
    },
    webhooks: { newPet: { post: { requestBody: json(ref('Pet')), responses: { '200': { description: 'ok' } } } } },
    components: {
      schemas: {
        Pet: { oneOf: [ref('Cat'), ref('Dog')], discriminator: { propertyName: 'kind', mapping: { cat: '#/components/schemas/Cat', dog: 'Dog' } } },
        Cat: { type: 'object', properties: { kind: { type: 'string' }, owner: ref('Owner') } },
        Dog: { type: 'object', properties: { kind: { type: 'string' }, family: ref('Animal') } },
        Animal: { type: 'object', discriminator: { propertyName: 'kind', mapping: { bird: 'Bird' } } },
        Bird: { allOf: [ref('Animal')] },
        Owner: { type: 'object', properties: { address: ref('Address') } },
        Address: { type: 'object' },
        NewPet: { type: 'object' },
        Error: { type: 'object' },
        Unused: { type: 'object' },
        Envelope: { type: 'object', 'x-envelope': { dataProperty: 'data' } },
      },
      parameters: { Limit: { name: 'limit', in: 'query', schema: { type: 'integer' } }, Unused: { name: 'u', in: 'query' } },
      requestBodies: { NewPet: json(ref('NewPet')) },
      responses: { Problem: { description: 'problem', ...json(ref('Error')) } },
      securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Key' }, other: { type: 'http', scheme: 'bearer' } },
    },
  };
}

describe('selectDocument', () => {
  it('is the document itself without a selection', () => {
    const whole = document();
    expect(selectDocument(whole, undefined).document).toBe(whole);
    expect(selectDocument(whole, { include: [], exclude: [] }).document).toBe(whole);
  });

  it('keeps the chosen operations and the components they reach, through references, the mapping of a oneOf and other components', () => {
    const whole = document();
    const { document: selected, problems } = selectDocument(whole, { include: ['op:listPets'] });
    const all = whole.components as Record<string, Record<string, unknown>>;
    const schemas = all.schemas as Record<string, unknown>;
    expect(problems).toStrictEqual([]);
    expect(schemas.Animal, 'the document is left as it was').toStrictEqual({
      type: 'object',
      discriminator: { propertyName: 'kind', mapping: { bird: 'Bird' } },
    });
    expect(selected).toStrictEqual({
      openapi: '3.1.0',
      info: { title: 'Pets', version: '1' },
      security: [{ key: [] }],
      paths: {
        '/pets': { parameters: [{ $ref: '#/components/parameters/Limit' }], get: (whole.paths as Record<string, Record<string, unknown>>)['/pets']?.get },
      },
      components: {
        schemas: {
          Pet: schemas.Pet,
          Cat: schemas.Cat,
          Dog: schemas.Dog,
          // The schema a mapping beside no oneOf names is not kept, and so not named.
          Animal: { type: 'object', discriminator: { propertyName: 'kind', mapping: {} } },
          Owner: schemas.Owner,
          Address: schemas.Address,
          Envelope: schemas.Envelope,
        },
        parameters: { Limit: all.parameters?.Limit },
        securitySchemes: all.securitySchemes,
      },
    });
  });

  it('keeps request bodies and responses reached by reference, with their schemas', () => {
    const { document: selected } = selectDocument(document(), { include: ['tag:owners', 'POST /pets'], exclude: ['op:listPets'] });
    expect(Object.keys(selected.paths as object)).toStrictEqual(['/pets', '/owners/{id}']);
    expect(Object.keys((selected.paths as Record<string, object>)['/pets'] as object)).toStrictEqual(['parameters', 'post']);
    const components = selected.components as Record<string, Record<string, unknown>>;
    expect(Object.fromEntries(Object.entries(components).map(([kind, entries]) => [kind, Object.keys(entries)]))).toStrictEqual({
      schemas: ['Pet', 'Cat', 'Dog', 'Animal', 'Owner', 'Address', 'NewPet', 'Error', 'Envelope'],
      parameters: ['Limit'],
      requestBodies: ['NewPet'],
      responses: ['Problem'],
      securitySchemes: ['key', 'other'],
    });
  });

  it('drops the webhooks, which no selector chooses', () => {
    expect(selectDocument(document(), { exclude: ['deprecated'] }).document.webhooks).toBeUndefined();
  });

  it('keeps an operation left out when a chosen one refers into it, with a warning', () => {
    const whole = document();
    const paths = whole.paths as Record<string, Record<string, Record<string, unknown>>>;
    (paths['/owners/{id}'] as Record<string, Record<string, unknown>>).get = {
      operationId: 'getOwner',
      responses: { '200': json({ $ref: '#/paths/~1pets/get/responses/200/content/application~1json/schema' }) },
    };
    const { document: selected, problems } = selectDocument(whole, { include: ['op:getOwner'] });
    expect(Object.keys(selected.paths as object)).toStrictEqual(['/pets', '/owners/{id}']);
    expect(Object.keys((selected.paths as Record<string, object>)['/pets'] as object)).toStrictEqual(['parameters', 'get']);
    expect(problems).toStrictEqual([
      {
        code: 'select/kept-for-reference',
        severity: 'warn',
        pointer: '#/paths/~1pets/get',
        message: 'GET /pets is kept: a chosen operation refers into it',
        hint: 'move what is shared into components so that a selection can leave the operation out',
      },
    ]);
  });

  it('matches an operation without an operationId by the id the model derives', () => {
    const whole = document();
    const get = (whole.paths as Record<string, Record<string, Record<string, unknown>>>)['/owners/{id}']?.get as Record<string, unknown>;
    delete get.operationId;
    expect(Object.keys(selectDocument(whole, { include: ['op:getOwnersById'] }).document.paths as object)).toStrictEqual(['/owners/{id}']);
  });

  it('warns for a selector that matches nothing', () => {
    const { problems } = selectDocument(document(), { include: ['tag:pets', 'tag:cats'] });
    expect(problems.map((p) => p.message)).toStrictEqual(['selector "tag:cats" matches no operation']);
  });
});
