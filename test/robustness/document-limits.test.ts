import { describe, expect, it } from 'vitest';
import { findTooDeepJson } from '../../generator/load/json-depth.js';
import { findRefChainProblem, findRefCycle } from '../../generator/load/ref-chains.js';
import { findAliasProblem } from '../../generator/load/yaml-aliases.js';

/** `depth` arrays in arrays around `inner`. */
const nested = (depth: number, inner: string) => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
const schemas = (entries: Record<string, unknown>) => ({ components: { schemas: entries } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe('findTooDeepJson: the first value past the limit, found in the text', () => {
  it.each([
    ['a scalar at the limit', nested(2, '1'), 3, undefined],
    ['a scalar one past it', nested(3, '1'), 3, { pointer: '#/0/0/0', offset: 3 }],
    ['empty collections at the limit', nested(2, '[]'), 3, undefined],
    ['a key one past it', '{"a": {"b/~c": {"d": 1}}}', 3, { pointer: '#/a/b~1~0c/d', offset: 16 }],
    ['the second item', '[[1], [[2]]]', 3, { pointer: '#/1/0/0', offset: 8 }],
    ['brackets and quotes inside strings', '{"x": "[[[{{{\\"]]", "y": [["\\\\"]]}', 3, { pointer: '#/y/0/0', offset: 27 }],
    ['an escaped key', '{"\\u0061": {"k\\"q": [1]}}', 3, { pointer: '#/a/k"q/0', offset: 21 }],
  ])('%s', (_, text, max, expected) => {
    expect(findTooDeepJson(text, max)).toStrictEqual(expected);
    if (expected) expect(text.slice(expected.offset)).toMatch(/^["0-9[{]/);
  });
});

describe('findAliasProblem: a parsed YAML document as its readers will walk it', () => {
  const limits = { maxDepth: 5, maxValues: 100 };
  it('a node shared in many places is fine while the copies stay small and shallow', () => {
    const shared = { a: { b: 1 } };
    expect(findAliasProblem({ x: shared, y: [shared, shared], z: { w: shared } }, limits)).toBeUndefined();
  });
  it('a shared node that makes a place too deep is named at the alias', () => {
    const deep = { a: { b: { c: 1 } } };
    expect(findAliasProblem({ x: deep, y: { z: deep } }, limits)).toStrictEqual({ kind: 'depth', pointer: '#/y/z' });
  });
  it('a node holding itself is a loop', () => {
    const loop: Record<string, unknown> = {};
    loop.self = [1, loop];
    expect(findAliasProblem({ top: loop }, limits)).toStrictEqual({ kind: 'loop', pointer: '#/top/self/1', of: '#/top' });
  });
  it('aliases of aliases are counted as copies, and the smallest node past the limit is named', () => {
    let level: unknown = ['x', 'x', 'x'];
    const document: Record<string, unknown> = {};
    for (let i = 0; i < 6; i++) document[`l${i}`] = level = [level, level, level];
    expect(findAliasProblem(document, { maxDepth: 100, maxValues: 100 })).toStrictEqual({ kind: 'expansion', pointer: '#/l2' });
  });
});

describe('chains of $refs', () => {
  it('findRefCycle names a loop of component schemas from its first member met, as written', () => {
    expect(findRefCycle(schemas({ A: ref('B'), B: ref('C'), C: ref('B') }))).toStrictEqual([
      '#/components/schemas/B',
      '#/components/schemas/C',
      '#/components/schemas/B',
    ]);
    expect(findRefCycle(schemas({ 'a/b': { $ref: '#/components/schemas/a~1b' } }))).toStrictEqual(['#/components/schemas/a~1b', '#/components/schemas/a~1b']);
    expect(findRefCycle(schemas({ A: ref('B'), B: { type: 'object', properties: { a: ref('A') } } }))).toBeUndefined();
  });

  it('findRefChainProblem measures each chain once, from the schemas first, then from every other $ref', () => {
    const chain = schemas({ A: ref('B'), B: ref('C'), C: { type: 'string' } });
    expect(findRefChainProblem(chain, { fromJson: true, maxLength: 2 })).toBeUndefined();
    expect(findRefChainProblem(chain, { fromJson: true, maxLength: 1 })).toStrictEqual({ kind: 'long', from: '#/components/schemas/A', length: 2 });
    const fromPaths = {
      paths: { '/a': { get: { parameters: [{ $ref: '#/components/parameters/P' }] } } },
      components: { parameters: { P: { $ref: '#/components/parameters/Q' }, Q: { name: 'q' } } },
    };
    expect(findRefChainProblem(fromPaths, { fromJson: true, maxLength: 1 })).toStrictEqual({ kind: 'long', from: '#/paths/~1a/get/parameters/0', length: 2 });
    const loop = { components: { parameters: { P: { $ref: '#/components/parameters/Q' }, Q: { $ref: '#/components/parameters/P' } } } };
    expect(findRefChainProblem(loop, { fromJson: true, maxLength: 100 })).toStrictEqual({
      kind: 'cycle',
      chain: ['#/components/parameters/P', '#/components/parameters/Q', '#/components/parameters/P'],
    });
  });

  it('a chain of 100,000 $refs and a loop of as many are measured without recursion', () => {
    const entries: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i++) entries[`S${i}`] = ref(`S${i + 1}`);
    entries.S100000 = { type: 'string' };
    expect(findRefChainProblem(schemas(entries), { fromJson: true, maxLength: 100 })).toMatchObject({ kind: 'long', length: 100_000 });
    entries.S100000 = ref('S0');
    expect(findRefCycle(schemas(entries))).toHaveLength(100_002);
  });
});
