import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { discriminatorTags } from '../../generator/emit/fixtures/discriminator-tags.js';
import { fixtureModelOf } from '../../generator/emit/fixtures/fixture-model.js';
import { operationFixtures } from '../../generator/emit/fixtures/operation-fixture.js';
import { modelOf } from '../fixtures-mock/model.js';
import { FIXTURE_DOCS, SPEC } from '../helpers/paths.js';

/**
 * The side thread makes fixtures from the part of the model it is sent (fixture-model.ts), copied
 * as a message copies it, with the discriminator tags made in this thread: its fixtures must be
 * the ones this thread makes from the whole model.
 */
describe('the fixture model sent to the side thread', () => {
  for (const [name, file] of [
    ['discriminated compositions', join(FIXTURE_DOCS, 'keywords', 'compositions.yaml')],
    ['Petstore with a discriminator', join(FIXTURE_DOCS, 'petstore-mini.yaml')],
    ['the podcast document', SPEC],
  ]) {
    it(`makes the fixtures of the whole model, copied: ${name}`, async () => {
      const model = await modelOf(file as string);
      const sent = structuredClone(fixtureModelOf(model));
      expect(sent.discriminatorTags).toEqual(discriminatorTags(model));
      expect(operationFixtures(sent, 0, sent.operations.length)).toEqual(operationFixtures(model, 0, model.operations.length));
    });
  }

  it('carries tags where the document has discriminators, and nothing of the document itself', async () => {
    const model = await modelOf(join(FIXTURE_DOCS, 'keywords', 'compositions.yaml'));
    const sent = fixtureModelOf(model);
    expect(sent.discriminatorTags?.size).toBeGreaterThan(0);
    expect(Object.keys(sent).sort()).toEqual(['discriminatorTags', 'operations', 'schemas', ...(model.envelope ? ['envelope'] : [])].sort());
    expect(Object.keys(sent.operations[0] ?? {})).not.toContain('inputSchema');
  });
});
