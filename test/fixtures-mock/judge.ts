import { fromSchema } from '@openapi-contrib/openapi-schema-to-json-schema';
import AjvDraft04 from 'ajv-draft-04';
import addFormatsModule from 'ajv-formats';
import type { ApiModel, SchemaObject } from '../../generator/model/types.js';

// Both packages are CommonJS: under NodeNext the default import is `module.exports`, whose
// `.default` is the class (or function) the types describe.
const Ajv = (AjvDraft04 as unknown as { default: typeof AjvDraft04.default }).default;
const addFormats = (addFormatsModule as unknown as { default: typeof addFormatsModule.default }).default;

/**
 * ajv (draft-04, with formats) as an independent judge of values against the document's own
 * schemas: each OpenAPI schema converted to JSON Schema, the component schemas beside it so that
 * `#/components/schemas/<name>` references resolve.
 */
export function createJudge(model: ApiModel): (schema: SchemaObject, value: unknown) => string[] {
  const components = Object.fromEntries(model.schemas.map((s) => [s.name, convert(s.schema)]));
  const ajv = new Ajv({ allErrors: true, strict: false, logger: false });
  addFormats(ajv);
  return (schema, value) => {
    const validate = ajv.compile({ ...convert(schema), components: { schemas: components } });
    return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
  };
}

function convert(schema: SchemaObject): Record<string, unknown> {
  return fromSchema(structuredClone(schema) as never, { keepNotSupported: [] as never, strictMode: false } as never) as Record<string, unknown>;
}
