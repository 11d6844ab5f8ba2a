/**
 * A document's `pattern` run against a string by the generator itself (an example, a made value, a
 * key), in time linear in the string. JavaScript's engine backtracks: a pattern of nested quantifiers
 * takes exponential time on a string it almost matches (`([\/\w \.-]*)*\/?$` against a long string
 * with one character outside its class). RE2 (re2js) reads the same syntax without backtracking,
 * and answers wherever the two engines agree; JavaScript's, the one the validators run, answers the
 * rest (lookaround, back-references, a character the two read differently), within a time limit.
 */
import { createContext, Script } from 'node:vm';
import { RE2JS } from 're2js';
import { jsPattern, type JsPattern } from '../model/js-pattern.js';

/** Whether a string matches a pattern (unanchored, as JSON Schema reads one). */
export type PatternTest = (text: string) => boolean;

/**
 * How long JavaScript's engine may take for one string: far past any pattern that is not
 * catastrophic on a string of an example's length, and short enough that a few such strings cost
 * little. A string it cannot decide in time counts as not matching (the value is then made anew).
 */
const JS_LIMIT_MS = 50;

/**
 * Characters where RE2 and JavaScript's Unicode mode read `.`, `\s` or `\S` differently: JavaScript's
 * whitespace besides space, tab, line feed and form feed (RE2's `\s` is ASCII), and the line
 * terminators JavaScript's `.` does not match. A string holding one is asked of JavaScript alone.
 */
const DIVERGENT = /[\v\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/;

/** Each pattern met, as JavaScript reads it and with its test; undefined when JavaScript cannot read it. */
const compiled = new Map<string, { read: JsPattern; test: PatternTest } | undefined>();

function compiledPattern(pattern: string): { read: JsPattern; test: PatternTest } | undefined {
  if (compiled.has(pattern)) return compiled.get(pattern);
  const read = jsPattern(pattern);
  const entry = read && { read, test: rememberingLast(compile(read)) };
  compiled.set(pattern, entry);
  return entry;
}

/**
 * The test of `pattern` as the validators read it (model/js-pattern.ts), or undefined when
 * JavaScript cannot compile it at all.
 */
export function patternTest(pattern: string): PatternTest | undefined {
  return compiledPattern(pattern)?.test;
}

/** `pattern` as the validators read it (Java's class names as classes), for making a string that matches it. */
export function patternSource(pattern: string): string | undefined {
  return compiledPattern(pattern)?.read.source;
}

/**
 * The test, answering again for the string it was asked last without running the engine: a made
 * string is tested where it is made and again where its bounds are checked.
 */
function rememberingLast(test: PatternTest): PatternTest {
  let lastText: string | undefined;
  let lastAnswer = false;
  return (text) => {
    if (text !== lastText) {
      lastAnswer = test(text);
      lastText = text;
    }
    return lastAnswer;
  };
}

function compile(read: JsPattern): PatternTest {
  const { regex } = read;
  // RE2 answers only for a pattern JavaScript reads in Unicode mode: without it, JavaScript reads
  // some escapes as plain letters (`\A`) that RE2 reads as assertions.
  const re2 = read.flags === 'u' ? tryRe2(read.source) : undefined;
  if (!re2) return (text) => boundedTest(regex, text);
  return (text) => (DIVERGENT.test(text) ? boundedTest(regex, text) : re2.matcher(text).find());
}

/** RE2 has no lookaround and no back-references: such a pattern is left to JavaScript. */
function tryRe2(pattern: string): RE2JS | undefined {
  try {
    return RE2JS.compile(pattern);
  } catch {
    return undefined;
  }
}

/** A context of its own, so that a time limit can stop the engine (the limit needs a script run). */
let sandbox: { context: object; script: Script } | undefined;

function boundedTest(regex: RegExp, text: string): boolean {
  sandbox ??= { context: createContext({ regex: undefined, text: '' }), script: new Script('regex.test(text)') };
  const { context, script } = sandbox;
  Object.assign(context, { regex, text });
  try {
    return script.runInContext(context, { timeout: JS_LIMIT_MS }) === true;
  } catch {
    return false;
  }
}
