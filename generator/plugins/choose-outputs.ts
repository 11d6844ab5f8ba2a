/**
 * Which plugins a run makes: the chosen outputs, the outputs they need (added with a note), and the
 * one every run makes, ordered so that each comes after those it needs. Pure: problems are thrown
 * as usage errors naming the valid choices.
 */
import { EXIT_USAGE, fail } from '../problems.js';
import type { Plugin } from '../emit/plugin.js';

/** The plugins of a run, in order, and a note for each output added because another needs it. */
export interface ChosenOutputs {
  plugins: Plugin<object>[];
  notes: string[];
}

/**
 * `registry`: every plugin the run knows (built-in, then the config's own), `always`: the names made
 * by every run whatever was chosen. `chosen` undefined means every output but the opt-in ones
 * (`Plugin.optIn`).
 */
export function chooseOutputs({
  registry,
  chosen,
  always = [],
}: {
  registry: readonly Plugin<object>[];
  chosen?: readonly string[];
  always?: readonly string[];
}): ChosenOutputs {
  const byName = pluginsByName(registry);
  const choosable = registry.map((p) => p.name).filter((name) => !always.includes(name));
  for (const name of chosen ?? []) {
    if (!byName.has(name) || always.includes(name)) {
      fail({ code: 'config/unknown-output', message: `unknown output "${name}"`, hint: `valid outputs: ${choosable.join(', ')}` }, EXIT_USAGE);
    }
  }
  const byDefault = choosable.filter((name) => byName.get(name)?.optIn !== true);
  const wanted = new Set([...(chosen ?? byDefault), ...always]);
  const notes: string[] = [];
  const ordered: Plugin<object>[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (plugin: Plugin<object>, path: readonly string[]): void => {
    if (state.get(plugin.name) === 'done') return;
    if (state.get(plugin.name) === 'visiting') {
      fail(
        { code: 'config/plugin-cycle', message: `plugins need each other in a cycle: ${[...path, plugin.name].join(' -> ')}`, hint: 'remove one of the needs' },
        EXIT_USAGE,
      );
    }
    state.set(plugin.name, 'visiting');
    const added: string[] = [];
    for (const need of plugin.needs ?? []) {
      const needed = byName.get(need);
      if (!needed)
        fail(
          {
            code: 'config/unknown-need',
            message: `output "${plugin.name}" needs "${need}", which no plugin provides`,
            hint: `known plugins: ${[...byName.keys()].join(', ')}`,
          },
          EXIT_USAGE,
        );
      if (!wanted.has(need)) {
        wanted.add(need);
        added.push(need);
      }
      visit(needed, [...path, plugin.name]);
    }
    if (added.length > 0) notes.push(`${plugin.name} needs ${added.join(', ')}: added`);
    state.set(plugin.name, 'done');
    ordered.push(plugin);
  };
  for (const plugin of registry) if (wanted.has(plugin.name) && !always.includes(plugin.name)) visit(plugin, []);
  // What every run makes comes last: it may read which outputs the run made (the index re-exports them).
  for (const plugin of registry) if (always.includes(plugin.name)) visit(plugin, []);
  return { plugins: ordered, notes };
}

function pluginsByName(registry: readonly Plugin<object>[]): Map<string, Plugin<object>> {
  const byName = new Map<string, Plugin<object>>();
  for (const plugin of registry) {
    if (typeof plugin?.name !== 'string' || !/^[a-z][a-z0-9-]*$/.test(plugin.name) || typeof plugin.emit !== 'function') {
      fail(
        {
          code: 'config/bad-plugin',
          message: `a plugin must have a lower-case \`name\` (letters, digits, -) and an \`emit\` function; got ${JSON.stringify(plugin?.name)}`,
          hint: 'make plugins with definePlugin({ name, emit })',
        },
        EXIT_USAGE,
      );
    }
    if (byName.has(plugin.name))
      fail({ code: 'config/duplicate-plugin', message: `two plugins are named "${plugin.name}"`, hint: 'give your plugin another name' }, EXIT_USAGE);
    byName.set(plugin.name, plugin);
  }
  return byName;
}
