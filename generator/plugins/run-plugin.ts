/**
 * Runs one plugin: its files, with what a plugin can get wrong turned into a problem that names it.
 * The pipeline runs plugins through here, and so does the side thread (concurrency/side-worker.ts),
 * so that a plugin fails alike in either.
 */
import { fail, PodcastGenError } from '../problems.js';
import type { ApiModel } from '../model/types.js';
import type { GeneratedFile, Plugin, PluginContext } from '../emit/plugin.js';

/**
 * A plugin's files. A config's own plugin that throws fails the run with its message, naming it; a
 * built-in one (`builtin`) that throws is a bug of podcast-gen's, reported as such by the CLI.
 */
export async function runPlugin(options: {
  plugin: Plugin<object>;
  model: ApiModel;
  context: PluginContext<object>;
  builtin: boolean;
}): Promise<readonly GeneratedFile[]> {
  const { plugin, model, context, builtin } = options;
  try {
    const files = await plugin.emit(model, context);
    if (!Array.isArray(files))
      fail({ code: 'plugin/bad-file', message: `output "${plugin.name}" returned no list of files`, hint: 'emit() returns [{ path, content }, ...]' });
    for (const file of files) {
      if (typeof file?.path !== 'string' || typeof file.content !== 'string') {
        fail({ code: 'plugin/bad-file', message: `output "${plugin.name}" returned a file without a string \`path\` and \`content\`` });
      }
    }
    return files;
  } catch (error) {
    // V8's limit on one string, met by a file or a JSON text an output makes.
    if (error instanceof RangeError && /Invalid string length/.test(error.message)) {
      fail({
        code: 'emit/too-large',
        message: `output "${plugin.name}" made a text larger than Node.js can hold as one string (about 512 MB)`,
        hint:
          plugin.name === 'mcp'
            ? 'lower mcp.maxSchemaBytes, or leave the mcp output out (--outputs)'
            : 'leave that output out (--outputs), or generate from a document with fewer operations',
      });
    }
    if (error instanceof PodcastGenError || error instanceof RangeError || builtin) throw error;
    fail({
      code: 'plugin/failed',
      message: `output "${plugin.name}" failed: ${(error as Error)?.message ?? String(error)}`,
      hint: 'the error is in that plugin, not in the document',
    });
  }
}
