import { clientPlugin } from './client/emit-client.js';
import { fixturesPlugin } from './fixtures/emit-fixtures.js';
import { indexPlugin } from './index-file.js';
import { mcpPlugin } from './mcp/emit-mcp.js';
import { mockPlugin } from './mock/emit-mock.js';
import type { Plugin } from './plugin.js';
import { typesPlugin } from './types/emit-types.js';
import { zodPlugin } from './zod/emit-zod.js';

/**
 * Every built-in output, in the order a run makes them (a plugin after those it needs). `index` is
 * made by every run and is not chosen: it re-exports what the others wrote.
 */
export const builtinPlugins: readonly Plugin<object>[] = [typesPlugin, zodPlugin, clientPlugin, mcpPlugin, fixturesPlugin, mockPlugin, indexPlugin];

/** The plugin every run makes, whatever it chose. */
export const ALWAYS = 'index';

export { definePlugin, type GeneratedFile, type Plugin, type PluginContext } from './plugin.js';
