import { describe, expect, it } from 'vitest';
import { SIDE_THREAD_MIN_BYTES, sidePlugins } from '../../generator/concurrency/side-thread.js';

const ALL = ['types', 'zod', 'client', 'mcp', 'fixtures', 'mock', 'index'];
const LARGE = SIDE_THREAD_MIN_BYTES;

describe('which outputs go to the side thread', () => {
  const cases: [string, { chosen: string[]; bytes: number; setting?: string; notBuiltin?: string[] }, string[]][] = [
    ['a large document, every output', { chosen: ALL, bytes: LARGE }, ['types', 'mcp']],
    ['a small document', { chosen: ALL, bytes: LARGE - 1 }, []],
    ['a small document, forced on', { chosen: ALL, bytes: 10, setting: 'on' }, ['types', 'mcp']],
    ['a large document, turned off', { chosen: ALL, bytes: LARGE * 100, setting: 'off' }, []],
    ['only the types (and the index): nothing to do meanwhile', { chosen: ['types', 'index'], bytes: LARGE }, []],
    ['the types beside the zod validators', { chosen: ['types', 'zod', 'index'], bytes: LARGE }, ['types']],
    ['no output the side thread makes', { chosen: ['zod', 'fixtures', 'index'], bytes: LARGE }, []],
    ['a config plugin named like a built-in one stays in the main thread', { chosen: ALL, bytes: LARGE, notBuiltin: ['mcp'] }, ['types']],
  ];
  it.each(cases)('%s', (_name, given, want) => {
    const builtin = (name: string) => !(given.notBuiltin ?? []).includes(name);
    expect(sidePlugins({ chosen: given.chosen, builtin, documentBytes: given.bytes, setting: given.setting, always: 'index' })).toStrictEqual(want);
  });
});
