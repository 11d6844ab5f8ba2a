import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import type { ApiModel } from '../../../generator/index.js';
import { ROOT } from '../../helpers/paths.js';
import { emitSchemasSource, modelOf } from './emit-schemas.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Recursion through an optional property, an array, allOf, and a readOnly property (direction variants). */
export const DOCUMENT = {
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
      Node: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string' }, parent: ref('Node'), children: { type: 'array', items: ref('Node') } },
      },
      Owned: { type: 'object', properties: { owner: { type: 'string', nullable: true } } },
      Folder: { allOf: [ref('Owned'), { type: 'object', required: ['title'], properties: { title: { type: 'string' }, parent: ref('Folder') } }] },
      Comment: {
        type: 'object',
        required: ['id', 'text'],
        properties: {
          id: { type: 'integer', readOnly: true },
          text: { type: 'string' },
          secret: { type: 'string', writeOnly: true },
          replyTo: ref('Comment'),
          replies: { type: 'array', items: ref('Comment') },
        },
      },
    },
  },
};

/**
 * {@link DOCUMENT} written to `test/.tmp/<name>/recursive.json` (removed after the calling
 * `describe`), its model, and the validators' source emitted from it.
 */
export async function recursiveSchemas(name: string): Promise<{ dir: string; model: ApiModel; source: string }> {
  const dir = join(ROOT, 'test', '.tmp', name);
  mkdirSync(dir, { recursive: true });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'recursive.json'), JSON.stringify(DOCUMENT));
  const model = await modelOf(join(dir, 'recursive.json'));
  return { dir, model, source: emitSchemasSource(model).source };
}
