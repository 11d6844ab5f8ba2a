import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';
import { LAYERS, layerOf } from './rules.js';

/** The rows of docs/architecture.md's table of layers: its layer and folder cells. */
function documentedLayers(): { name: string; folders: string[] }[] {
  const text = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
  const table = text.slice(text.indexOf('| layer | folder |'));
  const rows = table
    .split('\n')
    .slice(2)
    .filter((line) => line.startsWith('| '));
  return rows.map((row) => {
    const [name = '', folders = ''] = row
      .split('|')
      .slice(1)
      .map((cell) => cell.trim());
    return { name, folders: [...folders.matchAll(/`([^`]+)`/g)].map((match) => match[1]!) };
  });
}

describe('docs/architecture.md', () => {
  it('lists the layers test/architecture/rules.ts holds the imports to, in the same order', () => {
    expect(documentedLayers().map((row) => row.name)).toStrictEqual(LAYERS.map((layer) => layer.name));
  });

  it('places each folder and file it names in the layer of its row', () => {
    for (const [index, row] of documentedLayers().entries()) {
      for (const folder of row.folders) {
        const probe = folder.endsWith('/') ? `${folder}any.ts` : folder;
        expect(layerOf(probe), `${folder} (${row.name})`).toBe(index);
      }
    }
  });
});
