import { EXIT_USAGE, fail } from '../problems.js';
import type { Plugin } from '../emit/plugin.js';

/**
 * A plugin's options: its defaults, overridden by what the config set under its name. The config may
 * set only keys the plugin declares, each with a value of its default's type, so a typo is an error
 * rather than an option silently ignored.
 */
export function pluginOptions(plugin: Plugin<object>, configured: unknown): Record<string, unknown> {
  const defaults = (plugin.options ?? {}) as Record<string, unknown>;
  if (configured === undefined) return { ...defaults };
  const known = Object.keys(defaults);
  const hint = known.length > 0 ? `the options of "${plugin.name}" are: ${known.join(', ')}` : `"${plugin.name}" takes no options`;
  if (!configured || typeof configured !== 'object' || Array.isArray(configured)) {
    fail({ code: 'config/bad-value', message: `the options of output "${plugin.name}" must be an object`, hint }, EXIT_USAGE);
  }
  const options = { ...defaults };
  for (const [key, value] of Object.entries(configured)) {
    if (!Object.hasOwn(defaults, key)) fail({ code: 'config/unknown-option', message: `unknown option "${key}" of output "${plugin.name}"`, hint }, EXIT_USAGE);
    if (value === undefined) continue;
    const expected = kindOf(defaults[key]);
    if (kindOf(value) !== expected)
      fail(
        {
          code: 'config/bad-value',
          message: `option "${key}" of output "${plugin.name}" must be ${expected === 'array' ? 'an array' : `a ${expected}`}`,
          hint: `got ${JSON.stringify(value)}`,
        },
        EXIT_USAGE,
      );
    options[key] = value;
  }
  return options;
}

function kindOf(value: unknown): string {
  return Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
}
