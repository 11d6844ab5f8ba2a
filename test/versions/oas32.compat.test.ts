import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileWithoutTypes } from './document-roundtrip.js';
import { useOas32Outputs } from './oas32-documents.js';

/**
 * Compiled with the output: the client's types are the document's. A stream's items are typed by
 * their itemSchema; a querystring parameter by its content's schema.
 */
const TYPE_CHECKS = `import { createPodcastClient } from './client.js';
import type { operations, paths } from './types.js';

// types.ts names the 3.2 operations in \`paths\` too.
export const listed: [paths['/items']['query'], paths['/items']['additionalOperations']['COPY']] extends [operations['searchItems'], operations['copyItems']] ? true : never = true;

export async function typeChecks(): Promise<void> {
  const api = createPodcastClient({ apiKey: 'k', baseUrl: 'http://127.0.0.1' });
  for await (const item of await api.streamItems({ limit: 1 })) {
    const id: number = item.id;
    const price: number | null = item.price;
    // @ts-expect-error an item has no such field
    void item.missing;
    void id, price;
  }
  for await (const event of await api.watchItems()) {
    const data: string = event.data;
    void data;
  }
  const found: { id: number }[] = await api.searchItems({ name: 'a', minPrice: 1 });
  const copied: number = (await api.copyItems({ destination: 'x' })).count;
  await api.findItems({ filter: { name: 'a' } });
  // @ts-expect-error the querystring value is the Filter object, not a string
  await api.findItems({ filter: 'name=a' });
  await api.selectItems({ selector: { ids: [1] } });
  void found, copied;
}
`;

/** Generated, and run against their mocks, in oas32.test.ts. */
describe('OpenAPI 3.2 documents: generated with the defaults, compiled by TypeScript 7 (no types)', () => {
  const output = useOas32Outputs('oas32-compat');

  it('compiles every output under strict TypeScript 7 without `types`, and the client types what 3.2 adds', () => {
    writeFileSync(join(output.outs.get('features-3.2.yaml') as string, 'type-checks.ts'), TYPE_CHECKS);
    const failed = compileWithoutTypes(output.batch, [...output.outs.values()]);
    expect([...failed].map(([folder, errors]) => `${folder}: ${errors.slice(0, 5).join(' | ')}`)).toStrictEqual([]);
  }, 120_000);
});
