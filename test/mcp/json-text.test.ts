import { describe, expect, it } from 'vitest';
import { jsonLines, rawTemplateText } from '../../generator/emit/mcp/json-text.js';

/** What `server.ts` does with the text: `JSON.parse(String.raw`...`)`, as the engine evaluates it. */
function readBack(text: string): unknown {
  return JSON.parse(new Function(`return String.raw\`${text}\`;`)() as string);
}

describe('JSON carried as String.raw template text', () => {
  it.each([
    ['backticks and ${} substitutions', { description: 'use `a` or ${b} and `${c}`' }],
    ['backslashes and escapes', { pattern: '^\\d+\\.\\d*$', text: 'a "quoted" \\ back\\slash\\', ends: '\\' }],
    ['line and paragraph separators, and a script end', { text: 'a\u2028b\u2029c </script> <!-- x -->' }],
    ['control characters, non-BMP and lone surrogates', { text: '\u0000\t\n\r\u001f 🎙 \ud800' }],
    ['keys that need care', Object.fromEntries([['__proto__', 1], ['`', 2], ['${x}', 3], ['\\', 4]])],
  ])('%s come back unchanged', (_, value) => {
    const text = rawTemplateText(jsonLines(new Map(Object.entries({ entry: value }))));
    expect(readBack(text)).toStrictEqual({ entry: value });
    expect(text).not.toMatch(/`|\$\{|[\u2028\u2029]/);
  });

  it('writes one member a line, byte-stable, and empty containers as {} and []', () => {
    expect(jsonLines(new Map<string, unknown>([['a', { type: 'string' }], ['b', 1]]))).toBe('{\n"a":{"type":"string"},\n"b":1\n}');
    expect(jsonLines([{ name: 'x' }, { name: 'y' }])).toBe('[\n{"name":"x"},\n{"name":"y"}\n]');
    expect(jsonLines(new Map())).toBe('{}');
    expect(jsonLines([])).toBe('[]');
  });
});
