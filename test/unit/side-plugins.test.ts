import { describe, expect, it } from 'vitest';
import { SIDE_THREAD_MIN_BYTES, sidePlugins } from '../../generator/concurrency/side-thread.js';

const ALL = ['types', 'zod', 'client', 'mcp', 'fixtures', 'mock', 'index'];
const LARGE = SIDE_THREAD_MIN_BYTES;

describe('which outputs go to the queue the main thread and the side thread take from', () => {
  const cases: [string, { chosen: string[]; bytes: number; setting?: string; notBuiltin?: string[] }, string[]][] = [
    ['a large document, every output: the longest first', { chosen: ALL, bytes: LARGE }, ['types', 'fixtures', 'mcp', 'zod', 'client', 'mock']],
    ['a small document', { chosen: ALL, bytes: LARGE - 1 }, []],
    ['a small document, forced on', { chosen: ALL, bytes: 10, setting: 'on' }, ['types', 'fixtures', 'mcp', 'zod', 'client', 'mock']],
    ['a large document, turned off', { chosen: ALL, bytes: LARGE * 100, setting: 'off' }, []],
    ['only the types (and the index): nothing for a second thread', { chosen: ['types', 'index'], bytes: LARGE }, []],
    ['the types beside the zod validators', { chosen: ['types', 'zod', 'index'], bytes: LARGE }, ['types', 'zod']],
    ['the validators and the fixtures', { chosen: ['zod', 'fixtures', 'index'], bytes: LARGE }, ['fixtures', 'zod']],
    [
      'a config plugin named like a built-in one stays in the main thread',
      { chosen: ALL, bytes: LARGE, notBuiltin: ['mcp'] },
      ['types', 'fixtures', 'zod', 'client', 'mock'],
    ],
  ];
  it.each(cases)('%s', (_name, given, want) => {
    const builtin = (name: string) => !(given.notBuiltin ?? []).includes(name);
    expect(sidePlugins({ chosen: given.chosen, builtin, documentBytes: given.bytes, setting: given.setting })).toStrictEqual(want);
  });
});
