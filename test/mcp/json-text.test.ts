import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonTextModule, sharedJsonModule } from '../../generator/emit/data-module.js';
import { readSharedJson } from '../../templates/shared-values.js';

const folder = mkdtempSync(join(tmpdir(), 'podcast-gen-data-module-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
let count = 0;

/** What `server.ts` does with the data module: imports its default export (JSON text) and parses it, as Node evaluates it. */
async function readBack(pieces: string[]): Promise<{ value: unknown; js: string; dts: string }> {
  const [js, dts] = jsonTextModule('data', '// banner\n', 'a description', pieces);
  const file = join(folder, `data-${++count}.mjs`);
  writeFileSync(file, js?.content ?? '');
  const { default: text } = (await import(pathToFileURL(file).href)) as { default: string };
  return { value: JSON.parse(text), js: js?.content ?? '', dts: dts?.content ?? '' };
}

describe('JSON carried as the text of a data module', () => {
  it.each([
    ['backticks and ${} substitutions', { description: 'use `a` or ${b} and `${c}`' }],
    ['backslashes, quotes and escapes', { pattern: '^\\d+\\.\\d*$', text: 'a "quoted" \\ back\\slash\\', ends: '\\', single: "it's" }],
    ['line and paragraph separators, and a script end', { text: 'a\u2028b\u2029c </script> <!-- x -->' }],
    ['control characters, non-BMP and lone surrogates', { text: '\u0000\t\n\r\u001f 🎙 \ud800' }],
    [
      'keys that need care',
      Object.fromEntries([
        ['__proto__', 1],
        ['`', 2],
        ['${x}', 3],
        ['\\', 4],
        ["'", 5],
      ]),
    ],
  ])('%s come back unchanged', async (_, value) => {
    const { value: back, js } = await readBack(['{"entry":', JSON.stringify(value), '}']);
    expect(back).toStrictEqual({ entry: value });
    // Nothing a JS string literal (or an HTML script element holding the module) must not hold raw.
    expect(js).not.toMatch(/[\u2028\u2029]|<\/script/i);
  });

  it.each([
    ['backticks, quotes, backslashes, separators and a script end', { a: 'use `a` ${b} "q" \\ it\'s \u2028\u2029 </script>', b: ['\u0000\t\n 🎙 \ud800'] }],
    [
      'a value recurring under keys that need care',
      Object.fromEntries([
        ['__proto__', { x: [1, 'y'] }],
        ["'", { x: [1, 'y'] }],
        ['`', { x: [1, 'y'] }],
      ]),
    ],
  ])('%s come back unchanged from a module of shared values', async (_, value) => {
    const [js] = sharedJsonModule('shared', '// banner\n', 'a description', { entry: value });
    const file = join(folder, `shared-${++count}.mjs`);
    writeFileSync(file, js?.content ?? '');
    const { default: text } = (await import(pathToFileURL(file).href)) as { default: string };
    expect(readSharedJson(text)).toStrictEqual(JSON.parse(JSON.stringify({ entry: value })));
    expect(js?.content).not.toMatch(/[\u2028\u2029]|<\/script/i);
  });

  it('writes the banner, one piece a line, and a declaration of one line', async () => {
    const { js, dts, value } = await readBack(['{', '"a":1,', '"b":[2]', '}']);
    expect(value).toStrictEqual({ a: 1, b: [2] });
    expect(js).toBe("// banner\n\n// a description\nexport default [\n  '{',\n  '\"a\":1,',\n  '\"b\":[2]',\n  '}',\n].join('');\n");
    expect(dts).toBe('// banner\n\n// a description\ndeclare const json: string; export default json;\n');
  });
});
