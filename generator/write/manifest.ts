import type { ApiModel } from '../model/types.js';
import type { GeneratedFile } from '../emit/plugin.js';

/** Name of the file, inside the output folder, that lists what podcast-gen generated there. */
export const MANIFEST = '.podcast-gen.json';

/**
 * The output folder's manifest: every file podcast-gen made there (so the next run removes the ones
 * it no longer makes, and leaves the user's own alone), and the document they came from with its
 * sha256, which the JSON outputs (fixtures, `mcp/tools.json`) cannot carry in a banner.
 */
export function manifestFile(model: ApiModel, files: readonly GeneratedFile[]): GeneratedFile {
  const manifest = {
    generator: 'podcast-gen',
    note: 'files generated here; do not edit them',
    source: model.source.label,
    sha256: model.source.hash,
    files: files.map((f) => f.path).sort(),
  };
  return { path: MANIFEST, content: `${JSON.stringify(manifest, null, 2)}\n` };
}
