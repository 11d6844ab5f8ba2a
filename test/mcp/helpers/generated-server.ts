import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { GeneratedFile } from '../../../generator/index.js';
import { checkedContent } from '../../helpers/checked-validators.js';
import { ROOT } from '../../helpers/paths.js';

/** A `tools/list` result as the generated server exports it. */
export interface ServedManifest {
  resultType: string;
  tools: { name: string; inputSchema: Record<string, unknown>; outputSchema?: Record<string, unknown> }[];
  ttlMs: number;
  cacheScope: string;
}

/**
 * A generated output written to a fresh folder under test/.tmp (inside the repository, so that
 * zod and the MCP SDK resolve from its node_modules), marked as ESM like a user's project.
 */
export function writeOutput(prefix: string, files: readonly GeneratedFile[]): { dir: string; remove(): void } {
  mkdirSync(join(ROOT, 'test', '.tmp'), { recursive: true });
  const dir = mkdtempSync(join(ROOT, 'test', '.tmp', `${prefix}-`));
  writeFileSync(join(dir, 'package.json'), '{ "type": "module", "private": true }\n');
  writeFiles(dir, files);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Writes files below `dir`. */
export function writeFiles(dir: string, files: readonly GeneratedFile[]): void {
  for (const file of files) {
    mkdirSync(dirname(join(dir, file.path)), { recursive: true });
    writeFileSync(join(dir, file.path), checkedContent(file));
  }
}

/** Imports a written output's `mcp/server.ts` and returns the manifest it exports (what its `tools/list` serves). */
export async function servedManifest(dir: string): Promise<ServedManifest> {
  const server = (await import(pathToFileURL(join(dir, 'mcp', 'server.ts')).href)) as Record<string, unknown>;
  const manifest = Object.values(server).find((value) => typeof value === 'object' && value !== null && 'tools' in value);
  if (!manifest) throw new Error('mcp/server.ts exports no manifest');
  return manifest as ServedManifest;
}
