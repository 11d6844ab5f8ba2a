import type { OpenApiDocument } from '../../load/read-spec.js';

/**
 * The document's types as openapi-typescript prints them (`paths`, `components`, `operations`),
 * without a banner. openapi-typescript and the TypeScript compiler it prints with are loaded here,
 * on first use: they are the heaviest modules podcast-gen loads (types-printer.ts loads them in a
 * worker thread, beside the rest of the run).
 */
export async function printTypes(document: OpenApiDocument): Promise<string> {
  const [ots, { exactTypeOptions }, { transformDocument }, { inlinePathRefs }] = await Promise.all([
    import('openapi-typescript'),
    import('./exact-types.js'),
    import('./transform-document.js'),
    import('./inline-path-refs.js'),
  ]);
  // The document was linted and bundled once already: openapiTS() would do both again (transform-document.ts).
  const nodes = transformDocument(ots, inlinePathRefs(document) as unknown as Parameters<typeof transformDocument>[1], {
    alphabetize: false,
    exportType: false,
    // Tuples for bounded arrays, open empty objects, exact "exactly one of" unions: as the zod validators.
    ...exactTypeOptions,
  });
  return ots.astToString(nodes);
}
