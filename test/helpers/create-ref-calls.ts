import { createRefShortcut } from '../../generator/emit/types/create-ref-shortcut.js';
import { loadPrinterModules } from '../../generator/emit/types/printer-modules.js';

type CreateRef = ReturnType<typeof loadPrinterModules>['ots']['createRef'];

/**
 * Runs `print` with openapi-typescript's own `createRef` in place of the shortcut print-types.ts puts
 * there (create-ref-shortcut.ts), and gives each call's parts whose path the shortcut makes otherwise.
 */
export function shortcutMisses(print: () => void): { asked: number; differing: Parameters<CreateRef>[0][] } {
  const utils = loadPrinterModules().utils as { createRef: CreateRef };
  const original = utils.createRef;
  const shortcut = createRefShortcut(original);
  let asked = 0;
  const differing: Parameters<CreateRef>[0][] = [];
  Object.defineProperty(utils, 'createRef', {
    configurable: true,
    get: () => (parts: Parameters<CreateRef>[0]) => {
      asked++;
      const made = original(parts);
      if (shortcut(parts) !== made) differing.push([...parts]);
      return made;
    },
    // The shortcut's installing and restoring leave this in place.
    set: () => {},
  });
  try {
    print();
  } finally {
    Object.defineProperty(utils, 'createRef', { configurable: true, enumerable: true, writable: true, value: original });
  }
  return { asked, differing };
}
