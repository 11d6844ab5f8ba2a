import type { Emitter } from '../emitter.js';
import { banner } from '../banner.js';

/**
 * `types.ts`: the document's types as openapi-typescript prints them (`paths`, `components`,
 * `operations`). The client's parameter and result types are indexed from these.
 */
export const emitTypes: Emitter = {
  name: 'types',
  async emit({ model }) {
    // openapi-typescript (and the TypeScript compiler it prints with) is loaded only when types are emitted.
    const ots = await import('openapi-typescript');
    const { exactTypeOptions } = await import('./exact-types.js');
    const { transformDocument } = await import('./transform-document.js');
    const { inlinePathRefs } = await import('./inline-path-refs.js');
    // The document was linted and bundled once already: openapiTS() would do both again (transform-document.ts).
    const nodes = transformDocument(ots, inlinePathRefs(model.document) as unknown as Parameters<typeof transformDocument>[1], {
      alphabetize: false,
      exportType: false,
      // Tuples for bounded arrays, open empty objects, exact "exactly one of" unions: as the zod validators.
      ...exactTypeOptions,
    });
    const { astToString } = ots;
    return [{ path: 'types.ts', content: `${banner(model)}\n${astToString(nodes)}` }];
  },
};
