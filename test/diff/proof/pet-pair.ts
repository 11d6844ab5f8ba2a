/**
 * A small document and its edits, generated in memory on both sides, for the proof's tests: the
 * outputs the proof reads (types, validators, client, index) and nothing else.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Change } from '../../../generator/diff/change.js';
import { checkComparison } from '../../../generator/diff/checker/index.js';
import { compareModels, compareSide } from '../../../generator/diff/compare/index.js';
import type { GeneratedSide } from '../../../generator/diff/proof/index.js';
import { ruleOf } from '../../../generator/diff/rules.js';
import { buildModel } from '../../../generator/model/build-model.js';
import { generateFiles } from '../../../generator/index.js';

// biome-ignore lint/suspicious/noExplicitAny: the tests edit a plain JSON document
export type PetDocument = any;

/** The pets document: two operations, a response object with an enum, a bounded string and an array. */
export function petDocument(): PetDocument {
  return {
    openapi: '3.0.3',
    info: { title: 'Pets', version: '1.0.0' },
    servers: [{ url: 'https://pets.example.com' }],
    paths: {
      '/pets/{id}': {
        get: {
          operationId: 'getPet',
          summary: 'Get a pet',
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
            { name: 'verbose', in: 'query', schema: { type: 'boolean' } },
          ],
          responses: { '200': { description: 'the pet', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } },
        },
        delete: {
          operationId: 'deletePet',
          summary: 'Delete a pet',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
          responses: { '204': { description: 'gone' } },
        },
      },
    },
    components: {
      schemas: {
        Pet: {
          type: 'object',
          required: ['id', 'name'],
          properties: {
            id: { type: 'integer' },
            name: { type: 'string', maxLength: 20 },
            status: { $ref: '#/components/schemas/Status' },
            tags: { type: 'array', items: { type: 'string' } },
          },
        },
        Status: { type: 'string', enum: ['available', 'sold'] },
        Owner: { type: 'object', properties: { name: { type: 'string' } } },
      },
    },
  };
}

/** Generates the old document and an edited copy, in memory. */
export class PetPair {
  private readonly dir = mkdtempSync(join(tmpdir(), 'podcast-gen-proof-'));
  private count = 0;

  async side(document: PetDocument): Promise<GeneratedSide & { model: unknown }> {
    const file = join(this.dir, `doc-${this.count++}.json`);
    writeFileSync(file, JSON.stringify(document, null, 2));
    const { model, files } = await generateFiles({ spec: file, outputs: ['client', 'fixtures'] });
    return { model, files };
  }

  async pair(edit: (document: PetDocument) => void): Promise<{ old: GeneratedSide; new: GeneratedSide }> {
    const next = petDocument();
    edit(next);
    return { old: await this.side(petDocument()), new: await this.side(next) };
  }

  /** Both sides of an edit of `base` (the pets document unless given), generated, with the changes the comparison finds. */
  async compared(
    edit: (document: PetDocument) => void,
    base: PetDocument = petDocument(),
  ): Promise<{ old: GeneratedSide; new: GeneratedSide; changes: Change[] }> {
    const next = structuredClone(base);
    edit(next);
    return { old: await this.side(base), new: await this.side(next), changes: comparedChanges(base, next) };
  }

  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The changes the comparison finds between two documents, placed by pointer only (as the proof reads them). */
export function comparedChanges(old: PetDocument, next: PetDocument): Change[] {
  const model = (doc: PetDocument) => buildModel(doc, { source: { path: 'x.json', label: 'x.json', hash: '' } }).model;
  const policy = { today: '2026-06-15', stabilityLevel: 'beta' } as const;
  return checkComparison(compareModels(compareSide(model(old), old), compareSide(model(next), next)), { policy }).map((found) => ({
    id: found.id,
    rule: found.rule,
    level: ruleOf(found.rule).level,
    surfaces: found.surfaces,
    message: found.message,
    ...(found.operations.length > 0 ? { operations: found.operations } : {}),
    ...(found.oldPointer ? { old: { file: 'old.json', pointer: found.oldPointer } } : {}),
    ...(found.newPointer ? { new: { file: 'new.json', pointer: found.newPointer } } : {}),
  }));
}
