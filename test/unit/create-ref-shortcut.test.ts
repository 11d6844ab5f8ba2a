import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseYaml } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { createRefShortcut } from '../../generator/emit/types/create-ref-shortcut.js';
import { loadPrinterModules } from '../../generator/emit/types/printer-modules.js';
import { printTypes } from '../../generator/emit/types/print-types.js';
import { shortcutMisses } from '../helpers/create-ref-calls.js';
import { ROOT } from '../helpers/paths.js';

const modules = loadPrinterModules();
const createRef = modules.ots.createRef;
const shortcut = createRefShortcut(createRef);
type Parts = Parameters<typeof createRef>[0];

/** What `make` gives, or the error it throws, as text. */
function outcome(make: () => string): string {
  try {
    return make();
  } catch (error) {
    return `throws ${String(error)}`;
  }
}

/**
 * While openapi-typescript's transform runs, its `createRef` is podcast-gen's shortcut
 * (create-ref-shortcut.ts): it must make every path exactly as `createRef` does, including the
 * parts it takes as they are and those it does not (escapes, `%`, `#`, empty segments). GitHub's
 * and the directory's documents: test/types/create-ref-shortcut.compat.test.ts.
 */
describe("createRef's shortcut", () => {
  it('makes every part of up to four characters of `a/~01%#` as createRef does, alone and after a path', () => {
    const alphabet = ['a', '/', '~', '0', '1', '%', '#'];
    let strings = [''];
    const all: string[] = [];
    for (let length = 1; length <= 4; length++) {
      strings = strings.flatMap((s) => alphabet.map((c) => s + c));
      all.push(...strings);
    }
    const differing = [];
    for (const s of [...all, ...all.map((s) => `#/${s}`)]) {
      for (const parts of [[s], ['#/paths/~1a~0b', s], [s, 'k', 3]] as Parts[]) {
        if (outcome(() => shortcut(parts)) !== outcome(() => createRef(parts))) differing.push(parts);
      }
    }
    expect(differing).toStrictEqual([]);
  });

  it.each([
    { given: 'no parts', parts: [] },
    { given: 'empty and absent parts', parts: ['', undefined, null, 'a'] },
    { given: 'indexes', parts: ['#/x', 0, 12] },
    { given: 'a made path and a key to escape', parts: ['#/paths/~1pets~1{id}/get', 'application/json'] },
    { given: 'a path with an encoded character', parts: ['#/paths/~1a%20b/get', 'k'] },
    { given: 'a path with a second #/', parts: ['#/a#/b', 'k'] },
    { given: 'a path with an empty segment', parts: ['#/a//b', 'k'] },
    { given: 'a key with an unpaired ~', parts: ['#/a', 'x~2'] },
    { given: 'a malformed escape', parts: ['#/a%E0%A4%A', 'k'] },
  ] as { given: string; parts: Parts }[])('makes $given as createRef does', ({ parts }) => {
    expect(outcome(() => shortcut(parts))).toBe(outcome(() => createRef(parts)));
  });

  it('makes each path the transform asks for as createRef does', () => {
    const { asked, differing } = shortcutMisses(() => {
      for (const path of [
        'spec/podcast.openapi.yaml',
        'node_modules/@readme/oas-examples/3.0/json/polymorphism.json',
        'test/fixtures/corpus/directory-shapes.yaml',
      ]) {
        const text = readFileSync(join(ROOT, path), 'utf8');
        printTypes((path.endsWith('.json') ? JSON.parse(text) : parseYaml(text)) as never);
      }
    });
    expect(asked).toBeGreaterThan(100);
    expect(differing).toStrictEqual([]);
  });
});
