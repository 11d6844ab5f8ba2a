import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getLineColLocation, parseYaml, Source } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { jsonLocator } from '../../generator/load/json-locate.js';

const ROOT = join(import.meta.dirname, '..', '..');

/** Every pointer of a value (each object member and array item), plus some that name nothing. */
function pointersOf(value: unknown, at = '#'): string[] {
  const out = [at];
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) out.push(...pointersOf(item, `${at}/${index}`));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) out.push(...pointersOf(item, `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`));
  }
  return out;
}

const sources = new Map<string, Source>();

/** redocly's answer: the line and column of its YAML AST node (built once per text). */
function redocly(text: string, pointer: string, reportOnKey: boolean) {
  let source = sources.get(text);
  if (!source) sources.set(text, (source = new Source('doc.json', text)));
  const { start } = getLineColLocation({ source, pointer, reportOnKey });
  return { line: start.line, col: start.col };
}

const tricky = {
  'a/b': { 'c~d': [1, { e: 'x"}]' }, [], {}] },
  'é \\ "q"': { '': null, 'k\u2028': true },
  paths: { '/pets/{id}': { get: { responses: { '200': { description: '[{"not": "structure"}]' } } } } },
  list: [[[-1.5e3]], 'y', false],
};

const documents: Record<string, string> = {
  'the podcast document': JSON.stringify(parseYaml(readFileSync(join(ROOT, 'spec', 'podcast.openapi.yaml'), 'utf8'))),
  'strings with brackets, quotes and escapes': JSON.stringify(tricky),
};

describe('jsonLocator finds the places redocly finds', () => {
  for (const [name, compact] of Object.entries(documents)) {
    for (const [layout, text] of [
      ['on one line', compact],
      ['indented, with CRLF line ends', JSON.stringify(JSON.parse(compact), null, 2).replace(/\n/g, '\r\n')],
      ['indented by tabs', JSON.stringify(JSON.parse(compact), null, '\t')],
    ] as const) {
      it(`${name}, ${layout}: every member's key and value`, () => {
        const locator = jsonLocator(text);
        // redocly drops empty tokens, so it cannot name the member "" (tested below).
        const pointers = pointersOf(JSON.parse(text)).filter((pointer) => !/\/(\/|$)/.test(pointer));
        // Places that are not in the text: redocly reports the nearest enclosing one.
        pointers.push('#/nope', '#/paths/~1nope/get', '#/list/7', '#/list/0/0/0/deeper');
        for (const pointer of pointers) {
          for (const onKey of [true, false])
            expect({ pointer, onKey, ...locator.locate(pointer, onKey) }).toEqual({ pointer, onKey, ...redocly(text, pointer, onKey) });
        }
      });
    }
  }

  it('reads percent-encoded and ~-escaped tokens as redocly does', () => {
    const text = JSON.stringify(tricky, null, 2);
    const locator = jsonLocator(text);
    for (const pointer of ['#/a~1b/c~0d/1/e', '#/%C3%A9%20%5C%20%22q%22/k%E2%80%A8', '#/paths/~1pets~1%7Bid%7D/get/responses/200']) {
      expect(locator.locate(pointer, true)).toEqual(redocly(text, pointer, true));
      expect(locator.locate(pointer, true)?.line).toBeGreaterThan(1);
    }
  });

  it('finds the member whose name is empty', () => {
    const text = '{\n  "a": {\n    "b": 1,\n    "": 2\n  }\n}';
    expect(jsonLocator(text).locate('#/a/', true)).toEqual({ line: 4, col: 5 });
    expect(jsonLocator(text).locate('#/a/', false)).toEqual({ line: 4, col: 9 });
  });

  it('is no pointer without a leading slash', () => {
    expect(jsonLocator('{"a": 1}').locate('#a', true)).toBeUndefined();
  });
});
