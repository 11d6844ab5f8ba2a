import { defineConfig } from 'vitest/config';
import base, { COMPAT } from './vitest.config.js';

/** `npm run test:compat`: the slower suite of real compilers, builds, npm, Chromium and large documents. */
export default defineConfig({ ...base, test: { ...base.test, include: [COMPAT], exclude: ['test/.tmp/**', '**/node_modules/**'] } });
