import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateFiles } from '../../generator/index.js';
import { ROOT } from '../helpers/paths.js';
import { TSC } from '../helpers/tsc.js';
import { SUBSETS as subsets } from './helpers/output-subsets.js';

const folder = join(ROOT, 'test', '.tmp', 'outputs-compat');
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The files each choice makes: outputs.test.ts. */
describe('choosing outputs', () => {
  it('each choice compiles on its own under strict TypeScript', async () => {
    rmSync(folder, { recursive: true, force: true });
    for (const [outputs] of subsets) {
      for (const file of (await generateFiles({ cwd: ROOT, outputs })).files) {
        const path = join(folder, outputs.join('-'), file.path);
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, file.content);
      }
    }
    const compilerOptions = {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      lib: ['ES2023', 'DOM'],
      types: ['node'],
      strict: true,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
      noUnusedLocals: true,
      verbatimModuleSyntax: true,
      resolveJsonModule: true,
      skipLibCheck: true,
      noEmit: true,
    };
    writeFileSync(join(folder, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['**/*.ts'] }));
    const result = spawnSync(process.execPath, [TSC, '-p', join(folder, 'tsconfig.json')], { encoding: 'utf8' });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
