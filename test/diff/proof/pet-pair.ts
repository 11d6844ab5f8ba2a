/**
 * A small document and its edits, generated in memory on both sides, for the proof's tests: the
 * outputs the proof reads (types, validators, client, index) and nothing else.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateFiles } from '../../../generator/index.js';
import type { GeneratedSide } from '../../../generator/diff/proof/index.js';

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

  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
