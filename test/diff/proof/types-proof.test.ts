import { afterAll, describe, expect, it } from 'vitest';
import type { Change } from '../../../generator/diff/change.js';
import { proveChanges } from '../../../generator/diff/proof/index.js';
import { type PetDocument, PetPair, petDocument } from './pet-pair.js';

const GET_PET = { operationId: 'getPet', method: 'get', path: '/pets/{id}' };

/** An owner whose `pet` is one of two kinds: `variants` gives the kinds and how (if at all) they are told apart. */
function ownerDocument(variants: { cat: object; dog: object; union?: object }): PetDocument {
  const document = petDocument();
  document.paths['/owners/{id}'] = {
    get: {
      operationId: 'getOwner',
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
      responses: { '200': { description: 'the owner', content: { 'application/json': { schema: { $ref: '#/components/schemas/Keeper' } } } } },
    },
  };
  Object.assign(document.components.schemas, {
    Keeper: {
      type: 'object',
      required: ['name'],
      properties: {
        name: { type: 'string' },
        pet: { oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }], ...variants.union },
      },
    },
    Cat: variants.cat,
    Dog: variants.dog,
  });
  return document;
}

const kind = (value: string) => ({ type: 'string', enum: [value] });
const DISCRIMINATED = {
  cat: { type: 'object', required: ['kind'], properties: { kind: { type: 'string' }, whiskers: { type: 'string' } } },
  dog: { type: 'object', required: ['kind'], properties: { kind: { type: 'string' }, bark: { type: 'boolean' } } },
  union: { discriminator: { propertyName: 'kind', mapping: { cat: '#/components/schemas/Cat', dog: '#/components/schemas/Dog' } } },
};
const LITERAL = {
  cat: { type: 'object', required: ['kind'], properties: { kind: kind('cat'), whiskers: { type: 'string' } } },
  dog: { type: 'object', required: ['kind'], properties: { kind: kind('dog'), bark: { type: 'boolean' } } },
};
const BY_OWN_PROPERTY = {
  cat: { type: 'object', properties: { whiskers: { type: 'string' }, lives: { type: 'integer' } } },
  dog: { type: 'object', properties: { bark: { type: 'boolean' } } },
};
const ALIKE = {
  cat: { type: 'object', properties: { name: { type: 'string' }, lives: { type: 'integer' } } },
  dog: { type: 'object', properties: { name: { type: 'string' }, lives: { type: 'integer' } } },
};

const types = { types: true, validators: false };

/** The change of `rule` among the proved ones. */
function only(changes: readonly Change[], rule: string): Change {
  const found = changes.filter((c) => c.rule === rule);
  expect(found.map((c) => c.rule)).toStrictEqual([rule]);
  return found[0] as Change;
}

/** The `types` verdicts come from the compiler: the old usage compiled against the new output, in memory. */
describe('proveChanges: types', () => {
  const pets = new PetPair();
  afterAll(() => pets.dispose());

  it('quotes TS2339 for an operationId rename at the call of the old method', async () => {
    const { changes: found, ...sides } = await pets.compared((doc) => {
      doc.paths['/pets/{id}'].get.operationId = 'fetchPet';
    });
    const { changes, unjudged } = await proveChanges({ changes: found, ...sides, surfaces: types });
    expect(unjudged).toStrictEqual([]);
    const proved = only(changes, 'operation-id-changed');
    expect(proved.surfaces).toStrictEqual(['types', 'mcp']);
    const call = proved.proof?.types?.find((p) => p.code === 'TS2339');
    expect(call?.message).toBe("Property 'getPet' does not exist on type 'PetsClient'.");
    expect(call?.text).toBe('const $data = await $client.getPet({ id: $in.id });');
    // The standalone function and the operation's exports are gone too.
    expect(proved.proof?.types?.map((p) => `${p.code} ${p.text}`)).toContain('TS2305 "getPet" as getPet,');
  });

  it('quotes TS2305 for a removed component schema at its import', async () => {
    const { changes: found, ...sides } = await pets.compared((doc) => {
      delete doc.components.schemas.Owner;
    });
    const { changes } = await proveChanges({ changes: found, ...sides, surfaces: types });
    const proofs = only(changes, 'schema-removed').proof?.types ?? [];
    expect(proofs.length).toBeGreaterThan(0);
    for (const proof of proofs) expect(proof.code).toBe('TS2305');
    expect(proofs.map((p) => `${p.text} ${p.message}`)).toContain(`"Owner" as Owner, Module '"../new/index.js"' has no exported member '"Owner"'.`);
  });

  it.each([
    ['its discriminator', DISCRIMINATED, 'if ($n0.kind === "cat")'],
    ['a property with one value in each variant', LITERAL, 'if ($n0.kind === "cat")'],
  ])(
    'narrows a union by %s and reads inside: an optional field gone from a variant breaks code that narrows and reads it',
    async (_how, variants, narrowed) => {
      const { changes: found, ...sides } = await pets.compared((doc) => {
        delete doc.components.schemas.Cat.properties.whiskers;
      }, ownerDocument(variants));
      const { changes } = await proveChanges({ changes: found, ...sides, surfaces: types });
      const removed = only(changes, 'response-property-removed');
      expect([removed.surfaces, removed.unproven]).toStrictEqual([['types'], undefined]);
      expect(removed.proof?.types?.map((p) => [p.code, p.text])).toStrictEqual([
        ['TS2339', `{ const $n0 = $data!.pet!; ${narrowed} { void $n0!.whiskers; } }`],
      ]);
    },
  );

  it('narrows by a property only one variant declares', async () => {
    const { changes: found, ...sides } = await pets.compared((doc) => {
      delete doc.components.schemas.Cat.properties.lives;
    }, ownerDocument(BY_OWN_PROPERTY));
    const { changes } = await proveChanges({ changes: found, ...sides, surfaces: types });
    const removed = only(changes, 'response-property-removed');
    expect(removed.proof?.types?.map((p) => p.text)).toStrictEqual(['{ const $n0 = $data!.pet!; if ("whiskers" in $n0) { void $n0!.lives; } }']);
  });

  it('keeps the verdict, unproven, where no line can reach the place (nothing tells the variants apart)', async () => {
    const { changes: found, ...sides } = await pets.compared((doc) => {
      delete doc.components.schemas.Cat.properties.lives;
    }, ownerDocument(ALIKE));
    const { changes } = await proveChanges({ changes: found, ...sides, surfaces: types });
    const removed = only(changes, 'response-property-removed');
    expect([removed.surfaces, removed.unproven, removed.proof]).toStrictEqual([['types'], ['types'], undefined]);
    expect(removed.message).toBe('Cat.lives: removed (types: unproven, no line of the old usage reads this place)');
  });

  it('reads a changed field however deep it lies', async () => {
    const deep = petDocument();
    let node = deep.components.schemas.Pet.properties;
    for (const name of ['a', 'b', 'c', 'd', 'e', 'f']) {
      node[name] = { type: 'object', properties: {} };
      node = node[name].properties;
    }
    node.leaf = { type: 'string' };
    node.other = { type: 'string' };
    const { changes: found, ...sides } = await pets.compared((doc) => {
      delete doc.components.schemas.Pet.properties.a.properties.b.properties.c.properties.d.properties.e.properties.f.properties.leaf;
    }, deep);
    const { changes } = await proveChanges({ changes: found, ...sides, surfaces: types });
    const removed = only(changes, 'response-property-removed');
    expect(removed.proof?.types?.map((p) => [p.code, p.text])).toStrictEqual([['TS2339', '{ void $data!.a!.b!.c!.d!.e!.f!.leaf; }']]);
  });

  it('keeps the verdict, unproven, where the object the property left now takes any name (its read compiles either way)', async () => {
    const boxed = petDocument();
    boxed.components.schemas.Pet.properties.box = { type: 'object', properties: { first: { type: 'string' } } };
    const { changes: found, ...sides } = await pets.compared((doc) => {
      delete doc.components.schemas.Pet.properties.box.properties.first;
    }, boxed);
    const { changes } = await proveChanges({ changes: found, ...sides, surfaces: types });
    const removed = only(changes, 'response-property-removed');
    expect([removed.surfaces, removed.unproven]).toStrictEqual([['types'], ['types']]);
  });

  it('credits an error of the whole payload only to the change it names, not to every change of the operation', async () => {
    const base = ownerDocument(ALIKE);
    const { changes: found, ...sides } = await pets.compared((doc) => {
      doc.components.schemas.Keeper.properties.name.type = 'integer';
      delete doc.components.schemas.Cat.properties.lives;
    }, base);
    const { changes } = await proveChanges({ changes: found, ...sides, surfaces: types });
    const retyped = only(changes, 'response-type-changed');
    expect(retyped.proof?.types?.map((p) => p.text)).toContain('const $typed: $old.PetsData<"getOwner"> = $data;');
    const removed = only(changes, 'response-property-removed');
    expect([removed.proof, removed.unproven]).toStrictEqual([undefined, ['types']]);
  });

  it('drops types from a change the usage looked at and that compiles: a variant more, which an old one already fits', async () => {
    const { changes: found, ...sides } = await pets.compared((doc) => {
      doc.components.schemas.Keeper.properties.pet.oneOf.push({ type: 'object', properties: { bark: { type: 'boolean' } } });
    }, ownerDocument(BY_OWN_PROPERTY));
    const { changes } = await proveChanges({ changes: found, ...sides, surfaces: types });
    const added = only(changes, 'response-one-of-variant-added');
    expect([added.surfaces, added.unproven]).toStrictEqual([['wire', 'validators'], undefined]);
    expect(added.message).toMatch(/The compiler accepts code written against the old generated output that reads it, so it does not break types\.$/);
  });

  it('makes a compile error no change explains a change of its own', async () => {
    const sides = await pets.pair((doc) => {
      doc.components.schemas.Pet.properties.name.type = 'integer';
    });
    const { changes } = await proveChanges({ changes: [], ...sides, surfaces: types });
    expect(changes.map((c) => [c.rule, c.surfaces, c.operations?.[0]?.operationId])).toStrictEqual([['types-compile-error', ['types'], 'getPet']]);
    expect(changes[0]?.proof?.types?.[0]).toMatchObject({ code: 'TS2322', text: 'const $typed: $old.PetsData<"getPet"> = $data;' });
  });

  it('a required parameter added: the call with only the required parameters fails, naming it', async () => {
    const { changes: found, ...sides } = await pets.compared((doc) => {
      doc.paths['/pets/{id}'].delete.parameters.push({ name: 'reason', in: 'query', required: true, schema: { type: 'string' } });
    });
    const { changes } = await proveChanges({ changes: found, ...sides, surfaces: types });
    const added = only(changes, 'parameter-added-required');
    expect(added.surfaces).toStrictEqual(['wire', 'types', 'validators', 'mcp']);
    expect(added.proof?.types?.map((p) => p.code)).toStrictEqual(['TS2345']);
  });

  it('a keyword no rule reads (a response tuple item string -> integer) is a change, which the compiler proves', async () => {
    const tuple = petDocument();
    tuple.openapi = '3.1.0';
    tuple.components.schemas.Pet.properties.pair = { type: 'array', prefixItems: [{ type: 'string' }] };
    const { changes: found, ...sides } = await pets.compared((doc) => {
      doc.components.schemas.Pet.properties.pair.prefixItems[0] = { type: 'integer' };
    }, tuple);
    const { changes } = await proveChanges({ changes: found, ...sides, surfaces: { types: true, validators: true } });
    const changed = only(changes, 'response-schema-keyword-changed');
    expect([changed.surfaces, changed.message.split(';')[0]]).toStrictEqual([['wire', 'types', 'validators'], 'Pet.pair: `prefixItems` changed']);
    expect(changed.proof?.types?.length).toBeGreaterThan(0);
  });

  it('a security scheme removed breaks a credential written by name: TS2353 at an object-literal auth line (the old options as a variable compile either way)', async () => {
    const secured = petDocument();
    secured.components.securitySchemes = { ApiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' }, Bearer: { type: 'http', scheme: 'bearer' } };
    secured.security = [{ ApiKey: [] }, { Bearer: [] }];
    const { changes: found, ...sides } = await pets.compared((doc) => {
      delete doc.components.securitySchemes.Bearer;
      doc.security = [{ ApiKey: [] }];
    }, secured);
    const { changes } = await proveChanges({ changes: found, ...sides, surfaces: types });
    const removed = only(changes, 'security-scheme-removed');
    expect([removed.surfaces, removed.unproven]).toStrictEqual([['types', 'mcp'], undefined]);
    expect(removed.proof?.types?.map((p) => [p.code, p.text])).toStrictEqual([
      ['TS2353', 'void $new.createPetsClient({ ...$options, auth: { Bearer: $options.auth!.Bearer! } });'],
    ]);
  });

  it('leaves both surfaces unjudged when a side failed to generate', async () => {
    const old = await pets.side(petDocument());
    const marked: Change = {
      id: 'a1b2c3d4e5f6',
      rule: 'operation-removed',
      level: 'breaking',
      surfaces: ['wire', 'types'],
      operations: [GET_PET],
      message: 'getPet is gone.',
    };
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
