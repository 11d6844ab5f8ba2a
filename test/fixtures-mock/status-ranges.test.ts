/**
 * A success declared as a status range (`2XX`, as Microsoft Graph declares most of its operations)
 * is the success: the client resolves to its entity, validated, the MCP tool outputs it, and the
 * fixture and the mock answer 200 with it. An explicit 2xx goes first (OpenAPI: the explicit code
 * takes precedence over the range), `2XX` before `default`, and `3XX` is a redirect as a single 3xx
 * is. Generated in memory (the data types under TypeScript: status-ranges.compat.test.ts).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCode } from '../../generator/code-import/import-code.js';
import { generateFiles } from '../../generator/index.js';
import { statusKey } from '../../generator/model/responses.js';
import type { ApiModel } from '../../generator/model/types.js';
import { startLoopback } from '../helpers/loopback.js';
import { FIXTURE_DOCS, ROOT } from '../helpers/paths.js';

const SPEC = join(FIXTURE_DOCS, 'corpus', 'status-ranges.yaml');

interface Validator {
  safeParse(value: unknown): { success: boolean };
}
interface FixtureResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}
interface Output {
  createPodcastClient(options: { baseUrl: string }): Record<string, (...args: unknown[]) => Promise<unknown>>;
  operationSchemas: Record<string, { data: Validator }>;
  fixtures: Record<string, { params: Record<string, unknown>; response: FixtureResponse; errors: FixtureResponse[] }>;
  startMockServer(): Promise<{ url: string; close(): Promise<void> }>;
  ResponseValidationError: new (...args: never[]) => Error;
}

let model: ApiModel;
let tools: { name: string; outputSchema?: { properties?: Record<string, unknown> } }[];
let output: Output;
let mock: { url: string; close(): Promise<void> };
beforeAll(async () => {
  const generated = await generateFiles({ spec: SPEC, name: 'podcast' });
  model = generated.model;
  tools = (JSON.parse(generated.files.find((f) => f.path === 'mcp/tools.json')?.content ?? '{}') as { tools: typeof tools }).tools;
  const modules = await importCode({
    entries: ['client.ts', 'schemas.ts', 'fixtures/index.ts', 'mock/index.ts', 'runtime.ts'],
    files: generated.files,
    resolveFrom: [ROOT],
    hint: 'the generated output of test/fixtures/corpus/status-ranges.yaml',
  });
  output = Object.assign({}, ...modules) as Output;
  mock = await output.startMockServer();
}, 60_000);
afterAll(() => mock?.close());

const THING = { id: 'th_1', name: 'lamp', size: 3 };
const NOT_A_THING = { id: 1, name: '', size: -1 };

describe('a success declared as a status range', () => {
  it.each([
    { given: 'getThing', want: { success: '2XX', kind: 'json', errors: ['4XX', '5XX'] } },
    { given: 'deleteThing', want: { success: '2XX', kind: 'none', errors: ['4XX'] } },
    // The explicit 200 first; the 2XX beside it is no failure.
    { given: 'getThingExplicit', want: { success: '200', kind: 'json', errors: ['4XX'] } },
    { given: 'getThingDefaulted', want: { success: '2XX', kind: 'json', errors: ['default'] } },
    { given: 'createThing', want: { success: '201', kind: 'json', errors: ['5XX'] } },
    // 1XX and 3XX as a single 1xx and 3xx: no failure; the 3XX is what the operation answers.
    { given: 'exportThings', want: { success: '200', kind: 'none', errors: ['4XX'], redirect: '3XX' } },
  ])('$given: the model files it as $want.success', ({ given, want }) => {
    const op = model.operations.find((o) => o.operationId === given);
    expect({
      success: op && statusKey(op.success),
      kind: op?.data.kind,
      errors: op?.errors.map(statusKey),
      ...(op?.redirect ? { redirect: statusKey(op.redirect) } : {}),
    }).toStrictEqual(want);
  });

  it.each(['getThing', 'getThingExplicit', 'getThingDefaulted', 'createThing'])('%s: the data validator takes the entity, and only it', (id) => {
    const data = output.operationSchemas[id]?.data as Validator;
    expect([data.safeParse(THING).success, data.safeParse(NOT_A_THING).success]).toStrictEqual([true, false]);
  });

  it("the MCP tool's outputSchema is the entity's", () => {
    const outputOf = (name: string) => Object.keys(tools.find((t) => t.name === name)?.outputSchema?.properties ?? {});
    expect(['get_thing', 'get_thing_defaulted'].map(outputOf)).toStrictEqual([
      ['id', 'name', 'size'],
      ['id', 'name', 'size'],
    ]);
  });

  it('the fixture answers 200 with the entity; the failures are the 4XX and 5XX', () => {
    const { response, errors } = output.fixtures.getThing as { response: FixtureResponse; errors: FixtureResponse[] };
    expect(response.status).toBe(200);
    expect(output.operationSchemas.getThing?.data.safeParse(response.body).success).toBe(true);
    expect(response.body).toMatchObject({ id: expect.any(String), name: expect.any(String), size: expect.any(Number) });
    expect(errors.map((e) => e.status)).toStrictEqual([400, 500]);
    expect(output.fixtures.getThingDefaulted?.response.status).toBe(200);
    expect(output.fixtures.getThingDefaulted?.errors.map((e) => e.status)).toStrictEqual([500]);
  });

  it('the mock answers 200 with the fixture entity, and 302 where only a 3XX is declared', async () => {
    const answer = await fetch(`${mock.url}/things/th_1`);
    expect([answer.status, await answer.json()]).toStrictEqual([200, output.fixtures.getThing?.response.body]);
    const deleted = await fetch(`${mock.url}/things/th_1`, { method: 'DELETE' });
    expect([deleted.status, await deleted.text()]).toStrictEqual([200, '']);
    const exported = await fetch(`${mock.url}/export`, { redirect: 'manual' });
    expect([exported.status, exported.headers.get('location')]).toStrictEqual([302, 'https://downloads.example.com/things.zip']);
  });

  it('the client on the mock resolves to the entity, validated', async () => {
    const client = output.createPodcastClient({ baseUrl: mock.url });
    for (const id of ['getThing', 'getThingExplicit', 'getThingDefaulted'] as const) {
      const method = client[id] as (params: unknown) => Promise<unknown>;
      expect(await method({ id: 'th_1' }), id).toStrictEqual(output.fixtures[id]?.response.body);
    }
    expect(await (client.deleteThing as (params: unknown) => Promise<unknown>)({ id: 'th_1' })).toBeUndefined();
  });

  it("the client takes any 2xx as the range's: a 201 with the entity resolves to it, a 202 with another body fails validation", async () => {
    const server = await startLoopback((request) => (request.path === '/things/a' ? { status: 201, body: THING } : { status: 202, body: NOT_A_THING }));
    try {
      const getThing = output.createPodcastClient({ baseUrl: server.url }).getThing as (params: unknown) => Promise<unknown>;
      expect(await getThing({ id: 'a' })).toStrictEqual(THING);
      await expect(getThing({ id: 'b' })).rejects.toBeInstanceOf(output.ResponseValidationError);
    } finally {
      await server.close();
    }
  });
});
