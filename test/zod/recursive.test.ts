import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { typesPlugin } from '../../generator/emit/types/emit-types.js';
import { loadTemplates } from '../../generator/emit/templates.js';
import { ROOT } from '../helpers/paths.js';
import { TSC } from '../helpers/tsc.js';
import { emitSchemasSource, importSource, modelOf } from './helpers/emit-schemas.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Recursion through an optional property, an array, allOf, and a readOnly property (direction variants). */
const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'Recursive', version: '1.0.0' },
  paths: {
    '/comments': {
      post: {
        operationId: 'createComment',
        requestBody: { required: true, content: { 'application/json': { schema: ref('Comment') } } },
        responses: { '200': { description: 'created', content: { 'application/json': { schema: ref('Comment') } } } },
      },
    },
  },
  components: {
    schemas: {
      Node: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, parent: ref('Node'), children: { type: 'array', items: ref('Node') } } },
      Owned: { type: 'object', properties: { owner: { type: 'string', nullable: true } } },
      Folder: { allOf: [ref('Owned'), { type: 'object', required: ['title'], properties: { title: { type: 'string' }, parent: ref('Folder') } }] },
      Comment: {
        type: 'object',
        required: ['id', 'text'],
        properties: { id: { type: 'integer', readOnly: true }, text: { type: 'string' }, secret: { type: 'string', writeOnly: true }, replyTo: ref('Comment'), replies: { type: 'array', items: ref('Comment') } },
      },
    },
  },
};

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
  target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2023', 'DOM'], types: [], strict: true,
  exactOptionalPropertyTypes: true, noUnusedLocals: true, noUncheckedIndexedAccess: true, verbatimModuleSyntax: true, skipLibCheck: true, noEmit: true,
};

describe('recursive components', async () => {
  const dir = join(ROOT, 'test', '.tmp', 'zod-recursive');
  mkdirSync(dir, { recursive: true });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'recursive.json'), JSON.stringify(DOCUMENT));
  const model = await modelOf(join(dir, 'recursive.json'));
  const { source } = emitSchemasSource(model);
  const module = (await importSource(source)) as Record<string, z.ZodType>;

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

  it('validate at every depth', () => {
    const { Node, Folder, Comment_Request, Comment_Response } = module as Record<string, z.ZodType>;
    expect(Node?.safeParse({ name: 'a', parent: { name: 'b', children: [{ name: 'c' }] } }).success).toBe(true);
    expect(Node?.safeParse({ name: 'a', parent: { name: 'b', children: [{}] } }).success).toBe(false);
    expect(Folder?.safeParse({ title: 'a', parent: { title: 'b', owner: null } }).success).toBe(true);
    expect(Folder?.safeParse({ title: 'a', parent: { owner: 'x' } }).success).toBe(false);
    expect(Comment_Request?.safeParse({ text: 'a', replies: [{ text: 'b' }] }).success).toBe(true);
    expect(Comment_Response?.safeParse({ id: 1, text: 'a', replies: [{ text: 'b' }] }).success).toBe(false);
  });
});
