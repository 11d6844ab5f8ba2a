import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getByPointer, pointerJoin, realPointer } from '../../generator/model/refs.js';
import { unescapeToken } from '../../generator/json-pointer.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { emitSchemasSource, modelOf } from './helpers/emit-schemas.js';

const DOC = join(FIXTURE_DOCS, 'warnings', 'places.yaml');
const OP = '#/paths/~1things~1{id}/post';

describe('zod/inexact warnings name the place in the document, once', () => {
  it('maps parameters, body fields, components and range responses to where they are written', async () => {
    const model = await modelOf(DOC);
    const { problems } = emitSchemasSource(model);
    const places = problems.map((p) => `${p.pointer} ${p.message.split(':')[0]}`);
    expect(places.sort()).toStrictEqual(
      [
        // The path item's parameter, not `<op>/properties/code/pattern`.
        '#/paths/~1things~1{id}/parameters/0/schema/pattern pattern is not a valid Unicode-mode regular expression; checked without the `u` flag',
        `${OP}/parameters/0/schema/format int64`,
        '#/components/parameters/Limit/schema/format int64',
        // Body fields: in Params and in Body, one warning each, at the requestBodies component.
        '#/components/requestBodies/Thing/content/application~1json/schema/properties/size/format int64',
        '#/components/requestBodies/Thing/content/application~1json/schema/properties/tag/default default does not fit the schema; the property stays optional (openapi-typescript types it as present)',
        // Stored is converted as declared and for responses (it has a writeOnly property): one warning.
        '#/components/schemas/Stored/properties/total/format int64',
        `${OP}/responses/4XX/content/application~1json/schema/properties/count/format int64`,
      ].sort(),
    );
    for (const p of problems) expect(getByPointer(model.document, p.pointer as string), p.pointer).toBeDefined();
  });

  it('keys the error validators of a range status by the status as written', async () => {
    const { source } = emitSchemasSource(await modelOf(DOC));
    expect(source).toContain('export const SaveThingErrors = /* @__PURE__ */ _schema(() => ({ "4XX": ');
  });
});

describe('realPointer', () => {
  const document = {
    paths: { '/a': { get: { parameters: [{ $ref: '#/components/parameters/Id' }], responses: { '200': { $ref: '#/components/responses/Ok' } } } } },
    components: {
      parameters: { Id: { name: 'id', in: 'path', schema: { $ref: '#/components/schemas/Id' } } },
      responses: { Ok: { content: { 'application/json': { schema: { type: 'object' } } } } },
      schemas: { Id: { type: 'integer', format: 'int64' } },
    },
  };

  it.each([
    ['#/paths/~1a/get/parameters/0/schema/format', '#/components/schemas/Id/format'],
    ['#/paths/~1a/get/parameters/0/schema', '#/components/parameters/Id/schema'],
    ['#/paths/~1a/get/responses/200/content/application~1json/schema/properties/x', '#/components/responses/Ok/content/application~1json/schema/properties/x'],
    ['#/paths/~1a/get/parameters/0', '#/paths/~1a/get/parameters/0'],
    ['#/nowhere/deep/er', '#/nowhere/deep/er'],
    // Written otherwise than pointerJoin escapes: given back as it escapes it.
    ['#/paths/~1a/get/x~2y', '#/paths/~1a/get/x~02y'],
    ['#/paths/~1a/get/parameters/0/schema/~', '#/components/schemas/Id/~0'],
    ['#/paths/~1a/get/~0~1', '#/paths/~1a/get/~0~1'],
    ['#/', '#/'],
  ])('%s is %s', (given, want) => {
    expect(realPointer(document, given)).toBe(want);
  });

  /** The walk as first written: the place joined token by token, each unescaped and escaped again. */
  function tokenByToken(root: unknown, pointer: string): string {
    if (!pointer.startsWith('#/')) return pointer;
    const tokens = pointer.slice(2).split('/').map(unescapeToken);
    let place = '#';
    let node: unknown = root;
    let jumps = 0;
    for (const [i, token] of tokens.entries()) {
      while (
        node &&
        typeof node === 'object' &&
        typeof (node as { $ref?: unknown }).$ref === 'string' &&
        (node as { $ref: string }).$ref.startsWith('#') &&
        jumps++ < 32
      ) {
        place = (node as { $ref: string }).$ref;
        node = getByPointer(root as never, place);
      }
      if (node === null || typeof node !== 'object') return pointerJoin(place, ...tokens.slice(i));
      node = (node as Record<string, unknown>)[token];
      place = pointerJoin(place, token);
    }
    return place;
  }

  it('answers as the token-by-token walk does, for pointers written any way (1,000 runs)', () => {
    const odd = { ...document, 'a/b': { '~x': { $ref: '#/components/schemas/Id' } }, loop: { $ref: '#/loop' } };
    const token = fc.constantFrom(
      'paths',
      '~1a',
      'get',
      'parameters',
      '0',
      '1',
      'schema',
      'format',
      'responses',
      '200',
      'content',
      'application~1json',
      'a~1b',
      '~0x',
      '~x',
      '~2',
      '~',
      '',
      'loop',
      'components',
      'schemas',
      'Id',
      'é',
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 8 }), (tokens) => {
        const pointer = `#/${tokens.join('/')}`;
        expect(realPointer(odd as never, pointer)).toBe(tokenByToken(odd, pointer));
      }),
      { numRuns: 1000, seed: 20261123 },
    );
  });
});
