import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { importSource } from './helpers/emit-schemas.js';
import { recursiveSchemas } from './helpers/recursive-document.js';

/** The recursive components of helpers/recursive-document.ts; compiled by tsc in recursive.compat.test.ts. */
describe('recursive components', async () => {
  const { source } = await recursiveSchemas('zod-recursive');
  const module = (await importSource(source)) as Record<string, z.ZodType>;

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
