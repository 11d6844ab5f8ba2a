/**
 * Validation throughput for the largest podcast schema (Subscription): the generated zod validator
 * beside ajv on the same schema (converted from OpenAPI 3.0 as the tests convert it), both judging
 * the document's own example, which is valid. The benchmark runner prints the numbers.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fromSchema } from '@openapi-contrib/openapi-schema-to-json-schema';
import { parseYaml } from '@redocly/openapi-core';
import AjvDraft04 from 'ajv-draft-04';
import { Subscription } from '../generated/schemas.js';

const SPEC = fileURLToPath(new URL('../spec/podcast.openapi.yaml', import.meta.url));
const Ajv = AjvDraft04 as unknown as new (options: object) => { compile(schema: object): (value: unknown) => boolean };

/** Validations per second of each validator on the same valid Subscription instance. */
export interface ValidationBench {
  zodOpsPerSec: number;
  ajvOpsPerSec: number;
}

/** Runs `fn` repeatedly for about `ms` milliseconds (after a warm-up) and returns calls per second. */
function opsPerSec(fn: () => boolean, ms = 1000): number {
  for (let i = 0; i < 2000; i++) if (!fn()) throw new Error('the benchmark instance must be valid');
  let calls = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < ms) {
    for (let i = 0; i < 1000; i++) fn();
    calls += 1000;
    elapsed = performance.now() - start;
  }
  return Math.round((calls / elapsed) * 1000);
}

/** Measures zod (`Subscription.safeParse`) and ajv on the document's Subscription example. */
export async function benchValidation(options: { ms?: number } = {}): Promise<ValidationBench> {
  const document = parseYaml(readFileSync(SPEC, 'utf8')) as { components: { schemas: Record<string, object> }; paths: Record<string, Record<string, unknown>> };
  const response = (
    document.paths['/open/podcast/v1/subscription']?.get as { responses: Record<string, { content: Record<string, { example: { data: unknown } }> }> }
  ).responses['200'];
  const instance = response?.content['application/json']?.example.data;
  const definitions = Object.fromEntries(
    Object.entries(document.components.schemas).map(([name, schema]) => {
      const converted = fromSchema(JSON.parse(JSON.stringify(schema).replaceAll('#/components/schemas/', '#/definitions/')) as never) as Record<
        string,
        unknown
      >;
      delete converted.$schema;
      return [name, converted];
    }),
  );
  const ajvValidate = new Ajv({ strict: false, logger: false }).compile({ $ref: '#/definitions/Subscription', definitions });
  return {
    zodOpsPerSec: opsPerSec(() => Subscription.safeParse(instance).success, options.ms),
    ajvOpsPerSec: opsPerSec(() => ajvValidate(instance), options.ms),
  };
}
