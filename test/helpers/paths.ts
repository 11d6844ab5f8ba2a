import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The podcast document. */
export const SPEC = fileURLToPath(new URL('../../spec/podcast.openapi.yaml', import.meta.url));
/** The committed generated output. */
export const GENERATED = fileURLToPath(new URL('../../generated/', import.meta.url));
/** Small one-feature documents for tests. */
export const FIXTURE_DOCS = fileURLToPath(new URL('../fixtures/', import.meta.url));
