import { statSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The size of the local file a run's `spec` names (from `cwd`); undefined for a URL or a file that
 * is not there. Known before the document is read, it decides the side thread's early start and the
 * heaps' growth; a module of its own, so that the command's start does not load redocly with it.
 */
export function localFileBytes(spec: string, cwd: string): number | undefined {
  if (/^https?:\/\//i.test(spec)) return undefined;
  return statSync(resolve(cwd, spec), { throwIfNoEntry: false })?.size;
}
