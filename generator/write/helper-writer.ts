import type { GeneratedFile } from '../emit/emitter.js';

/**
 * A second writer (the side thread, which is idle by the time files are written): it writes the
 * files it is given into the staging folder, beside this thread writing the others. Rejects with
 * the error of a write that failed (its `code` and `syscall`, as fs gives them), or, when it could
 * not write at all (it ended), with {@link HELPER_GONE}: this thread then writes them itself.
 */
export interface HelperWriter {
  write(staging: string, files: readonly GeneratedFile[]): Promise<void>;
}

/** The rejection of a helper that could not write at all. */
export const HELPER_GONE = 'the helper writer is gone';
