/**
 * Each operation's type is printed as openapi-typescript makes it (emit/types/operations-footer.ts)
 * and put into the `operations` interface printed empty (print-types.ts): on GitHub's document, the
 * same text as the whole syntax printed in one piece (test/unit/transform-document.test.ts does the
 * same for the small documents).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { printTypes } from '../../generator/emit/types/print-types.js';

const GITHUB = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');

describe("GitHub's types, each operation printed as made", () => {
  it('are the types printed in one piece', () => {
    const read = () => JSON.parse(readFileSync(GITHUB, 'utf8')) as never;
    expect(printTypes(read()) === printTypes(read(), { operationsAsMade: false })).toBe(true);
  }, 120_000);
});
