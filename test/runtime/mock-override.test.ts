import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkTemplateOverrides } from '../../generator/cli/template-overrides.js';
import { generateFiles } from '../../generator/index.js';
import { ROOT } from '../helpers/paths.js';

/** The mock's code is copied from templates/mock/, and a file at the same path in `--templates` takes its place. */
describe('replacing the mock code', () => {
  const dir = mkdtempSync(join(tmpdir(), 'podcast-gen-mock-override-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const builtin = readFileSync(join(ROOT, 'templates', 'mock', 'server.ts'), 'utf8');
  const mockFiles = async (templates?: string) =>
    new Map(
      (await generateFiles({ cwd: ROOT, outputs: ['mock'], ...(templates ? { templates } : {}) })).files
        .filter((f) => f.path.startsWith('mock/'))
        .map((f) => [f.path, f.content]),
    );

  it('copies each file of templates/mock/ after the banner, and a mock/server.ts of the templates folder instead of the built-in one', async () => {
    const mine = join(dir, 'mine');
    mkdirSync(join(mine, 'mock'), { recursive: true });
    writeFileSync(join(mine, 'mock', 'server.ts'), `${builtin}export const patched = true;\n`);
    const plain = await mockFiles();
    const mixed = await mockFiles(mine);
    for (const name of ['wire', 'match', 'faults', 'server']) {
      expect(plain.get(`mock/${name}.ts`)?.endsWith(`\n\n${readFileSync(join(ROOT, 'templates', 'mock', `${name}.ts`), 'utf8')}`), name).toBe(true);
    }
    expect(mixed.get('mock/server.ts')).toBe(`${plain.get('mock/server.ts')}export const patched = true;\n`);
    for (const [path, content] of plain) if (path !== 'mock/server.ts') expect(mixed.get(path), path).toBe(content);
  });

  it('a mock-server.ts.hbs of the templates folder (the old name) is not used, and the warning says what to do', () => {
    const old = join(dir, 'old');
    mkdirSync(old, { recursive: true });
    writeFileSync(join(old, 'mock-server.ts.hbs'), `{{banner}}\n${builtin}`);
    const problems = checkTemplateOverrides(old, dir);
    expect(problems).toMatchObject([{ code: 'templates/no-such-builtin', severity: 'warn', file: join('old', 'mock-server.ts.hbs') }]);
    expect(problems[0]?.hint).toContain('templates/mock/server.ts, as mock/server.ts of your templates folder');
  });
});
