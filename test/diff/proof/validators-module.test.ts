import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadValidators, validatorAt } from '../../../generator/diff/proof/load-validators.js';
import { validatorsModule } from '../../../generator/diff/proof/validators-module.js';
import { generateFiles } from '../../../generator/index.js';
import { type PetDocument, petDocument } from './pet-pair.js';

/** The top-level statements of a `schemas.ts`, by the const they declare (but the table of every operation's). */
function constLines(text: string): Map<string, string> {
  const lines = text.split('\n').filter((line) => line.startsWith('export const ') && !line.startsWith('export const operationSchemas '));
  return new Map(lines.map((line) => [/^export const (\w+)/.exec(line)?.[1] as string, line]));
}

/** The validators the proof runs are the zod output's own, cut to what it names and what that reaches. */
describe('validatorsModule', () => {
  const dir = mkdtempSync(join(tmpdir(), 'podcast-gen-validators-module-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const generated = async (document: PetDocument) => {
    const spec = join(dir, 'pets.json');
    writeFileSync(spec, JSON.stringify(document));
    return generateFiles({ spec, outputs: ['zod'] });
  };

  it("keeps an operation's validators and the schemas they reach, each as the whole output writes it", async () => {
    const { model, files } = await generated(petDocument());
    const whole = constLines(files.find((file) => file.path === 'schemas.ts')?.content ?? '');
    const cut = constLines(await validatorsModule(model, new Set(['getPetSchemas'])));
    expect([...cut.keys()].sort()).toStrictEqual(['GetPetData', 'GetPetErrors', 'GetPetParams', 'Pet', 'Status', 'getPetSchemas']);
    for (const [name, line] of cut) expect(line).toBe(whole.get(name));
    expect([...whole.keys()].filter((name) => !cut.has(name)).sort()).toStrictEqual([
      'DeletePetData',
      'DeletePetErrors',
      'DeletePetParams',
      'Owner',
      'deletePetSchemas',
    ]);
  });

  it('keeps a component that only a discriminator mapping names, and the module runs', async () => {
    const document = petDocument();
    // The base names its kinds only in the mapping (each kind is an allOf of the base).
    document.components.schemas.Animal = {
      type: 'object',
      required: ['kind'],
      properties: { kind: { type: 'string' } },
      discriminator: { propertyName: 'kind', mapping: { cat: '#/components/schemas/Cat', dog: 'Dog' } },
    };
    document.components.schemas.Cat = { allOf: [{ $ref: '#/components/schemas/Animal' }, { type: 'object', properties: { purrs: { type: 'boolean' } } }] };
    document.components.schemas.Dog = { allOf: [{ $ref: '#/components/schemas/Animal' }, { type: 'object', properties: { barks: { type: 'boolean' } } }] };
    const { model, files } = await generated(document);
    const text = await validatorsModule(model, new Set(['Animal']));
    expect([...constLines(text).keys()].sort()).toStrictEqual(['Animal', 'Cat', 'Dog']);
    const cut = validatorAt(await loadValidators(text), 'Animal');
    const whole = validatorAt(await loadValidators(files.find((file) => file.path === 'schemas.ts')?.content ?? ''), 'Animal');
    const values = [{ kind: 'dog', barks: true }, { kind: 'dog', barks: 'loud' }, { kind: 'cat', purrs: 1 }, { kind: 'cow' }, {}];
    expect(values.map((value) => cut?.safeParse(value).success)).toStrictEqual(values.map((value) => whole?.safeParse(value).success));
    expect(values.map((value) => cut?.safeParse(value).success)).toContain(false);
  });
});
