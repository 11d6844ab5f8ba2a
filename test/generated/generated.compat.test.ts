import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';
import { TSC as tsc } from '../helpers/tsc.js';

/** generated/ as committed (kept current by generated.test.ts), compiled. */
describe('generated/', () => {
  it('type-checks under the strictest TypeScript settings (exactOptionalPropertyTypes, noPropertyAccessFromIndexSignature, noUnused*), every file checked', () => {
    // A small document: no file opens with `// @ts-nocheck`.
    expect(readFileSync(join(ROOT, 'generated', 'schemas.ts'), 'utf8')).not.toMatch(/^\/\/ @ts-nocheck\b/m);
    const result = spawnSync(process.execPath, [tsc, '-p', join(ROOT, 'test/generated/tsconfig.json')], { encoding: 'utf8' });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
