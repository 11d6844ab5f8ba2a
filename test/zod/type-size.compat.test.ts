import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateFiles } from '../../generator/index.js';
import { oversizedComponents } from '../../generator/emit/zod/type-size.js';
import type { NamedSchemaModel } from '../../generator/model/types.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { TSC } from '../helpers/tsc.js';
import { batchFolder, removeBatch, writeOutput } from '../robustness/helpers/compile.js';

const component = (name: string, schema: NamedSchemaModel['schema']): NamedSchemaModel => ({ name, typeName: name, indexName: name, schema, recursive: false });
const objectOf = (ref: string, count: number) => ({
  type: 'object' as const,
  properties: Object.fromEntries(Array.from({ length: count }, (_, i) => [`p${i}`, { $ref: `#/components/schemas/${ref}` }])),
});

describe('validators whose inferred type is too large to write out', () => {
  it('are the components that spell out over 4,000 schemas, counting each reference again, and an annotated one once', () => {
    const schemas = [
      component('Leaf', { type: 'object', properties: Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`s${i}`, { type: 'string' }])) }),
      component('Mid', objectOf('Leaf', 20)),
      component('Top', objectOf('Mid', 20)),
      component('Above', objectOf('Top', 20)),
    ];
    // Leaf 14 (the object, its properties, 12 strings), Mid 282, Top 5,642: annotated, so Above counts it once.
    expect([...oversizedComponents(schemas, new Set())]).toStrictEqual(['Top']);
    expect([...oversizedComponents(schemas, new Set(['Mid']))]).toStrictEqual([]);
  });

  // test/generated/fresh-projects.compat.test.ts compiles the same document in `tsc --init`'s project,
  // whose declaration emit refused the inferred type (TS7056) before.
  it("annotate them with openapi-typescript's type, and leave the others inferred", async () => {
    const { files } = await generateFiles({ spec: join(FIXTURE_DOCS, 'corpus', 'fixtures-wide-nested.yaml'), outputs: ['zod'] });
    const schemas = files.find((f) => f.path === 'schemas.ts')?.content ?? '';
    expect(schemas).toContain(
      'interface _Validator_Report extends z.ZodMiniType<_Inferred<components["schemas"]["Report"]>> {}\nexport const Report: _Validator_Report = ',
    );
    expect(schemas).toContain('export const Section = ');
  });

  it('write the annotation by its name wherever another validator holds one, in a declaration file', async () => {
    const { files } = await generateFiles({ spec: join(FIXTURE_DOCS, 'corpus', 'fixtures-wide-nested.yaml'), outputs: ['types', 'zod'] });
    const batch = batchFolder('type-size');
    try {
      writeOutput(batch, files);
      const config = {
        compilerOptions: { strict: true, declaration: true, emitDeclarationOnly: true, outDir: 'd', types: [], module: 'nodenext', skipLibCheck: true },
        files: ['schemas.ts'],
      };
      writeFileSync(join(batch, 'tsconfig.json'), JSON.stringify(config));
      const result = spawnSync(process.execPath, [TSC, '-p', join(batch, 'tsconfig.json')], { encoding: 'utf8', cwd: batch });
      expect(`${result.stdout}${result.stderr}`, 'tsc').toBe('');
      const declarations = readFileSync(join(batch, 'd', 'schemas.d.ts'), 'utf8');
      expect(declarations).toContain('export declare const GetReportData: _Validator_Report;');
    } finally {
      removeBatch(batch);
    }
  }, 60_000);
});
