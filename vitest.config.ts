import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Examples in docs/ import the package by its name, as users' code does: here, from the sources.
  resolve: { alias: { 'podcast-gen': fileURLToPath(new URL('./generator/index.ts', import.meta.url)) } },
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/.tmp/**', 'node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
