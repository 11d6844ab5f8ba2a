import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { z } from 'zod';
import { loadTemplates } from '../../../generator/emit/templates.js';
import { renderSchemas } from '../../../generator/emit/zod/emit-zod.js';
import { loadLintConfig } from '../../../generator/lint/lint-config.js';
import { readSpec } from '../../../generator/load/read-spec.js';
import { buildModel } from '../../../generator/model/build-model.js';
import type { ApiModel } from '../../../generator/model/types.js';
import type { Problem } from '../../../generator/problems.js';
import { ROOT } from '../../helpers/paths.js';
import { Judge } from './judge.js';

/** A document's model, its emitted `schemas.ts` and the module itself, loaded. */
export interface EmittedSchemas {
  model: ApiModel;
  source: string;
  problems: Problem[];
  module: Record<string, z.ZodType> & {
    operationSchemas: Record<string, { params?: z.ZodType; body?: z.ZodType; data: z.ZodType; errors: Record<string, z.ZodType> }>;
  };
}

/** The model of a document (read and bundled as the generator does; lint is not this test's subject). */
export async function modelOf(spec: string): Promise<ApiModel> {
  const config = await loadLintConfig({ specPath: spec });
  const loaded = await readSpec({ spec, config, cwd: ROOT });
  return buildModel(loaded.document, { apiName: 'Api', source: { path: loaded.displayPath, label: loaded.displayPath, hash: loaded.hash } }).model;
}

/** Emits `schemas.ts` for a document with the zod emitter alone. */
export function emitSchemasSource(model: ApiModel): { source: string; problems: Problem[] } {
  const problems: Problem[] = [];
  const source = renderSchemas({ model, templates: loadTemplates(), report: (p) => problems.push(p), tsNocheck: false });
  return { source, problems };
}

/** Writes emitted source to a temporary module under test/.tmp and imports it. */
export async function importSource(source: string, name = 'schemas.ts'): Promise<unknown> {
  const dir = join(ROOT, 'test', '.tmp', 'zod', createHash('sha256').update(source).digest('hex').slice(0, 16));
  mkdirSync(dir, { recursive: true });
  const file = join(dir, name);
  writeFileSync(file, source);
  return import(pathToFileURL(file).href);
}

/** Model, source and loaded module of a document's validators. */
export async function emitSchemas(spec: string): Promise<EmittedSchemas> {
  const model = await modelOf(spec);
  const { source, problems } = emitSchemasSource(model);
  const module = (await importSource(source)) as EmittedSchemas['module'];
  return { model, source, problems, module };
}

/** Writes a document of component schemas alone (`Name: { ... }` lines) to test/.tmp/<folder>/ and gives its path. */
export function schemasDocument(folder: string, schemas: readonly string[]): string {
  const spec = join(ROOT, 'test', '.tmp', folder, 'document.yaml');
  mkdirSync(join(spec, '..'), { recursive: true });
  writeFileSync(
    spec,
    ['openapi: 3.0.3', `info: { title: ${folder}, version: "1" }`, 'paths: {}', 'components:', '  schemas:', ...schemas.map((line) => `    ${line}`)].join(
      '\n',
    ),
  );
  return spec;
}

/** Each case's verdict by the emitted component validator and by ajv (the judge), as a response reads it. */
export function verdicts(
  { model, module }: Pick<EmittedSchemas, 'model' | 'module'>,
  cases: readonly (readonly [string, unknown])[],
): { ours: boolean; ajv: boolean }[] {
  const judge = new Judge(model);
  return cases.map(([name, value]) => ({
    ours: (module[name] as z.ZodType).safeParse(value).success,
    ajv: judge.valid(model.schemas.find((s) => s.name === name)?.schema ?? {}, 'response', value),
  }));
}
