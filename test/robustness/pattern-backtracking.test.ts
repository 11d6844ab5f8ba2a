import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseYaml } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { patternTest } from '../../generator/synthesis/pattern-test.js';
import { generateFiles } from '../../generator/index.js';
import { documentJudge } from '../helpers/ajv.js';
import { FIXTURE_DOCS } from '../helpers/paths.js';

const DOCUMENT = join(FIXTURE_DOCS, 'corpus', 'pattern-backtracking.yaml');
const URL_PATTERN = String.raw`^(https?:\/\/)?([\da-z\.-]+)\.([a-z\.]{2,6})([\/\w \.-]*)*\/?$`;
/** Without RE2, JavaScript's engine takes minutes on this one string. */
const NEAR_MISS = 'https://www.example.com/images/a-picture-of-the-sea-at-night.png?size=large';

describe("the generator's own pattern checks", () => {
  it('answer a pattern of nested quantifiers at once, as JavaScript would', () => {
    const test = patternTest(URL_PATTERN);
    expect(test?.(NEAR_MISS)).toBe(false);
    expect(test?.('https://www.example.com/images/sea.png')).toBe(true);
  });

  it('read a string as JavaScript does where RE2 reads a character differently', () => {
    // RE2's `.` matches a carriage return and its `\s` is ASCII; JavaScript's are not.
    expect(patternTest('^a.b$')?.('a\rb')).toBe(false);
    expect(patternTest('^a.b$')?.('a-b')).toBe(true);
    expect(patternTest(String.raw`^a\sb$`)?.('a\u00a0b')).toBe(true);
    expect(patternTest(String.raw`^a\Sb$`)?.('a\u00a0b')).toBe(false);
  });

  it('leave lookaround and back-references to JavaScript, within a time limit', () => {
    expect(patternTest(String.raw`^(\d)\1$`)?.('11')).toBe(true);
    expect(patternTest(String.raw`^(\d)\1$`)?.('12')).toBe(false);
    expect(patternTest(String.raw`^(?!foo)\w+$`)?.('bar')).toBe(true);
    // Catastrophic for JavaScript and unreadable by RE2: not decided in time, so not a match.
    expect(patternTest(String.raw`^(?=\w)(\w+\s?)*$`)?.(`${'word '.repeat(12)}!`)).toBe(false);
  });

  it('have no test for what JavaScript cannot compile', () => {
    expect(patternTest('([a-')).toBeUndefined();
  });
});

describe('a document whose patterns backtrack', () => {
  it('generates, its fixture holding made values that match and not the examples that almost do', async () => {
    const { files } = await generateFiles({ spec: DOCUMENT });
    const fixture = JSON.parse(files.find((f) => f.path === 'fixtures/getPicture.json')?.content ?? '{}') as {
      params: { url?: string };
      response: { body: { url: string; caption: string } };
    };
    const body = fixture.response.body;
    expect(body.url).not.toBe(NEAR_MISS);
    expect(new RegExp(URL_PATTERN, 'u').test(body.url)).toBe(true);
    expect(body.caption).not.toContain('!');
    const judge = documentJudge(parseYaml(readFileSync(DOCUMENT, 'utf8')) as Record<string, unknown>);
    expect(judge.validate('#/components/schemas/Picture', body)).toStrictEqual({ valid: true, errors: [] });
  });
});
