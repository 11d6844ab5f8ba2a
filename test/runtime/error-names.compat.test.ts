import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';

/** The error classes the runtime exports, each made with what its constructor takes. */
const MADE: Record<string, string> = {
  ClientError: "new r.ClientError('m', 'op')",
  ApiError: "new r.ApiError({ operationId: 'op', status: 500, body: undefined, headers: {} })",
  RateLimitError: "new r.RateLimitError({ operationId: 'op', status: 429, body: undefined, headers: {}, retryAfter: 1 })",
  RedirectError: "new r.RedirectError({ operationId: 'op', status: 302, targetOrigin: undefined, reason: 'r' })",
  ResponseTooLargeError: "new r.ResponseTooLargeError({ operationId: 'op', status: 200, limit: 1 })",
  ConnectionError: "new r.ConnectionError('m', 'op')",
  TimeoutError: "new r.TimeoutError('op', 1)",
  AbortError: "new r.AbortError('m', 'op')",
  RequestValidationError: "new r.RequestValidationError('op', [])",
  ResponseValidationError: "new r.ResponseValidationError('op', 200, [])",
};

/**
 * A browser bundle is minified, and a minifier renames classes: the errors' `name` (what a log line
 * and `error.name === 'ApiError'` read) must survive it.
 */
describe("the runtime's errors in a minified bundle", () => {
  it('keep their names', async () => {
    mkdirSync(join(ROOT, 'test', '.tmp'), { recursive: true });
    const dir = mkdtempSync(join(ROOT, 'test', '.tmp', 'error-names-'));
    try {
      const entry = join(dir, 'entry.ts');
      writeFileSync(
        entry,
        `import * as r from ${JSON.stringify(join(ROOT, 'templates', 'runtime.ts'))};\nexport const names = [${Object.values(MADE)
          .map((made) => `${made}.name`)
          .join(', ')}];\n`,
      );
      const bundle = join(dir, 'bundle.mjs');
      await build({ entryPoints: [entry], outfile: bundle, bundle: true, minify: true, format: 'esm', platform: 'browser', logLevel: 'silent' });
      const { names } = (await import(pathToFileURL(bundle).href)) as { names: string[] };
      expect(names).toStrictEqual(Object.keys(MADE));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
