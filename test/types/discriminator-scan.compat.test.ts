/**
 * podcast-gen's discriminator scan (emit/types/discriminator-scan.ts) against openapi-typescript's
 * own, on GitHub's document and every directory document that has the word `discriminator` (but
 * Microsoft Graph's beta, whose size the generate tests cover): the same discriminators found, the
 * same enums written, and the document as it was once undone. test/unit/discriminator-scan.test.ts
 * does the same for the small documents.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIRECTORY } from '../corpus/directory-sample.js';
import { compareScans } from '../helpers/discriminator-scans.js';

const GITHUB = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');
const documents = [
  GITHUB,
  ...readdirSync(DIRECTORY, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.json') && path !== join('microsoft.com', 'graph-beta.json'))
    .map((path) => join(DIRECTORY, path))
    .filter((path) => readFileSync(path, 'utf8').includes('discriminator')),
];

describe("the discriminator scan, against openapi-typescript's own on large and many documents", () => {
  it('finds and writes the same, and puts every document back', () => {
    const differing: string[] = [];
    let handled = 0;
    for (const path of documents) {
      const text = readFileSync(path, 'utf8');
      const { theirs, ours, undone, read } = compareScans(() => JSON.parse(text));
      if (ours.found !== theirs.found || ours.written !== theirs.written || undone !== read) differing.push(path);
      handled += (JSON.parse(ours.found) as { refsHandled: string[] }).refsHandled.length;
    }
    expect(differing).toStrictEqual([]);
    // Enough written to compare: over a thousand schemas, in over a hundred documents.
    expect(documents.length).toBeGreaterThan(100);
    expect(handled).toBeGreaterThan(1000);
  }, 300_000);
});
