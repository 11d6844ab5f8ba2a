import { loadLintConfig } from '../../generator/lint/lint-config.js';
import { readSpec } from '../../generator/load/read-spec.js';
import { buildModel } from '../../generator/model/build-model.js';
import type { ApiModel } from '../../generator/model/types.js';

/** The model of a document (load and model stages only), for testing emitters on their own. */
export async function modelOf(spec: string): Promise<ApiModel> {
  const config = await loadLintConfig({ specPath: spec });
  const loaded = await readSpec({ spec, config });
  return buildModel(loaded.document, { apiName: 'podcast', source: { path: 'test', label: 'test', hash: 'test' } }).model;
}
