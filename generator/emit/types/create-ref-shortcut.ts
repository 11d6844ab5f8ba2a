import type { OpenapiTypescript } from './printer-modules.js';

type CreateRef = OpenapiTypescript['createRef'];

/**
 * A pointer as openapi-typescript's `createRef` makes it: `#`, then `/`-led segments, none empty,
 * whose `~` are escapes (`~0`, `~1`) and which have no `%` (that `createRef` would decode).
 */
const MADE_POINTER = /^#(?:\/(?:[^/~%]|~[01])+)+$/;
/** A key `createRef` only escapes, with nothing to escape: no `/` (so no `#/`) and no `~`. */
const PLAIN_KEY = /^[^/~]+$/;

/**
 * openapi-typescript's `createRef` (lib/utils.cjs) joins one fragment per part, each made from that
 * part alone: a pointer is parsed and escaped anew, a key escaped. Two kinds of part give
 * themselves back, a pointer it made (the same segments again) and a key with nothing to escape:
 * this takes those as they are and gives every other part to `createRef`. Same paths, exactly.
 */
export function createRefShortcut(createRef: CreateRef): CreateRef {
  return (parts) => {
    let pointer = '#';
    for (const part of parts) {
      if (part === undefined || part === null || part === '') continue;
      if (typeof part === 'string' && PLAIN_KEY.test(part)) pointer += `/${part}`;
      else if (typeof part === 'string' && MADE_POINTER.test(part) && part.indexOf('#/', 1) < 0) pointer += part.slice(1);
      else pointer += createRef([part]).slice(1);
    }
    return pointer;
  };
}

/**
 * openapi-typescript's transform names every node it makes by `createRef([options.path, key])`,
 * which parses the parent's whole path again for each child. Its files call `createRef` through
 * the exports of lib/utils.cjs: while `run` runs, that export is {@link createRefShortcut}'s
 * (test/unit/create-ref-shortcut.test.ts holds the two alike).
 */
export function withCreateRefShortcut<T>(utils: { createRef: CreateRef }, run: () => T): T {
  const createRef = utils.createRef;
  utils.createRef = createRefShortcut(createRef);
  try {
    return run();
  } finally {
    utils.createRef = createRef;
  }
}
