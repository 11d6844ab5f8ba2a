import type { Emitter } from '../emitter.js';
import { banner } from '../banner.js';
import { inProcessThread } from '../side-thread/side-thread.js';

/**
 * `types.ts`: the document's types as openapi-typescript prints them (`paths`, `components`,
 * `operations`). The client's parameter and result types are indexed from these. Printed by the
 * run's side thread (a worker thread started with the run, see side-thread/side-thread.ts) when it has one.
 */
export const emitTypes: Emitter = {
  name: 'types',
  async emit({ model, sideThread }) {
    const text = await (sideThread ?? inProcessThread()).printTypes(model.document);
    return [{ path: 'types.ts', content: `${banner(model)}\n${text}` }];
  },
};
