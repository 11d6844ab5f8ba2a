import { createRequire } from 'node:module';
import { scanDiscriminators } from '../../generator/emit/types/discriminator-scan.js';
import { loadPrinterModules } from '../../generator/emit/types/printer-modules.js';

/** openapi-typescript's own `scanDiscriminators`, from its package's entry: the judge of podcast-gen's. */
export const theirScan = (createRequire(import.meta.url)('openapi-typescript') as typeof import('openapi-typescript')).scanDiscriminators;

/** A scan's findings and the document after it, as JSON text (key order included). */
export interface ScanTexts {
  found: string;
  written: string;
}

/**
 * openapi-typescript's own `scanDiscriminators` and podcast-gen's (emit/types/discriminator-scan.ts),
 * each on a copy of `read()`'s document of its own, and podcast-gen's copy once its writes are
 * undone, with the document as read to compare it with.
 */
export function compareScans(read: () => unknown): { theirs: ScanTexts; ours: ScanTexts; undone: string; read: string } {
  const { ots } = loadPrinterModules();
  const [their, our] = [read(), read()];
  const { objects, refsHandled } = theirScan(their as never, { silent: true });
  const scan = scanDiscriminators(ots, our);
  const ours = { found: JSON.stringify({ objects: scan.objects, refsHandled: scan.refsHandled }), written: JSON.stringify(our) };
  scan.undo();
  return {
    theirs: { found: JSON.stringify({ objects, refsHandled }), written: JSON.stringify(their) },
    ours,
    undone: JSON.stringify(our),
    read: JSON.stringify(read()),
  };
}
