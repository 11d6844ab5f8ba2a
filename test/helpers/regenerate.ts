/**
 * Regenerates generated/ from spec/ by running the generator's TypeScript sources (no build step):
 * `npx tsx test/helpers/regenerate.ts`. What a contributor runs after changing an emitter or a template.
 */
import { generate } from '../../generator/index.js';
import { ROOT } from './paths.js';

const result = await generate({ cwd: ROOT });
console.log(`generated/: ${result.written.length} written, ${result.unchanged.length} unchanged, ${result.removed.length} removed`);
