import { describe, expect, it } from 'vitest';
import { chooseOutputs } from '../../generator/plugins/choose-outputs.js';
import { ALWAYS, builtinPlugins } from '../../generator/plugins/registry.js';
import { definePlugin, type Plugin } from '../../generator/emit/plugin.js';
import { pluginOptions } from '../../generator/plugins/plugin-options.js';
import { PodcastGenError } from '../../generator/problems.js';

const plugin = (name: string, needs: string[] = []): Plugin<object> => definePlugin({ name, needs, emit: () => [] });

/** The error a call throws: its code, message and hint, and its exit code. */
function failure(call: () => unknown): { code: string | undefined; text: string; exitCode: number } {
  try {
    call();
  } catch (error) {
    if (!(error instanceof PodcastGenError)) throw error;
    const [problem] = error.problems;
    return { code: problem?.code, text: `${problem?.message} (${problem?.hint})`, exitCode: error.exitCode };
  }
  throw new Error('it did not fail');
}

describe('chooseOutputs', () => {
  const names = (chosen?: string[]) => {
    const { plugins, notes } = chooseOutputs({ registry: builtinPlugins, always: [ALWAYS], ...(chosen ? { chosen } : {}) });
    return { plugins: plugins.map((p) => p.name), notes };
  };

  const table: [string, { given?: string[]; want: { plugins: string[]; notes: string[] } }][] = [
    [
      'every output by default but the opt-in ones, each after what it needs, the index last',
      { want: { plugins: ['types', 'zod', 'client', 'mcp', 'fixtures', 'mock', 'index'], notes: [] } },
    ],
    [
      'an opt-in output when chosen, with what it needs',
      {
        given: ['tanstack-query'],
        want: {
          plugins: ['types', 'zod', 'client', 'tanstack-query', 'index'],
          notes: ['client needs types, zod: added', 'tanstack-query needs client: added'],
        },
      },
    ],
    [
      'the MSW handlers add the fixtures, not the mock',
      { given: ['msw'], want: { plugins: ['types', 'fixtures', 'msw', 'index'], notes: ['fixtures needs types: added', 'msw needs fixtures: added'] } },
    ],
    [
      'the client adds the types and the validators it imports, with a note',
      { given: ['client'], want: { plugins: ['types', 'zod', 'client', 'index'], notes: ['client needs types, zod: added'] } },
    ],
    [
      'the mock adds the fixtures, and they the types',
      {
        given: ['mock'],
        want: { plugins: ['types', 'fixtures', 'zod', 'mock', 'index'], notes: ['fixtures needs types: added', 'mock needs fixtures, zod: added'] },
      },
    ],
    ['the validators alone need nothing', { given: ['zod'], want: { plugins: ['zod', 'index'], notes: [] } }],
    ['a needed output also chosen gets no note', { given: ['types', 'zod', 'client'], want: { plugins: ['types', 'zod', 'client', 'index'], notes: [] } }],
    [
      'the order of the choice does not matter',
      { given: ['mcp', 'types'], want: { plugins: ['types', 'zod', 'client', 'mcp', 'index'], notes: ['client needs zod: added', 'mcp needs client: added'] } },
    ],
  ];
  for (const [name, { given, want }] of table) it(name, () => expect(names(given)).toStrictEqual(want));

  it('refuses an unknown output as a usage error that lists the valid ones', () => {
    expect(failure(() => names(['clint']))).toStrictEqual({
      code: 'config/unknown-output',
      text: 'unknown output "clint" (valid outputs: types, zod, client, mcp, fixtures, mock, tanstack-query, msw)',
      exitCode: 2,
    });
    expect(failure(() => names(['index'])).code).toBe('config/unknown-output');
  });

  it('takes a config’s own plugin, after what it needs', () => {
    const registry = [...builtinPlugins, plugin('api-reference', ['types'])];
    const { plugins, notes } = chooseOutputs({ registry, chosen: ['api-reference'], always: [ALWAYS] });
    expect(plugins.map((p) => p.name)).toStrictEqual(['types', 'api-reference', 'index']);
    expect(notes).toStrictEqual(['api-reference needs types: added']);
  });

  it('makes a config’s own opt-in plugin only when chosen, or needed by a chosen one', () => {
    const optIn = definePlugin({ name: 'storybook', needs: ['types'], optIn: true, emit: () => [] });
    const run = (registry: Plugin<object>[], chosen?: string[]) =>
      chooseOutputs({ registry, always: [ALWAYS], ...(chosen ? { chosen } : {}) }).plugins.map((p) => p.name);
    expect(run([...builtinPlugins, optIn])).toStrictEqual(['types', 'zod', 'client', 'mcp', 'fixtures', 'mock', 'index']);
    expect(run([...builtinPlugins, optIn], ['storybook'])).toStrictEqual(['types', 'storybook', 'index']);
    // A plugin made by default that needs it brings it along.
    expect(run([...builtinPlugins, optIn, plugin('stories', ['storybook'])])).toStrictEqual([
      'types',
      'zod',
      'client',
      'mcp',
      'fixtures',
      'mock',
      'storybook',
      'stories',
      'index',
    ]);
  });

  it('refuses a plugin named like another, one that needs what nobody provides, needs in a cycle, and a nameless one', () => {
    expect(failure(() => chooseOutputs({ registry: [...builtinPlugins, plugin('client')] })).code).toBe('config/duplicate-plugin');
    expect(failure(() => chooseOutputs({ registry: [plugin('a', ['b'])] })).code).toBe('config/unknown-need');
    expect(failure(() => chooseOutputs({ registry: [plugin('a', ['b']), plugin('b', ['a'])] })).text).toMatch(/a -> b -> a/);
    expect(failure(() => chooseOutputs({ registry: [{ emit: () => [] } as unknown as Plugin<object>] })).code).toBe('config/bad-plugin');
  });
});

describe('pluginOptions', () => {
  const withOptions = definePlugin({ name: 'reference', options: { title: 'API', depth: 2, tags: [] as string[] }, emit: () => [] });

  it('gives the defaults, overridden key by key by the config', () => {
    expect(pluginOptions(withOptions, undefined)).toStrictEqual({ title: 'API', depth: 2, tags: [] });
    expect(pluginOptions(withOptions, { depth: 3, tags: ['a'] })).toStrictEqual({ title: 'API', depth: 3, tags: ['a'] });
  });

  it('refuses an unknown key, a value of another type, and options that are not an object, naming the valid keys', () => {
    expect(failure(() => pluginOptions(withOptions, { titel: 'x' }))).toStrictEqual({
      code: 'config/unknown-option',
      text: 'unknown option "titel" of output "reference" (the options of "reference" are: title, depth, tags)',
      exitCode: 2,
    });
    expect(failure(() => pluginOptions(withOptions, { depth: '3' })).text).toMatch(/option "depth" of output "reference" must be a number/);
    expect(failure(() => pluginOptions(withOptions, { tags: 'a' })).text).toMatch(/must be an array/);
    expect(failure(() => pluginOptions(withOptions, ['x'])).code).toBe('config/bad-value');
    expect(failure(() => pluginOptions(plugin('bare'), { x: 1 })).text).toMatch(/"bare" takes no options/);
  });
});
