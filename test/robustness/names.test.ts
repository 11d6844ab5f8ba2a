import { join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generateFiles, type ApiModel } from '../../generator/index.js';
import { isIdentifier } from '../../generator/model/naming.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { useWrittenOutput } from './helpers/written-output.js';

const HOSTILE = join(FIXTURE_DOCS, 'names', 'hostile-names.yaml');
const PROTOTYPE = join(FIXTURE_DOCS, 'names', 'prototype-names.yaml');
/** What MCP hosts accept as a tool name. */
const MCP_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** A module of a generated output, run in this process as the user's program would import it. */
const load = async (out: string, path: string): Promise<unknown> => import(pathToFileURL(join(out, path)).href);

const unique = (values: readonly string[]) => new Set(values).size === values.length;

/** Compiled by tsc in names.compat.test.ts. */
describe('hostile names (reserved words, punctuation, non-ASCII, digits, collisions, built-ins)', () => {
  const output = useWrittenOutput('names', HOSTILE);

  it('method, type and schema names are valid, unreserved identifiers, unique where they share a scope', () => {
    const methods = output.model.operations.map((o) => o.methodName);
    const types = [...output.model.operations.map((o) => o.typeName), ...output.model.schemas.map((s) => s.typeName)];
    for (const name of [...methods, ...types]) expect(isIdentifier(name), name).toBe(true);
    expect(unique(methods)).toBe(true);
    expect(unique(output.model.schemas.map((s) => s.typeName))).toBe(true);
    expect(output.model.schemas.map((s) => s.typeName)).not.toContain('Blob');
    expect(output.model.schemas.map((s) => s.typeName)).not.toContain('Error');
    expect(output.model.schemas.map((s) => s.typeName)).not.toContain('Promise');
    expect(methods).not.toContain('then');
  });

  it('tool names are valid MCP tool names and unique, in the model and in mcp/tools.json', () => {
    const names = output.model.operations.map((o) => o.toolName);
    for (const name of names) expect(name).toMatch(MCP_TOOL_NAME);
    expect(unique(names)).toBe(true);
    const manifest = JSON.parse(output.files.find((f) => f.path === 'mcp/tools.json')?.content ?? '{}') as { tools?: { name: string }[] };
    expect(manifest.tools?.map((t) => t.name).sort()).toStrictEqual([...names].sort());
  });

  it('no generated file can leave the output folder, and file names are unique ignoring case', () => {
    const root = resolve(output.out);
    for (const file of output.files) {
      const target = resolve(root, file.path);
      expect(target.startsWith(root + sep), file.path).toBe(true);
      expect(file.path.split('/'), file.path).not.toContain('..');
      expect(file.path).not.toMatch(/\\|^\//);
    }
    expect(unique(output.files.map((f) => f.path.toLowerCase()))).toBe(true);
    const fixtureNames = output.files.filter((f) => f.path.startsWith('fixtures/')).map((f) => relative('fixtures', f.path));
    expect(fixtureNames).not.toContain('package.json');
    expect(fixtureNames.map((n) => n.toLowerCase())).not.toContain('con.json');
  });

  it('input keys are unique per operation; wire names keep the document spelling', () => {
    for (const op of output.model.operations) expect(unique(op.input.map((f) => f.name)), op.operationId).toBe(true);
    const thing = output.model.operations.find((o) => o.operationId === 'get-thing.by id');
    expect(thing?.input.map((f) => [f.name, f.in, f.wireName])).toStrictEqual([
      ['id', 'path', 'id'],
      ['query_id', 'query', 'id'],
      ['header_id', 'header', 'id'],
    ]);
  });

  it('names are stable: a second generation decides the same names', async () => {
    const again = await generateFiles({ spec: HOSTILE, name: 'podcast' });
    const names = (m: ApiModel) => m.operations.map((o) => [o.methodName, o.typeName, o.toolName, o.fileName, ...o.input.map((f) => f.name)]);
    expect(names(again.model)).toStrictEqual(names(output.model));
    expect(again.model.schemas.map((s) => s.typeName)).toStrictEqual(output.model.schemas.map((s) => s.typeName));
  });

  it('the generated client sends renamed inputs under their wire names', async () => {
    const { createPodcastClient } = (await load(output.out, 'index.ts')) as {
      createPodcastClient(options: object): Record<string, (input: object) => Promise<unknown>>;
    };
    const seen: { url: string; headers: Record<string, string> }[] = [];
    const fetch = async (url: string | URL | Request, init?: RequestInit) => {
      seen.push({ url: String(url), headers: Object.fromEntries(new Headers(init?.headers).entries()) });
      return new Response(null, { status: 204 });
    };
    const client = createPodcastClient({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9', fetch, validate: 'off', maxRetries: 0 });
    await client.getThingById!({ id: 'p/1', query_id: 'q', header_id: 'h' }).catch(() => undefined);
    await client.delete_!({ class: 'c', __proto___: 'x', 'filter.name': 'f' }).catch(() => undefined);
    expect(seen[0]?.url).toBe('http://127.0.0.1:9/things/p%2F1?id=q');
    expect(seen[0]?.headers.id).toBe('h');
    expect(seen[1]?.url).toBe('http://127.0.0.1:9/delete/c?filter.name=f&__proto__=x');
  });
  it("schemas.ts keeps the document's names; index.ts keeps the runtime's and aliases the validators", async () => {
    const schemas = (await load(output.out, 'schemas.ts')) as Record<string, { safeParse(value: unknown): { success: boolean } }>;
    const index = (await load(output.out, 'index.ts')) as Record<string, unknown> & {
      RateLimitError: { prototype: unknown };
      ApiError: { prototype: unknown };
    };
    expect({
      schemaParses: schemas.RateLimitError!.safeParse({ retry_after: 0 }).success,
      runtimeClass: index.RateLimitError.prototype instanceof Error && index.ApiError.prototype instanceof Error,
      aliases: [
        index.RateLimitErrorSchema === schemas.RateLimitError,
        index.ApiErrorSchema2 === schemas.ApiError,
        index.ApiErrorSchema === schemas.ApiErrorSchema,
        index.PodcastClientSchema === schemas.PodcastClient,
        index.OperationIdSchema === schemas.OperationId,
        index.FixtureSchema === schemas.Fixture,
      ],
    }).toStrictEqual({ schemaParses: false, runtimeClass: true, aliases: [true, true, true, true, true, true] });
  });
});

describe('operationIds named like Object.prototype members', () => {
  // Emitters key objects by operationId (`operationSpecs`, `operationSchemas`, the MCP bindings): a
  // bare `__proto__` key would set the prototype, and a `constructor` key would be typed by Object's
  // member instead of the entry's type.
  // Compiled by tsc in names.compat.test.ts.
  const output = useWrittenOutput('proto-names', PROTOTYPE);

  it('each operation is an own key of operationSpecs, the prototype untouched, and a stub call reaches it', async () => {
    const { operationSpecs } = (await load(output.out, 'operations.ts')) as { operationSpecs: object };
    const { createPodcastClient } = (await load(output.out, 'index.ts')) as { createPodcastClient(options: object): Record<string, () => Promise<unknown>> };
    const seen: string[] = [];
    const fetch = async (url: string | URL | Request, init?: RequestInit) => {
      seen.push(`${init?.method} ${String(url)}`);
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const client = createPodcastClient({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9', fetch, validate: 'off', maxRetries: 0 });
    await client.constructor_!();
    await client.proto!();
    expect({ keys: Object.keys(operationSpecs), proto: Object.getPrototypeOf(operationSpecs) === Object.prototype, seen }).toStrictEqual({
      keys: ['constructor', 'toString', 'hasOwnProperty', '__proto__'],
      proto: true,
      seen: ['GET http://127.0.0.1:9/builtins', 'DELETE http://127.0.0.1:9/builtins'],
    });
  });
});
