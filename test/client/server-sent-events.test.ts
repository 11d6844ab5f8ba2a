/**
 * Server-sent events in OpenAPI 3.0 and 3.1 (test/fixtures/streams/): a `text/event-stream`
 * response is read as events, each event's data as the document describes it (JSON of its schema,
 * or text), by the generated client, from the generated mock, which serves each operation's events.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { generate, generateFiles } from '../../generator/index.js';
import { FIXTURE_DOCS, ROOT } from '../helpers/paths.js';

const VERSIONS = ['3.0', '3.1'] as const;
const outOf = (version: string) => join(ROOT, 'test', '.tmp', `events-${version}`);
afterAll(() => {
  for (const version of VERSIONS) rmSync(outOf(version), { recursive: true, force: true });
});

describe.each(VERSIONS)('a text/event-stream response in OpenAPI %s', (version) => {
  const spec = join(FIXTURE_DOCS, 'streams', `events-${version}.yaml`);

  it('is a stream of events in the model, the data read as JSON where its schema is not a string', async () => {
    const { model } = await generateFiles({ spec, outputs: ['types'] });
    expect(model.operations.map((op) => [op.operationId, op.data.kind, op.data.stream, op.data.eventData])).toStrictEqual([
      ['watchTicks', 'stream', 'sse', 'json'],
      ['tailLog', 'stream', 'sse', 'text'],
      ['complete', 'stream', 'sse', 'text'],
    ]);
  });

  it("is read by the generated client from the generated mock as events, each event's data typed and validated", async () => {
    const out = outOf(version);
    rmSync(out, { recursive: true, force: true });
    await generate({ spec, out, name: 'ticker' });
    const load = async <T>(path: string) => (await import(pathToFileURL(join(out, path)).href)) as T;
    type Method = (...a: unknown[]) => Promise<AsyncIterable<unknown>>;
    const { createTickerClient } = await load<{ createTickerClient(o: object): { watchTicks: Method; tailLog: Method; complete: Method } }>('index.ts');
    const { fixtures } = await load<{ fixtures: Record<string, { params: unknown; response: { body: string } }> }>('fixtures/index.ts');
    const { startMockServer } = await load<{ startMockServer(): Promise<{ url: string; close(): Promise<void> }> }>('mock/index.ts');
    const mock = await startMockServer();
    try {
      const client = createTickerClient({ baseUrl: mock.url });
      const ticks: unknown[] = [];
      for await (const event of await client.watchTicks(fixtures.watchTicks?.params)) ticks.push(event);
      expect(ticks).toHaveLength(2);
      for (const tick of ticks) expect(tick).toMatchObject({ data: { symbol: expect.any(String), price: expect.any(Number) } });
      // The mock's body is the fixture's: events of the data, framed as on the wire.
      expect(fixtures.watchTicks?.response.body).toMatch(/^data: \{.*\}\n\ndata: \{.*\}\n\n$/);
      const lines: unknown[] = [];
      for await (const event of await client.tailLog()) lines.push(event);
      expect(lines.map((line) => typeof (line as { data: unknown }).data)).toStrictEqual(['string', 'string']);
      const tokens: unknown[] = [];
      for await (const event of await client.complete({ prompt: 'hi' })) tokens.push(event);
      expect(tokens).toHaveLength(2);
    } finally {
      await mock.close();
    }
  }, 60_000);
});
