/**
 * The valid cases of an operation (verify/cases.ts): its fixture first, then its input at the edges
 * the document gives, each judged valid by ajv against the operation's input schema (an outside
 * judge, not the generated validator that chose them); the same draw gives the same cases.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { generatedTarget } from './helpers.js';
import type { ApiModel } from '../../generator/model/types.js';
import { modelResolver } from '../../generator/synthesis/build-fixture.js';
import { validCases } from '../../generator/verify/cases.js';
import type { GeneratedApi } from '../../generator/verify/generated-api.js';
import { createJudge } from '../fixtures-mock/judge.js';
import { FIXTURE_DOCS, SPEC } from '../helpers/paths.js';

const DOCUMENTS = {
  podcast: SPEC,
  'petstore-mini': join(FIXTURE_DOCS, 'petstore-mini.yaml'),
  tracker: join(FIXTURE_DOCS, 'mcp', 'tracker.yaml'),
  refusals: join(FIXTURE_DOCS, 'corpus', 'refusals.yaml'),
  reference: join(FIXTURE_DOCS, 'verify', 'reference.yaml'),
};

const targets = new Map<string, { model: ApiModel; generated: GeneratedApi }>();
beforeAll(async () => {
  for (const [name, spec] of Object.entries(DOCUMENTS)) {
    const { model, generated } = await generatedTarget({ spec });
    targets.set(name, { model, generated });
  }
}, 120_000);

const casesOf = (name: string, operationId: string, count: number, draw = 1) => {
  const { model, generated } = targets.get(name) as { model: ApiModel; generated: GeneratedApi };
  const op = model.operations.find((o) => o.operationId === operationId);
  if (!op) throw new Error(operationId);
  const validator = generated.schemas[operationId]?.params;
  return validCases({
    op,
    params: generated.fixtures[operationId]?.params ?? {},
    resolve: modelResolver(model),
    count,
    draw,
    ...(validator ? { validator } : {}),
  });
};

describe('the valid cases of an operation', () => {
  it.each(Object.keys(DOCUMENTS))('of %s: each fits the operation input schema (ajv), the fixture first, the same for the same draw', (name) => {
    const { model, generated } = targets.get(name) as { model: ApiModel; generated: GeneratedApi };
    const judge = createJudge(model);
    for (const op of model.operations) {
      const cases = casesOf(name, op.operationId, 20);
      expect(cases[0]?.input, op.operationId).toStrictEqual(generated.fixtures[op.operationId]?.params ?? {});
      for (const c of cases) expect(judge(op.inputSchema, c.input), `${op.operationId} ${c.label}`).toStrictEqual([]);
      expect(casesOf(name, op.operationId, 20)).toStrictEqual(cases);
    }
  });

  it.each([
    {
      given: 'listPets: a bounded query, an enum',
      name: 'petstore-mini',
      operationId: 'listPets',
      want: [
        'with the query parameter limit at its minimum 1',
        'with the query parameter limit at its maximum 100',
        'with the query parameter status "sold", a member of its enum',
      ],
    },
    {
      given: 'createPet: lengths, a oneOf, a nullable field, a step',
      name: 'petstore-mini',
      operationId: 'createPet',
      want: [
        'with the body field name at its maxLength 12',
        'with the body field traits as its branch DogTraits',
        'with the body field nickname null, which it allows',
        'with the body field weight_kg just inside its maximum 90, 89.5',
        'with the body field nickname left out',
      ],
    },
    {
      given: 'getPet: an exclusive minimum, an optional header',
      name: 'petstore-mini',
      operationId: 'getPet',
      want: ['with the path parameter petId at the least value its minimum 1 allows, 2', 'with the header parameter X-Trace-Id left out'],
    },
  ])('$given', ({ name, operationId, want }) => {
    const labels = casesOf(name, operationId, 40).map((c) => c.label);
    expect(labels).toEqual(expect.arrayContaining(want));
  });

  it('few cases reach many places: one change each, taken in turn from each place', () => {
    expect(casesOf('petstore-mini', 'listPets', 4).map((c) => c.label)).toStrictEqual([
      'the fixture',
      'with the query parameter limit left out',
      'with the query parameter tags left out',
      'with the query parameter status "pending", a member of its enum',
    ]);
  });

  it('another draw gives other values', () => {
    const values = (draw: number) => casesOf('petstore-mini', 'createPet', 40, draw).map((c) => JSON.stringify(c.input));
    expect(values(2)).not.toStrictEqual(values(1));
  });
});
