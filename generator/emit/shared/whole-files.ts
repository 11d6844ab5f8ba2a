/**
 * Whether an output writes its values whole again beside the data its code reads: the fixtures'
 * `<operationId>.json` files (option `fixtures.jsonFiles`) and the MCP server's `tools.json`
 * (option `mcp.manifest`). For a large document (`ApiModel.large`) those files are each shared value
 * written again for every operation that reaches it, bytes no generated code reads, so by default
 * (`auto`) only a smaller document's are written. Pure, but for the error on a bad value.
 */
import { EXIT_USAGE, fail } from '../../problems.js';

/** The settings of such an option: `auto` (for a document below the large size only), `always`, `never`. */
export const WHOLE_FILES_SETTINGS = ['auto', 'always', 'never'] as const;

/** One of {@link WHOLE_FILES_SETTINGS}. */
export type WholeFilesSetting = (typeof WHOLE_FILES_SETTINGS)[number];

/** Whether the files are written: `setting` (the option `option` of output `output`) read for a document that is `large` or not. */
export function writesWholeFiles({ setting, large, output, option }: { setting: string; large: boolean; output: string; option: string }): boolean {
  if (!(WHOLE_FILES_SETTINGS as readonly string[]).includes(setting)) {
    fail(
      {
        code: 'config/bad-value',
        message: `option "${option}" of output "${output}" must be one of ${WHOLE_FILES_SETTINGS.join(', ')}`,
        hint: `got ${JSON.stringify(setting)}`,
      },
      EXIT_USAGE,
    );
  }
  return setting === 'always' || (setting === 'auto' && !large);
}
