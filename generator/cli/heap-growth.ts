import v8 from 'node:v8';
import { localFileBytes } from '../load/local-file-bytes.js';

/**
 * From this size of document file on, the command lets each V8 heap grow by half between full
 * collections instead of V8's default (up to four times what the last one left live): on such a
 * document the side thread's heap and the main thread's each hold the document and a model at once,
 * and most of what a run makes is soon garbage. Below it, the default costs less time for a peak
 * well within bounds (bench/RESULTS.md, issue 40, "Sixth sitting").
 */
export const HALF_GROWTH_BYTES = 16 * 1024 * 1024;

/** Whether a run of `spec` (read from `cwd`) grows its heaps by half: a local file of {@link HALF_GROWTH_BYTES} or more. */
export function growsByHalf(spec: string, cwd: string): boolean {
  return (localFileBytes(spec, cwd) ?? 0) >= HALF_GROWTH_BYTES;
}

/** Sets the process's heap growth for a run of `spec`; a URL or a smaller file keeps V8's default. */
export function setHeapGrowthFor(spec: string, cwd: string): void {
  if (growsByHalf(spec, cwd)) v8.setFlagsFromString('--heap-growing-percent=50');
}
