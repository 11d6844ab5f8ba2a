/**
 * Results an agent can hold, and honest hints, on GitHub's document: its server generated, driven
 * by the SDK's own client (which checks every structured result against the tool's outputSchema),
 * its calls answered by its own generated mock, the list of a repository's issues made 100 issues
 * long. The list is cut to the default budget and says so and how to get the rest; `fields` projects
 * it, still valid against the outputSchema (ajv judges too). The sizes are printed.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFiles } from '../../generator/index.js';
import { readGeneratedMcp, type GeneratedMcp, type ServeOptions } from '../../generator/servers/mcp-generated.js';
import { writeOutput } from './helpers/generated-server.js';

const GITHUB = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');
const TOOL = 'issues_list_for_repo';
const ARGS = { owner: 'octo', repo: 'hello', per_page: 100 };
type Result = Awaited<ReturnType<Client['callTool']>> & { structuredContent?: Record<string, unknown> };
type Mock = { url: string; close(): Promise<void> };

let output: ReturnType<typeof writeOutput> | undefined;
let mock: Mock | undefined;
let generated: GeneratedMcp;
let client: unknown;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  const { files } = await generateFiles({ spec: GITHUB });
  output = writeOutput('github-results', files);
  const load = async (path: string) => (await import(pathToFileURL(join(output?.dir as string, path)).href)) as Record<string, unknown>;
  const { startMockServer } = (await load('mock/index.ts')) as { startMockServer(options: object): Promise<Mock> };
  generated = readGeneratedMcp(await load('mcp/server.ts'), await load('client.ts'), 'github');
  // The mock's own answer, one issue as the document describes it, made a hundred with their own numbers.
  const first = await startMockServer({});
  const page = (await (generated.createClient({ baseUrl: first.url }) as Record<string, (input: object) => Promise<unknown[]>>)['issuesListForRepo']?.(
    ARGS,
  )) as Record<string, unknown>[];
  await first.close();
  const issue = page[0] as Record<string, unknown>;
  const issues = Array.from({ length: 100 }, (_, i) => ({ ...issue, id: 1000 + i, number: i + 1, title: `Issue ${i + 1}: ${String(issue['title'])}` }));
  mock = await startMockServer({
    fixtures: { 'issues/list-for-repo': { response: { status: 200, headers: { 'content-type': 'application/json' }, body: issues } } },
  });
  client = generated.createClient({ baseUrl: mock.url });
}, 600_000);
afterAll(async () => {
  for (const close of closers.splice(0)) await close();
  await mock?.close();
  output?.remove();
});

async function connect(options: ServeOptions): Promise<Client> {
  const server = generated.createServer(client, options);
  const [near, far] = InMemoryTransport.createLinkedPair();
  const mcp = new Client({ name: 'github-results-test', version: '1.0.0' });
  await server.connect(far);
  await mcp.connect(near);
  closers.push(async () => {
    await mcp.close();
    await server.close();
  });
  return mcp;
}

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

describe("GitHub's 100 issues as a tool result", () => {
  it('fits the default budget, says it was cut and how to get the rest, and projects to fields, valid against outputSchema', async () => {
    const whole = await connect({ toolsets: ['issues'], readOnly: true, resultBudget: Number.POSITIVE_INFINITY });
    const full = (await whole.callTool({ name: TOOL, arguments: ARGS })) as Result;
    expect((full.structuredContent?.['data'] as unknown[]).length).toBe(100);

    const mcp = await connect({ toolsets: ['issues'], readOnly: true });
    const tool = (await mcp.listTools()).tools.find((t) => t.name === TOOL);
    const valid = new Ajv2020({ strict: false, validateFormats: false }).compile(tool?.outputSchema as object);
    const cut = (await mcp.callTool({ name: TOOL, arguments: ARGS })) as Result;
    const kept = (cut.structuredContent?.['data'] as unknown[]).length;
    expect(kept).toBeLessThan(100);
    expect(JSON.stringify(cut.structuredContent).length).toBeLessThanOrEqual(40_000);
    expect(valid(cut.structuredContent)).toBe(true);
    const note = cut.content?.find((block) => block.type === 'text' && block.text.startsWith('This result was cut'));
    expect(note).toStrictEqual({
      type: 'text',
      text: `This result was cut to fit 40,000 characters: data holds the first ${kept} of 100 items. To get the rest, call again with page=2 and per_page=${kept}.`,
    });

    const projected = (await mcp.callTool({ name: TOOL, arguments: { ...ARGS, fields: ['number', 'title', 'state', 'html_url'] } })) as Result;
    expect((projected.structuredContent?.['data'] as unknown[]).length).toBe(100);
    expect((projected.structuredContent?.['data'] as Record<string, unknown>[])[0]).toStrictEqual({
      number: 1,
      title: `Issue 1: ${String((full.structuredContent?.['data'] as Record<string, unknown>[])[0]?.['title']).replace(/^Issue 1: /, '')}`,
      state: expect.any(String),
      html_url: expect.any(String),
    });
    expect(valid(projected.structuredContent)).toBe(true);
    const refused = (await mcp.callTool({ name: TOOL, arguments: { ...ARGS, fields: ['title', 'colour'] } })) as Result;
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toContain('fields names colour, which the result does not have; the fields are: id, node_id, url');

    console.log(
      [
        `${TOOL}, 100 issues:`,
        `  without a budget: structuredContent ${bytes(full.structuredContent)} bytes, the whole result ${bytes(full)} bytes`,
        `  default budget (40,000): ${kept} issues kept, structuredContent ${bytes(cut.structuredContent)} bytes, the whole result ${bytes(cut)} bytes`,
        `  fields number, title, state, html_url: 100 issues, structuredContent ${bytes(projected.structuredContent)} bytes, the whole result ${bytes(projected)} bytes`,
      ].join('\n'),
    );
  }, 120_000);

  it('declares an outputSchema for every read-only issue tool whose response has a schema, and hints that say what a tool does', async () => {
    const mcp = await connect({ toolsets: ['issues'], readOnly: true });
    const tools = (await mcp.listTools()).tools;
    const withOutput = tools.filter((tool) => tool.outputSchema !== undefined);
    const all = (await connect({ dynamic: false })).listTools();
    const writing = (await all).tools.filter((tool) => tool.annotations?.readOnlyHint === false);
    const byMethod = (method: string) => writing.filter((tool) => (tool._meta?.['dev.podcast-gen/operation'] as { method: string }).method === method);
    const names = new Set(
      byMethod('POST')
        .filter((tool) => tool.annotations?.destructiveHint === true)
        .map((tool) => tool.name),
    );
    console.log(
      [
        `read-only issue tools: ${tools.length}, with an outputSchema: ${withOutput.length} (${tools
          .filter((tool) => !tool.outputSchema)
          .map((tool) => tool.name)
          .join(', ')} without)`,
        `POST tools: ${byMethod('POST').length}, destructive by their words: ${byMethod('POST')
          .filter((tool) => tool.annotations?.destructiveHint)
          .map((tool) => tool.name)
          .join(', ')}; PATCH tools: ${byMethod('PATCH').length}, all destructive`,
      ].join('\n'),
    );
    expect(names).toContain('orgs_delete_attestations_bulk');
    expect(names).toContain('credentials_revoke');
    expect(names).toContain('repos_transfer');
    // The two without answer 204, no body: nothing to describe.
    expect(tools.filter((tool) => !tool.outputSchema).map((tool) => tool.name)).toStrictEqual([
      'issues_check_user_can_be_assigned',
      'issues_check_user_can_be_assigned_to_issue',
    ]);
  }, 120_000);
});
