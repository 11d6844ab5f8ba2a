import type { ApiModel } from '../model/types.js';
import type { GeneratedFile } from '../emit/plugin.js';

/** Name of the file, inside the output folder, that lists what podcast-gen generated there. */
export const MANIFEST = '.podcast-gen.json';

/** What `.podcast-gen.json` holds. */
export interface Manifest {
  generator: 'podcast-gen';
  note: string;
  /** The document, named as the banners name it. */
  source: string;
  /** The document's `info.title` and `info.version`. */
  title: string;
  version: string;
  /** sha256 of the document: any edit of it changes this file, and only the other files it reaches. */
  sha256: string;
  files: string[];
}

/**
 * The output folder's manifest: every file podcast-gen made there (so the next run removes the ones
 * it no longer makes, and leaves the user's own alone), and the document they came from with its
 * title, version and sha256. The hash is here rather than in every file's banner, so an edit of one
 * operation leaves the files that do not depend on it byte-identical.
 */
export function manifestFile(model: ApiModel, files: readonly GeneratedFile[]): GeneratedFile {
  const manifest: Manifest = {
    generator: 'podcast-gen',
    note: 'files generated here; do not edit them',
    source: model.source.label,
    title: model.title,
    version: model.version,
    sha256: model.source.hash,
    files: files.map((f) => f.path).sort(),
  };
  return { path: MANIFEST, content: `${JSON.stringify(manifest, null, 2)}\n` };
}

/** The manifest of an output folder, from its text; undefined when it is not one. */
export function parseManifest(text: string): Partial<Manifest> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Partial<Manifest>) : undefined;
  } catch {
    return undefined;
  }
}
