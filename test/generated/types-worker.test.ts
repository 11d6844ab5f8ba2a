import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateFiles } from '../../generator/index.js';
import { inProcessPrinter, type TypesPrinter } from '../../generator/emit/types/types-printer.js';
import { ensureBuilt } from '../cli/helpers/build.js';
import { ROOT } from '../helpers/paths.js';

type PrinterModule = { startTypesPrinter(): TypesPrinter };

/**
 * A run prints its types in a worker thread (emit/types/types-printer.ts), which only the compiled
 * CLI can start: this loads the compiled printer from dist/ and holds the worker to the in-process
 * text, on the podcast document.
 */
describe('the types worker', () => {
  beforeAll(ensureBuilt, 180_000);

  it('prints exactly what the in-process printer prints, and ends cleanly', async () => {
    const { model } = await generateFiles({ cwd: ROOT });
    const compiled = (await import(pathToFileURL(join(ROOT, 'dist', 'emit', 'types', 'types-printer.js')).href)) as PrinterModule;
    const worker = compiled.startTypesPrinter();
    try {
      const [fromWorker, inProcess] = await Promise.all([worker.print(model.document), inProcessPrinter().print(model.document)]);
      expect(fromWorker).toBe(inProcess);
      expect(fromWorker).toContain('export interface components');
      expect(worker.print(model.document)).toBe(worker.print(model.document));
    } finally {
      await worker.close();
    }
  });
});
