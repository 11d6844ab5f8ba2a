import { generateFiles } from '../../generator/index.js';
import type { GeneratedFile } from '../../generator/index.js';

/** Generates a document in memory and returns its files by path. */
export async function generateInMemory(spec: string, options: { name?: string } = {}): Promise<Map<string, string>> {
  const { files } = await generateFiles({ spec, ...options });
  return new Map(files.map((f: GeneratedFile) => [f.path, f.content]));
}
