import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientPlugin } from '../../generator/emit/client/emit-client.js';
import { typesPlugin } from '../../generator/emit/types/emit-types.js';
import { zodPlugin } from '../../generator/emit/zod/emit-zod.js';
import { loadTemplates } from '../../generator/emit/templates.js';
import { tsString } from '../../generator/emit/print.js';
import { FIXTURE_DOCS, ROOT, SPEC } from '../helpers/paths.js';
import { modelOf } from './helpers/emit-schemas.js';

const DOCS = [
  SPEC,
  ...readdirSync(join(FIXTURE_DOCS, 'keywords'))
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => join(FIXTURE_DOCS, 'keywords', f)),
  join(FIXTURE_DOCS, 'versions', 'keywords-3.1.yaml'),
];
const TSC = join(ROOT, 'node_modules', 'typescript-native', 'bin', 'tsc');

/**
 * Where openapi-typescript's type is narrower than the schema, by design of either side; there
 * only its type must be assignable to zod's. Each entry says why.
 */
const ONE_WAY: Record<string, string> = {
  // openapi-typescript writes the discriminator value into every schema a discriminated oneOf names
  // (`petType: "Cat"`), although Cat alone accepts any string there; the union's check is zod's.
  'compositions.yaml Component_Cat': 'discriminator narrowing',
  'compositions.yaml Component_Dog': 'discriminator narrowing',
  'compositions.yaml Component_PetByName': 'discriminator narrowing',
  'compositions.yaml Component_PetByMapping': 'discriminator narrowing',
  'compositions.yaml Component_Zoo': 'discriminator narrowing (through PetByName)',
  // A request body leaves readOnly properties out (OpenAPI: required applies to responses only);
  // openapi-typescript keeps them required in request bodies.
  'objects.yaml Body_CreatePet': 'readOnly in requests',
  // The same, for the client's types (PodcastParams / PodcastData are openapi-typescript's):
  // GetPets's payload holds a discriminated oneOf (narrowed as above).
  'compositions.yaml Data_GetPets': 'discriminator narrowing (the payload holds PetByName)',
  // A response leaves writeOnly properties out (OpenAPI: not returned); openapi-typescript keeps
  // Pet's writeOnly `password` required in the response type.
  'objects.yaml Data_CreatePet': 'writeOnly in responses',
  // patternProperties: openapi-typescript prints an index signature of the patterns' types; zod's
  // object stays open (`[k: string]: unknown`) and checks each pattern in a refinement.
  'keywords-3.1.yaml Component_Labels': 'patternProperties as an index signature',
  'keywords-3.1.yaml Component_LooseLabels': 'patternProperties as an index signature',
  'keywords-3.1.yaml Data_GetLabels': 'patternProperties as an index signature',
  'keywords-3.1.yaml Data_GetLooseLabels': 'patternProperties as an index signature',
  'keywords-3.1.yaml Body_PostEverything': 'patternProperties as an index signature (labels, looseLabels)',
  'keywords-3.1.yaml Params_PostEverything': 'patternProperties as an index signature (labels, looseLabels)',
  // `format: binary` also takes a Blob (or File) in requests, to upload; openapi-typescript types it string.
  'strings.yaml Params_PostStrings': 'binary takes a Blob in requests',
};

/**
 * For every component schema: `z.infer` of its validator and openapi-typescript's
 * `components['schemas'][name]` are assignable to each other; for every JSON request body, the
 * body validator and the operation's request body type likewise; for every operation, `<Op>Params`
 * and the client's `<Api>Params<'op'>` (the method's argument), and `<Op>Data` and `<Api>Data<'op'>`
 * (what the method resolves to). Checked by tsc (strict) on a generated file of type assertions.
 */
describe('zod types agree with openapi-typescript types', () => {
  it('assignable both ways for every component schema, request body, client input and payload (tsc --strict)', async () => {
    const dir = join(ROOT, 'test', '.tmp', 'zod-types');
    const files: string[] = [];
    let assertions = 0;
    const used = new Set<string>();
    for (const [n, spec] of DOCS.entries()) {
      const model = await modelOf(spec);
      const folder = join(dir, `doc${n}`);
      mkdirSync(folder, { recursive: true });
      // types.ts, schemas.ts and the client's files (client.ts, runtime.ts, operations.ts).
      for (const plugin of [typesPlugin, zodPlugin, clientPlugin]) {
        for (const file of await plugin.emit(model, {
          options: { validate: 'both', validators: true, tsNocheck: false, oneOf: 'exactly-one' },
          templates: loadTemplates(),
          report: () => {},
          outputs: ['types', 'zod', 'client'],
        })) {
          // The client's runtime is a folder of rooms (runtime/auth/..., runtime/core/...).
          mkdirSync(dirname(join(folder, file.path)), { recursive: true });
          writeFileSync(join(folder, file.path), file.content);
        }
      }
      const api = model.names.api;
      const lines = [
        "import type { components, operations } from './types.js';",
        "import type * as S from './schemas.js';",
        `import type { ${api}Params, ${api}Data } from './client.js';`,
        'type Mutual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;',
        'type Assert<T extends true> = T;',
        // One way, and not both: an entry of ONE_WAY that has come to agree both ways must be removed.
        'type OneWay<Zod, Ots> = [Ots] extends [Zod] ? (Mutual<Zod, Ots> extends true ? false : true) : false;',
      ];
      const docName = spec.slice(spec.lastIndexOf('/') + 1);
      const check = (name: string, zod: string, ots: string) => {
        const relation = ONE_WAY[`${docName} ${name}`] ? 'OneWay' : 'Mutual';
        used.add(`${docName} ${name}`);
        lines.push(`export type ${name} = Assert<${relation}<${zod}, ${ots}>>;`);
        assertions++;
      };
      for (const c of model.schemas) {
        check(`Component_${c.typeName}`, `S.${c.typeName}`, `components["schemas"][${tsString(c.name)}]`);
      }
      for (const op of model.operations.filter((o) => o.body?.contentType === 'application/json')) {
        check(
          `Body_${op.typeName}`,
          `S.${op.typeName}Body`,
          `NonNullable<operations[${tsString(op.operationId)}]["requestBody"]>["content"]["application/json"]`,
        );
      }
      // The client method's argument and resolved payload against the operation's validators.
      for (const op of model.operations) {
        if (op.hasInput) check(`Params_${op.typeName}`, `S.${op.typeName}Params`, `${api}Params<${tsString(op.operationId)}>`);
        if (op.data.kind === 'json' || op.data.kind === 'text') check(`Data_${op.typeName}`, `S.${op.typeName}Data`, `${api}Data<${tsString(op.operationId)}>`);
      }
      writeFileSync(join(folder, 'check.ts'), `${lines.join('\n')}\n`);
      files.push(join(folder, 'check.ts'));
    }
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify(
        {
          compilerOptions: {
            strict: true,
            noEmit: true,
            module: 'NodeNext',
            moduleResolution: 'NodeNext',
            target: 'ES2022',
            skipLibCheck: true,
            types: [],
            typeRoots: [join(ROOT, 'node_modules', '@types')],
          },
          files,
        },
        null,
        2,
      ),
    );
    const result = spawnSync(process.execPath, [TSC, '-p', join(dir, 'tsconfig.json')], { cwd: ROOT, encoding: 'utf8' });
    console.log(`types-agree: ${assertions} assertions over ${DOCS.length} documents (${Object.keys(ONE_WAY).length} one-way, listed with reasons)`);
    expect(
      Object.keys(ONE_WAY).filter((key) => !used.has(key)),
      'ONE_WAY entries that name no assertion',
    ).toStrictEqual([]);
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
