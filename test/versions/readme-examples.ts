import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURE_DOCS, ROOT } from '../helpers/paths.js';

const EXAMPLES = join(ROOT, 'node_modules', '@readme', 'oas-examples');

/** The JSON documents of @readme/oas-examples of one version, named `<version>/<file name>`. */
export function readmeExamples(version: '2.0' | '3.1'): { name: string; spec: string }[] {
  return readdirSync(join(EXAMPLES, version, 'json'))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ name: `${version}/${f.replace(/\.json$/, '')}`, spec: join(EXAMPLES, version, 'json', f) }));
}

/** The document of every Swagger 2.0 feature, beside the 2.0 examples. */
export const SWAGGER2_FIXTURE = { name: 'fixture/swagger-2.0', spec: join(FIXTURE_DOCS, 'versions', 'swagger-2.0.yaml') };

/**
 * What fails today of the 3.1 examples, with why and whose code it is; the tests fail when one starts
 * passing. A `<name> tsc` key is a known compile failure (test/versions/oas-examples.compat.test.ts).
 */
export const KNOWN_3_1: Record<string, string> = {
  // The document's own: a form body on a GET, which fetch refuses to send. Fixtures of incompatible allOf branches cannot be valid.
  '3.1/parameters-style formData_spaceDelimited_nonExploded': 'document: a request body on a GET (fetch cannot send one)',
  '3.1/schema-types quirks_entirelyIncompatibleAllOf': 'fixtures: an allOf no value satisfies (as for 3.0)',
  '3.1/schema-types quirks_partiallyUsableIncompatibleAllOf': 'fixtures: an allOf no value satisfies (as for 3.0)',
  // Mutual TLS alone: no generated client can call it, so it refuses before sending (CredentialError), and the mock never lets it in.
  '3.1/security postAnythingMutualTLS': 'document: mutual TLS alone, which the client does not send',
};

/** What fails today of the 2.0 documents, with why; the tests fail when one starts passing. */
export const KNOWN_2_0: Record<string, string> = {};
