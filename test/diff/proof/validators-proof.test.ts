import { afterAll, describe, expect, it } from 'vitest';
import type { Change } from '../../../generator/diff/change.js';
import { proveChanges } from '../../../generator/diff/proof/index.js';
import { PetPair, petDocument } from './pet-pair.js';

const GET_PET = { operationId: 'getPet', method: 'get', path: '/pets/{id}' };
const DELETE_PET = { operationId: 'deletePet', method: 'delete', path: '/pets/{id}' };

/** The `validators` verdicts are shown by the real generated validators of both sides, run in memory. */
describe('proveChanges: validators', () => {
  const pets = new PetPair();
  afterAll(() => pets.dispose());
  const validators = { types: false, validators: true };

  it('names the new response enum value, which the old validator rejects', async () => {
    const sides = await pets.pair((doc) => {
      doc.components.schemas.Status.enum.push('pending');
    });
    const added: Change = {
      id: 'a1b2c3d4e5f6',
      rule: 'response-enum-value-added',
      level: 'breaking',
      surfaces: ['validators'],
      old: { file: 'old.json', pointer: '#/components/schemas/Status/enum' },
      new: { file: 'new.json', pointer: '#/components/schemas/Status/enum/2' },
      message: 'Status may now be pending.',
    };
    const { changes } = await proveChanges({ changes: [added], ...sides, surfaces: validators });
    expect(changes).toHaveLength(1);
    expect(changes[0]?.message).toBe('Status may now be pending.');
    const [proof] = changes[0]?.proof?.validators ?? [];
    expect(proof).toMatchObject({ direction: 'response', validator: 'Status', value: 'pending' });
    expect(proof?.issue).toMatch(/expected one of "available"\|"sold"/i);
  });

  it('finds the value inside an operation response when the change lies there', async () => {
    const sides = await pets.pair((doc) => {
      doc.components.schemas.Pet.properties.name.maxLength = 40;
    });
    const widened: Change = {
      id: 'a1b2c3d4e5f6',
      rule: 'response-max-length-increased',
      level: 'breaking',
      surfaces: ['validators'],
      operations: [GET_PET],
      new: { file: 'new.json', pointer: '#/components/schemas/Pet/properties/name/maxLength' },
      message: 'name may now be 40 characters long.',
    };
    const { changes } = await proveChanges({ changes: [widened], ...sides, surfaces: validators });
    const [proof] = changes[0]?.proof?.validators ?? [];
    expect(proof?.direction).toBe('response');
    expect(proof?.validator).toBe('Pet');
    expect((proof?.value as { name: string }).name).toHaveLength(40);
  });

  it('shows a request value old callers send that the new validator rejects', async () => {
    const sides = await pets.pair((doc) => {
      doc.paths['/pets/{id}'].delete.parameters[0].schema.maximum = 10;
    });
    const bounded: Change = {
      id: 'a1b2c3d4e5f6',
      rule: 'request-maximum-added',
      level: 'breaking',
      surfaces: ['wire', 'validators'],
      operations: [DELETE_PET],
      new: { file: 'new.json', pointer: '#/paths/~1pets~1{id}/delete/parameters/0/schema/maximum' },
      message: 'id is now at most 10.',
    };
    const { changes } = await proveChanges({ changes: [bounded], ...sides, surfaces: validators });
    const [proof] = changes[0]?.proof?.validators ?? [];
    expect(proof).toMatchObject({ direction: 'request', validator: 'deletePetSchemas.params' });
    expect((proof?.value as { id: number }).id).toBeGreaterThan(10);
  });

  it('tries values at a bound only the judging side has: a maxLength added to a request field', async () => {
    const withQuery = (maxLength?: number) => {
      const document = petDocument();
      document.paths['/pets/{id}'].get.parameters.push({ name: 'q', in: 'query', schema: { type: 'string', ...(maxLength ? { maxLength } : {}) } });
      return document;
    };
    // The old field has no bound, so its own values are short strings the new validator accepts.
    const sides = { old: await pets.side(withQuery()), new: await pets.side(withQuery(200)) };
    const bounded: Change = {
      id: 'a1b2c3d4e5f6',
      rule: 'request-max-length-tightened',
      level: 'breaking',
      surfaces: ['wire', 'validators', 'mcp'],
      operations: [GET_PET],
      new: { file: 'new.json', pointer: '#/paths/~1pets~1{id}/get/parameters/2/schema/maxLength' },
      message: 'q: maxLength none -> 200.',
    };
    const { changes } = await proveChanges({ changes: [bounded], ...sides, surfaces: validators });
    const [proof] = changes[0]?.proof?.validators ?? [];
    expect(proof).toMatchObject({ direction: 'request', validator: 'getPetSchemas.params' });
    expect((proof?.value as { q: string }).q).toHaveLength(201);
  });

  it('keeps a verdict no value shows, marked unproven', async () => {
    const sides = await pets.pair((doc) => {
      doc.components.schemas.Owner.description = 'who owns a pet';
    });
    const wrong: Change = {
      id: 'a1b2c3d4e5f6',
      rule: 'description-changed',
      level: 'warning',
      surfaces: ['validators'],
      new: { file: 'new.json', pointer: '#/components/schemas/Owner/description' },
      message: 'Owner has a new description.',
    };
    const { changes } = await proveChanges({ changes: [wrong], ...sides, surfaces: validators });
    expect(changes).toStrictEqual([
      { ...wrong, unproven: ['validators'], message: 'Owner has a new description. (validators: unproven, no value found that shows it)' },
    ]);
  });
});
