import { banner } from '../banner.js';
import { definePlugin } from '../plugin.js';
import { printTypes } from './print-types.js';

/**
 * `types.ts`: the document's types as openapi-typescript prints them (`paths`, `components`,
 * `operations`). The client's parameter and result types are indexed from these.
 */
export const typesPlugin = definePlugin({
  name: 'types',
  reads: 'document',
  emit(model) {
    return [{ path: 'types.ts', content: `${banner(model)}\n${printTypes(model.document)}` }];
  },
});
