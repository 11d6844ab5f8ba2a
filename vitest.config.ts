import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** `npm test`: in-process tests of behaviour. What spawns compilers, builds, npm or a browser is `*.compat.test.ts`. */
export const COMPAT = 'test/**/*.compat.test.ts';

export default defineConfig({
  // Examples in docs/ import the package by its name, as users' code does: here, from the sources.
  resolve: { alias: { 'podcast-gen': fileURLToPath(new URL('./generator/index.ts', import.meta.url)) } },
  test: {
    include: ['test/**/*.test.ts'],
    // Any node_modules, test/tools/node22's too: its packages ship tests of their own.
    exclude: ['test/.tmp/**', '**/node_modules/**', COMPAT],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Each worker imports the generator (redocly, TypeScript) once for all its files, not once a file.
    isolate: false,
  },
});
