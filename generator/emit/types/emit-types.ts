import type { Emitter } from '../emitter.js';
import { banner } from '../banner.js';
import { inProcessPrinter } from './types-printer.js';

/**
 * `types.ts`: the document's types as openapi-typescript prints them (`paths`, `components`,
 * `operations`). The client's parameter and result types are indexed from these. Printed by the
 * run's types printer (a worker thread started with the run, see types-printer.ts) when it has one.
 */
export const emitTypes: Emitter = {
  name: 'types',
  async emit({ model, typesPrinter }) {
    const text = await (typesPrinter ?? inProcessPrinter()).print(model.document);
    return [{ path: 'types.ts', content: `${banner(model)}\n${text}` }];
  },
};
