/**
 * The validators the proof runs, made as the zod output makes them: `schemas.ts` rendered from the
 * side's model cut to the operations and component schemas the proof names, with every schema they
 * reach. A validator's text depends only on what it reaches, so each is the one the whole output
 * holds; a large document's whole module takes seconds to make and to transpile.
 */
import { operationExports } from '../../emit/shared/operation-exports.js';
import { loadTemplates } from '../../emit/templates.js';
import type { ApiModel } from '../../model/types.js';
import { pluginOptions } from '../../plugins/plugin-options.js';
import { builtinPlugins } from '../../plugins/registry.js';
import { runPlugin } from '../../plugins/run-plugin.js';
import { operationSchemas, SchemaReach } from './change-places.js';

/** `schemas.ts` holding the validators named in `wanted` (component `typeName`s and operations' `<method>Schemas`). */
export async function validatorsModule(model: ApiModel, wanted: ReadonlySet<string>): Promise<string> {
  const reach = new SchemaReach(model);
  const exports = operationExports(model);
  const operations = model.operations.filter((op) => {
    const name = exports.get(op.operationId)?.schemas;
    return name !== undefined && wanted.has(name);
  });
  const kept = new Set<string>();
  for (const op of operations) for (const name of operationSchemas(op, reach)) kept.add(name);
  for (const schema of model.schemas) {
    if (!wanted.has(schema.typeName)) continue;
    kept.add(schema.name);
    for (const name of reach.from(schema.schema)) kept.add(name);
  }
  const cut: ApiModel = { ...model, operations, schemas: model.schemas.filter((schema) => kept.has(schema.name)) };
  const zod = builtinPlugins.find((plugin) => plugin.name === 'zod') as (typeof builtinPlugins)[number];
  const context = { options: pluginOptions(zod, undefined), templates: loadTemplates(), report: () => {}, outputs: ['zod'] };
  const files = await runPlugin({ plugin: zod, model: cut, context, builtin: true });
  return files.find((file) => file.path === 'schemas.ts')?.content ?? '';
}
