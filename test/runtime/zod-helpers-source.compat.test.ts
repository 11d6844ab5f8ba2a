import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HELPER_NAMES, helperSource } from '../../generator/emit/zod/runtime-helpers.js';
import { ROOT } from '../helpers/paths.js';
import { TSC } from '../helpers/tsc.js';

/** How the generator cuts the helpers out of templates/zod-helpers.ts: zod-helpers-source.test.ts. */
describe('templates/zod-helpers.ts as the generator cuts it', () => {
  it('each helper, cut out alone with what it calls, compiles as the generated code is checked', () => {
    const dir = join(ROOT, 'test', '.tmp', 'runtime-helpers');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    for (const name of HELPER_NAMES)
      writeFileSync(
        join(dir, `${name}.ts`),
        `import { en } from 'zod/locales';\nimport * as z from 'zod/mini';\n\n${helperSource(new Set([name]))}\n\n// en and z are exported for the helpers that do not use them (noUnusedLocals).\nexport { en, z, ${name} };\n`,
      );
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ extends: join(ROOT, 'test', 'generated', 'tsconfig.json'), include: ['*.ts'] }));
    const result = spawnSync(process.execPath, [TSC, '-p', join(dir, 'tsconfig.json')], { encoding: 'utf8' });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
