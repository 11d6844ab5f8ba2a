import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { typesPlugin } from '../../generator/emit/types/emit-types.js';
import { loadTemplates } from '../../generator/emit/templates.js';
import { TSC } from '../helpers/tsc.js';
import { recursiveSchemas } from './helpers/recursive-document.js';

/** Uses of the generated types that must compile (and `@ts-expect-error` ones that must not). */
const CHECK = `import type * as S from './schemas.js';
import type { components } from './types.js';
export const leaf: S.Node = { name: 'leaf' };
export const tree: S.Node = { name: 'root', parent: leaf, children: [leaf, { name: 'x', children: [] }] };
// @ts-expect-error name is required at every depth
export const nameless: S.Node = { name: 'root', parent: { children: [] } };
export const fromTypes = (node: components['schemas']['Node'], folder: components['schemas']['Folder']): [S.Node, S.Folder] => [node, folder];
export const folder: S.Folder = { title: 'a', owner: null, parent: { title: 'b' } };
// @ts-expect-error title is required in the parent too
export const untitled: S.Folder = { title: 'a', parent: {} };
export const request: S.Comment_Request = { text: 'hi', replies: [{ text: 'a' }] };
export const response: S.Comment_Response = { id: 1, text: 'hi', replies: [{ id: 2, text: 'a' }] };
export const declared: S.Comment = { id: 1, text: 'hi', secret: 's', replyTo: { id: 0, text: 'a' } };
// @ts-expect-error a direction variant is typed, not unknown
export const notAComment: S.Comment_Request = 5;
// @ts-expect-error text is required in the variant
export const textless: S.Comment_Response = { id: 1 };
`;

const OPTIONS = {
  target: 'ES2022',
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
  lib: ['ES2023', 'DOM'],
  types: [],
  strict: true,
  exactOptionalPropertyTypes: true,
  noUnusedLocals: true,
  noUncheckedIndexedAccess: true,
  verbatimModuleSyntax: true,
  skipLibCheck: true,
  noEmit: true,
};

/** The validators of the recursive components, run in recursive.test.ts, compiled. */
describe('recursive components', async () => {
  const { dir, model, source } = await recursiveSchemas('zod-recursive-compat');

  it('compile under strict tsc with exactOptionalPropertyTypes, the variants typed', async () => {
    const [types] = await typesPlugin.emit(model, { options: {}, templates: loadTemplates(), report: () => {}, outputs: ['types'] });
    writeFileSync(join(dir, 'package.json'), '{ "type": "module", "private": true }\n');
    writeFileSync(join(dir, 'types.ts'), types?.content ?? '');
    writeFileSync(join(dir, 'schemas.ts'), source);
    writeFileSync(join(dir, 'check.ts'), CHECK);
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: OPTIONS, files: ['types.ts', 'schemas.ts', 'check.ts'] }));
    const result = spawnSync(process.execPath, [TSC, '-p', join(dir, 'tsconfig.json')], { cwd: dir, encoding: 'utf8' });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
