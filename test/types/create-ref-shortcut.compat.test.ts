/**
 * Every path openapi-typescript's transform asks `createRef` for while it prints GitHub's types and
 * those of the directory's documents of issue 17's sample, made by podcast-gen's shortcut
 * (emit/types/create-ref-shortcut.ts) as by `createRef` itself. test/unit/create-ref-shortcut.test.ts
 * holds every short part and the small documents.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { printTypes } from '../../generator/emit/types/print-types.js';
import { selectSample } from '../corpus/directory-sample.js';
import { shortcutMisses } from '../helpers/create-ref-calls.js';

const GITHUB = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');

describe("createRef's shortcut on large and many documents", () => {
  it('makes every path the transform asks for as createRef does', () => {
    const failed: string[] = [];
    const { asked, differing } = shortcutMisses(() => {
      for (const path of [GITHUB, ...selectSample().map((document) => document.path)]) {
        try {
          printTypes(JSON.parse(readFileSync(path, 'utf8')) as never);
        } catch {
          // Some of the sample are not printable as they are: their paths asked so far count.
          failed.push(path);
        }
      }
    });
    expect(differing).toStrictEqual([]);
    expect(asked).toBeGreaterThan(80_000);
    expect(failed.length).toBeLessThan(10);
  }, 300_000);
});
