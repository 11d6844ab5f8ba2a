/**
 * The registry of the built-in outputs: the one module that knows every plugin (the architecture
 * test holds it so). The plugins' shape is emit/plugin.ts, which every plugin imports.
 */
import { clientPlugin } from '../emit/client/emit-client.js';
import { fixturesPlugin } from '../emit/fixtures/emit-fixtures.js';
import { indexPlugin } from '../emit/index/emit-index.js';
import { mcpPlugin } from '../emit/mcp/emit-mcp.js';
import { mockPlugin } from '../emit/mock/emit-mock.js';
import { mswPlugin } from '../emit/msw/emit-msw.js';
import type { Plugin } from '../emit/plugin.js';
import { tanstackQueryPlugin } from '../emit/tanstack-query/emit-tanstack-query.js';
import { typesPlugin } from '../emit/types/emit-types.js';
import { zodPlugin } from '../emit/zod/emit-zod.js';

/**
 * Every built-in output, in the order a run makes them (a plugin after those it needs). `index` is
 * made by every run and is not chosen: it re-exports what the others wrote. `tanstack-query` and
 * `msw` are made only when chosen (`optIn`).
 */
export const builtinPlugins: readonly Plugin<object>[] = [
  typesPlugin,
  zodPlugin,
  clientPlugin,
  mcpPlugin,
  fixturesPlugin,
  mockPlugin,
  tanstackQueryPlugin,
  mswPlugin,
  indexPlugin,
];

/** The plugin every run makes, whatever it chose. */
export const ALWAYS = 'index';
