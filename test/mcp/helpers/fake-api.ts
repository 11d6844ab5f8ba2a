import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startLoopback, type Answer, type SeenRequest } from '../../helpers/loopback.js';
import { GENERATED } from '../../helpers/paths.js';

/** A tool of generated/mcp/tools.json, as far as the tests read it. */
export interface ManifestTool {
  name: string;
  outputSchema?: object;
  _meta: Record<string, { operationId: string; method: string; path: string; scopes: string[] }>;
}

/** An operation's fixture (generated/fixtures/<operationId>.json). */
export interface Fixture {
  operationId: string;
  params: Record<string, unknown>;
  response: { status: number; headers: Record<string, string>; body: { data: unknown } };
}

export const META = 'dev.podcast-gen/operation';

/** The committed manifest. */
export function readManifest(): { tools: ManifestTool[] } {
  return JSON.parse(readFileSync(join(GENERATED, 'mcp', 'tools.json'), 'utf8')) as { tools: ManifestTool[] };
}

export function readFixture(operationId: string): Fixture {
  return JSON.parse(readFileSync(join(GENERATED, 'fixtures', `${operationId}.json`), 'utf8')) as Fixture;
}

/** How the fake API answers: as the fixtures say, or with a failure for every request. */
export type Mode = 'fixtures' | 'rate-limit' | 'api-error' | 'leaky-error';

/**
 * A real HTTP server on 127.0.0.1 that answers like the podcast API: each operation's path and
 * method with its fixture's envelope, 401 without the right `X-Api-Key`, 404 elsewhere.
 */
export async function startFakeApi(apiKey: string): Promise<{ url: string; requests: SeenRequest[]; mode: { value: Mode }; close(): Promise<void> }> {
  const routes = readManifest().tools.map((tool) => {
    const meta = tool._meta[META] as ManifestTool['_meta'][string];
    const pattern = new RegExp(`^${meta.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`);
    return { method: meta.method, pattern, fixture: readFixture(meta.operationId) };
  });
  const mode: { value: Mode } = { value: 'fixtures' };
  const server = await startLoopback((request): Answer => {
    if (request.headers['x-api-key'] !== apiKey)
      return { status: 401, body: { code: 401, msg: 'invalid api key', cause: '', data: null, details: null, rid: 'rid-401' } };
    if (mode.value === 'rate-limit')
      return { status: 429, headers: { 'Retry-After': '120' }, body: { code: 429, msg: 'rate limit exceeded', retry_after: 120 } };
    if (mode.value === 'leaky-error')
      return { status: 403, body: { code: 40301, msg: `api key ${apiKey} is suspended`, cause: '', data: null, details: null, rid: 'rid-leak' } };
    if (mode.value === 'api-error')
      return { status: 400, body: { code: 40012, msg: 'background not found', cause: 'no such background', data: null, details: null, rid: 'rid-err-7' } };
    const route = routes.find((r) => r.method === request.method && r.pattern.test(request.path));
    if (!route) return { status: 404, body: { code: 404, msg: 'not found', cause: '', data: null, details: null, rid: 'rid-404' } };
    return { status: route.fixture.response.status, headers: route.fixture.response.headers, body: route.fixture.response.body };
  });
  return { ...server, mode };
}
