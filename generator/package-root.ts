import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The package's root folder. This module sits one level below it in every form the code runs in
 * (generator/package-root.ts, and dist/*.js, where bin/build.js bundles it), so the other modules
 * find shipped files (templates/, spec/) from here, not from their own place.
 */
export const PACKAGE_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The podcast document shipped with podcast-gen: what a bare `npx podcast-gen` generates from. */
export const DEFAULT_SPEC = join(PACKAGE_ROOT, 'spec', 'podcast.openapi.yaml');
