import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { clientOnOwnMock } from '../versions/document-roundtrip.js';
import { generatedProject } from './helpers/generated-project.js';

// A 3.0 or 3.1 text/event-stream response was read whole as text; its events are now typed by the data's schema.
describe.each(['3.0', '3.1'])('server-sent events in OpenAPI %s', (version) => {
  const project = generatedProject(`events-${version}`, join(FIXTURE_DOCS, 'streams', `events-${version}.yaml`), [
    "import { createPodcastClient } from './client.js';",
    "const client = createPodcastClient({ baseUrl: 'https://ticker.example.com' });",
    'export async function read(): Promise<number> {',
    '  let total = 0;',
    "  for await (const tick of await client.watchTicks({ symbol: 'ACME' })) {",
    '    total += tick.data.price;',
    '    const id: string | undefined = tick.id;',
    '    void id;',
    '    // @ts-expect-error a Tick has no volume',
    '    void tick.data.volume;',
    '  }',
    '  for await (const line of await client.tailLog()) {',
    '    const text: string = line.data;',
    '    void text;',
    '  }',
    '  return total;',
    '}',
  ]);

  it('compiles, its events typed by the data schema, and its client reads the mock', async () => {
    expect(project.diagnostics()).toStrictEqual([]);
    expect(await clientOnOwnMock(project.out)).toStrictEqual({ called: ['watchTicks', 'tailLog', 'complete'], failed: [] });
  }, 120_000);
});
