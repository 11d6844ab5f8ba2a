import { afterAll, describe, expect, it } from 'vitest';
import type { Change } from '../../../generator/diff/change.js';
import { proveChanges } from '../../../generator/diff/proof/index.js';
import { PetPair } from './pet-pair.js';

const GET_PET = { operationId: 'getPet', method: 'get', path: '/pets/{id}' };
const DELETE_PET = { operationId: 'deletePet', method: 'delete', path: '/pets/{id}' };

/** The `types` verdicts come from the compiler: the old usage compiled against the new output, in memory. */
describe('proveChanges: types', () => {
  const pets = new PetPair();
  afterAll(() => pets.dispose());
  const types = { types: true, validators: false };

  it('quotes TS2339 for an operationId rename at the call of the old method', async () => {
    const sides = await pets.pair((doc) => {
      doc.paths['/pets/{id}'].get.operationId = 'fetchPet';
    });
    const rename: Change = { rule: 'operation-id-changed', level: 'breaking', surfaces: ['types'], operations: [GET_PET], message: 'getPet is now fetchPet.' };
    const { changes, unjudged } = await proveChanges({ changes: [rename], ...sides, surfaces: types });
    expect(unjudged).toStrictEqual([]);
    expect(changes).toHaveLength(1);
    const [proved] = changes;
    expect(proved?.surfaces).toStrictEqual(['types']);
    expect(proved?.level).toBe('breaking');
    const call = proved?.proof?.types?.find((p) => p.code === 'TS2339');
    expect(call?.message).toBe("Property 'getPet' does not exist on type 'PetsClient'.");
    expect(call?.text).toBe('const $data = await $client.getPet({ id: $in.id });');
    // The standalone function and the operation's exports are gone too.
    expect(proved?.proof?.types?.map((p) => `${p.code} ${p.text}`)).toContain('TS2305 "getPet" as getPet,');
  });

  it('quotes TS2305 for a removed component schema at its import', async () => {
    const sides = await pets.pair((doc) => {
      delete doc.components.schemas.Owner;
    });
    const removed: Change = {
      rule: 'schema-removed',
      level: 'breaking',
      surfaces: ['types'],
      old: { file: 'old.json', pointer: '#/components/schemas/Owner' },
      message: 'Owner is gone.',
    };
    const { changes } = await proveChanges({ changes: [removed], ...sides, surfaces: types });
    expect(changes).toHaveLength(1);
    const proofs = changes[0]?.proof?.types ?? [];
    expect(proofs.length).toBeGreaterThan(0);
    for (const proof of proofs) expect(proof.code).toBe('TS2305');
    expect(proofs.map((p) => `${p.text} ${p.message}`)).toContain(`"Owner" as Owner, Module '"../new/index.js"' has no exported member '"Owner"'.`);
  });

  it('drops a types verdict the compiler refutes, and says the level fell', async () => {
    const sides = await pets.pair((doc) => {
      doc.paths['/pets/{id}'].delete.parameters.push({ name: 'reason', in: 'query', schema: { type: 'string' } });
    });
    const wrong: Change = {
      rule: 'parameter-added',
      level: 'breaking',
      surfaces: ['types'],
      operations: [DELETE_PET],
      message: 'An optional query parameter was added.',
    };
    const { changes } = await proveChanges({ changes: [wrong], ...sides, surfaces: types });
    expect(changes).toStrictEqual([
      {
        ...wrong,
        level: 'warning',
        surfaces: [],
        message:
          'An optional query parameter was added. The compiler accepts code written against the old generated output, so it does not break types (level breaking lowered to warning).',
      },
    ]);
  });

  it('makes a compile error no change explains a change of its own', async () => {
    const sides = await pets.pair((doc) => {
      doc.components.schemas.Pet.properties.name.type = 'integer';
    });
    const { changes } = await proveChanges({ changes: [], ...sides, surfaces: types });
    expect(changes.map((c) => [c.rule, c.level, c.surfaces, c.operations?.[0]?.operationId])).toStrictEqual([
      ['types-compile-error', 'breaking', ['types'], 'getPet'],
    ]);
    expect(changes[0]?.proof?.types?.[0]).toMatchObject({ code: 'TS2322', text: 'const $typed: $old.PetsData<"getPet"> = $data;' });
  });

  it('adds types to a change the compiler shows breaking that the rules did not mark', async () => {
    const sides = await pets.pair((doc) => {
      doc.paths['/pets/{id}'].delete.parameters.push({ name: 'reason', in: 'query', required: true, schema: { type: 'string' } });
    });
    const unmarked: Change = {
      rule: 'parameter-added',
      level: 'info',
      surfaces: ['wire'],
      operations: [DELETE_PET],
      message: 'A required query parameter was added.',
    };
    const { changes } = await proveChanges({ changes: [unmarked], ...sides, surfaces: types });
    expect(changes[0]?.surfaces).toStrictEqual(['wire', 'types']);
    expect(changes[0]?.level).toBe('breaking');
    expect(changes[0]?.proof?.types?.[0]?.code).toBe('TS2345');
  });

  it('leaves both surfaces unjudged when a side failed to generate', async () => {
    const old = await pets.side((await import('./pet-pair.js')).petDocument());
    const marked: Change = { rule: 'operation-removed', level: 'breaking', surfaces: ['wire', 'types'], operations: [GET_PET], message: 'getPet is gone.' };
    const result = await proveChanges({ changes: [marked], old, new: { error: 'doc.yaml:3:1 lint error' }, surfaces: { types: true, validators: true } });
    expect(result).toStrictEqual({
      changes: [marked],
      unjudged: [
        { surface: 'types', reason: 'the new document failed to generate: doc.yaml:3:1 lint error' },
        { surface: 'validators', reason: 'the new document failed to generate: doc.yaml:3:1 lint error' },
      ],
    });
  });
});
