import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceLabel } from '../../generator/load/source-label.js';

const root = join('/', 'home', 'dev', 'repo');
const packageSpecFolder = join(root, 'node_modules', 'podcast-gen', 'spec');

describe('sourceLabel: how generated files name their document', () => {
  it.each([
    ['a file beside the output folder', join(root, 'spec', 'api.yaml'), join(root, 'generated'), '../spec/api.yaml'],
    ['a file under a deeper output folder', join(root, 'spec', 'api.yaml'), join(root, 'src', 'podcast'), '../../spec/api.yaml'],
    [
      "podcast-gen's own document, wherever the package is",
      join(packageSpecFolder, 'podcast.openapi.yaml'),
      join(root, 'generated'),
      'podcast-gen/spec/podcast.openapi.yaml',
    ],
    [
      'a URL keeps neither credentials nor query',
      'https://user:pw@api.example.com/openapi.yaml?token=s3cret#x',
      join(root, 'generated'),
      'https://api.example.com/openapi.yaml',
    ],
  ])('%s', (_, absoluteRef, outDir, want) => {
    expect(sourceLabel({ absoluteRef, outDir, packageSpecFolder })).toBe(want);
  });

  it('does not depend on the folder podcast-gen runs from', () => {
    const given = { absoluteRef: join(root, 'spec', 'api.yaml'), outDir: join(root, 'generated'), packageSpecFolder };
    const before = sourceLabel(given);
    const cwd = process.cwd();
    process.chdir('/');
    try {
      expect(sourceLabel(given)).toBe(before);
    } finally {
      process.chdir(cwd);
    }
  });
});
