/**
 * The two MCP protocol revisions' rules for a `tools/list` result, as JSON Schema and as the SDK's
 * own era-exact validators. No npm package ships the revisions' published `schema.json`, so the JSON
 * Schemas are derived from the SDK's zod definitions with `z.toJSONSchema`: 2025-11-25 from the SDK's
 * public `specTypeSchemas.ListToolsResult`; 2026-07-28 from the same building blocks shaped as the
 * SDK's internal "anchor-exact" 2026 definitions and the revision's published schema (no `execution`;
 * `resultType`, `ttlMs` and `cacheScope` required: the SDK adds `resultType` on the wire, a file must
 * carry it).
 */
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { specTypeSchemas } from '@modelcontextprotocol/server';
import { z } from 'zod';

export type Revision = '2025-11-25' | '2026-07-28';
export const REVISIONS: Revision[] = ['2025-11-25', '2026-07-28'];

const schemas = specTypeSchemas as unknown as Record<string, z.ZodType>;

/** The 2026-07-28 `ListToolsResult`, built from the SDK's shared pieces (see the module note). */
function listToolsResult2026(): z.ZodType {
  const tool = z.object({
    name: z.string(),
    title: z.string().optional(),
    icons: z.array(schemas.Icon as z.ZodType).optional(),
    description: z.string().optional(),
    inputSchema: z.looseObject({ $schema: z.string().optional(), type: z.literal('object') }),
    outputSchema: z.looseObject({ $schema: z.string().optional() }).optional(),
    annotations: (schemas.ToolAnnotations as z.ZodType).optional(),
    _meta: z.record(z.string(), z.unknown()).optional(),
  });
  return z.looseObject({
    _meta: z.looseObject({}).optional(),
    resultType: z.string(),
    ttlMs: z.number().int().min(0),
    cacheScope: z.enum(['public', 'private']),
    tools: z.array(tool),
    nextCursor: z.string().optional(),
  });
}

/** JSON Schema (2020-12) of a `tools/list` result under `revision`; unknown keys of a Tool are refused. */
export function listToolsResultJsonSchema(revision: Revision): Record<string, unknown> {
  const schema = revision === '2025-11-25' ? (schemas.ListToolsResult as z.ZodType) : listToolsResult2026();
  return z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output' }) as Record<string, unknown>;
}

/** The SDK's own era-exact result validator (its internal wire codec), found by function name. */
export async function sdkResultValidator(revision: Revision): Promise<(method: string, raw: unknown) => { ok: boolean; message?: string }> {
  const require = createRequire(import.meta.url);
  const dist = dirname(require.resolve('@modelcontextprotocol/server'));
  for (const file of readdirSync(dist)
    .filter((f) => f.endsWith('.mjs'))
    .sort()) {
    const module = (await import(pathToFileURL(join(dist, file)).href)) as Record<string, unknown>;
    const codecForVersion = Object.values(module).find(
      (v): v is (version: string) => { validateResult(m: string, raw: unknown): { ok: boolean; message?: string } } =>
        typeof v === 'function' && v.name === 'codecForVersion',
    );
    if (codecForVersion) {
      const codec = codecForVersion(revision);
      return (method, raw) => codec.validateResult(method, raw);
    }
  }
  throw new Error('the MCP SDK no longer has codecForVersion; update this helper');
}
