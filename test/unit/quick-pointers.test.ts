import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadPrinterModules } from '../../generator/emit/types/printer-modules.js';
import { quickCreateRef, quickPointerFunctions, type RefUtils } from '../../generator/emit/types/quick-pointers.js';

/** What a call gives: its value, or the kind of error it throws. */
function outcome(call: () => unknown): unknown {
  try {
    return { value: call() };
  } catch (error) {
    return { threw: (error as Error).constructor.name };
  }
}

/**
 * openapi-typescript calls `parseRef` and `escapePointer` of its own @redocly/openapi-core for every
 * reference and path; podcast-gen puts quicker equivalents in their place. Here they are held to the
 * originals on generated strings made of what matters to them (`#/`, `/`, `~0`, `~1`, `%` escapes,
 * malformed ones, non-ASCII), and on values that are not strings.
 */
describe('the quick pointer functions', () => {
  const modules = loadPrinterModules();
  const handle = modules.quickPointers;
  const refUtils = createRequire(createRequire(import.meta.url).resolve('openapi-typescript/dist/lib/utils.cjs'))('@redocly/openapi-core/lib/ref-utils.js') as RefUtils;
  const otsUtils = createRequire(import.meta.url)('openapi-typescript/dist/lib/utils.cjs') as { createRef(parts: unknown[]): string };
  const PIECES = ['#', '/', '#/', '~', '~0', '~1', '~2', '%', '%2F', '%7E', '%E2%82%AC', '%ZZ', '%E2', 'a', 'B', '0', '1', '.', ' ', 'é', '😀', '\u2028', ''];
  const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }).map((parts) => parts.join(''));
  const RUNS = 2000;

  it('are put in place of openapi-typescript\'s own', () => {
    expect(handle).toBeDefined();
    expect(refUtils.parseRef).not.toBe(handle!.original.parseRef);
    expect(refUtils.escapePointer).not.toBe(handle!.original.escapePointer);
    expect(handle!.original.createRef).toBeTypeOf('function');
    expect(otsUtils.createRef).not.toBe(handle!.original.createRef);
    // Loading again (another test file, the same process) does not wrap them twice.
    expect(loadPrinterModules().quickPointers).toBe(handle);
  });

  it(`parse a reference as the original does (${RUNS} runs)`, () => {
    const quick = quickPointerFunctions({ ...handle!.original, unescapePointer: refUtils.unescapePointer });
    fc.assert(
      fc.property(text, (ref) => {
        expect(outcome(() => quick.parseRef(ref))).toStrictEqual(outcome(() => handle!.original.parseRef(ref)));
      }),
      { numRuns: RUNS, seed: 20261122 },
    );
    for (const ref of ['', '#', '#/', '#/#/', 'a#/b#/c', 'file.yaml#/x~1y/%7Ez', '#/a//b/', '#/%ZZ', '#/~1%ZZ']) {
      expect(outcome(() => quick.parseRef(ref)), ref).toStrictEqual(outcome(() => handle!.original.parseRef(ref)));
    }
  });

  it(`escape a part as the original does (${RUNS} runs), numbers and all`, () => {
    const quick = quickPointerFunctions({ ...handle!.original, unescapePointer: refUtils.unescapePointer });
    fc.assert(
      fc.property(text, (part) => {
        expect(quick.escapePointer(part)).toBe(handle!.original.escapePointer(part));
      }),
      { numRuns: RUNS, seed: 20261122 },
    );
    for (const value of [0, 200, -1.5, undefined, null, {}] as unknown as string[]) {
      expect(outcome(() => quick.escapePointer(value))).toStrictEqual(outcome(() => handle!.original.escapePointer(value)));
    }
  });

  it(`join a path as openapi-typescript's createRef does (${RUNS} runs)`, () => {
    const original = handle!.original.createRef!;
    const quick = quickCreateRef(original, refUtils.escapePointer);
    // Parts as openapi-typescript passes them: a pointer made so far (often with `~1`), then keys,
    // status codes, indexes; and what it never passes but the original takes all the same.
    const pointer = fc.array(text, { minLength: 1, maxLength: 5 }).map((parts) => `#/${parts.join('/')}`);
    const part = fc.oneof(pointer, text, fc.integer({ min: -1, max: 600 }), fc.constantFrom(undefined, null, '', '#', '#/', true, 1.5, {}));
    fc.assert(
      fc.property(fc.array(part, { maxLength: 5 }), (parts) => {
        expect(outcome(() => quick(parts))).toStrictEqual(outcome(() => original(parts)));
      }),
      { numRuns: RUNS, seed: 20261123 },
    );
    const paths = [['#/paths/~1a~1{id}/get', 'responses', 200], ['#/a~0b~1c', 'x/y~z'], ['#/a/', 'b'], ['#//a'], ['#/a%20b', 'c'], ['#/a~2b'], ['x#/y', 'z'], ['#/a#/b'], [0, 'a'], [false]];
    for (const parts of paths) expect(outcome(() => quick(parts)), JSON.stringify(parts)).toStrictEqual(outcome(() => original(parts)));
    // The quick one is the one openapi-typescript calls.
    expect(otsUtils.createRef(['#/paths/~1a', 'get'])).toBe('#/paths/~1a/get');
  });
});
