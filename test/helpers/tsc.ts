import { join } from 'node:path';
import { ROOT } from './paths.js';

/** The native TypeScript compiler (typescript@7, installed as the dev dependency typescript-native). */
export const TSC = join(ROOT, 'node_modules', 'typescript-native', 'bin', 'tsc');
