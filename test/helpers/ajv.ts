import { readFileSync } from 'node:fs';
import { fromSchema } from '@openapi-contrib/openapi-schema-to-json-schema';
import AjvDraft04 from 'ajv-draft-04';
import addFormatsModule from 'ajv-formats';
import { parseYaml } from '@redocly/openapi-core';

// Both are CommonJS modules whose default export is under `.default` when imported from ESM.
const Ajv = (AjvDraft04 as unknown as { default: typeof AjvDraft04.default }).default;
const addFormats = (addFormatsModule as unknown as { default: typeof addFormatsModule.default }).default;

/**
 * ajv as an independent judge of the OpenAPI document: every component schema converted to JSON
 * Schema (draft-04, what OpenAPI 3.0's dialect is closest to), with `#/components/schemas/...`
 * references resolving inside one document.
 */
export function documentJudge(document: Record<string, unknown>): { validate(ref: string, value: unknown): { valid: boolean; errors: string[] } } {
  const ajv = new Ajv({ allErrors: true, strict: false, logger: false });
  addFormats(ajv);
  const schemas = ((document.components as { schemas?: Record<string, unknown> } | undefined)?.schemas ?? {}) as Record<string, object>;
  const converted = Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => [
      name,
      fromSchema(structuredClone(schema) as never, { keepNotSupported: ['readOnly', 'writeOnly'] as never }),
    ]),
  );
  ajv.addSchema({ id: 'doc', components: { schemas: converted } } as never);
  return {
    validate(ref, value) {
      const validate = ajv.getSchema(`doc${ref}`) ?? ajv.compile({ $ref: `doc${ref}` });
      const valid = validate(value) as boolean;
      return { valid, errors: (validate.errors ?? []).map((e: { instancePath: string; message?: string }) => `${e.instancePath} ${e.message}`) };
    },
  };
}

/** Converts one OpenAPI schema (no references) and judges a value with it. */
export function judgeSchema(schema: object, value: unknown): boolean {
  const ajv = new Ajv({ strict: false, logger: false });
  addFormats(ajv);
  return ajv.validate(fromSchema(structuredClone(schema) as never), value) as boolean;
}

/** Reads a YAML or JSON document. */
export function readDocument(path: string): Record<string, unknown> {
  return parseYaml(readFileSync(path, 'utf8')) as Record<string, unknown>;
}
