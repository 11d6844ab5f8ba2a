import type { OpenApiDocument } from '../load/read-spec.js';
import { deref } from './refs.js';
import { derefSchema, mergeAllOf, schemaType } from './schema-merge.js';
import type { InputFieldModel, SchemaObject } from './types.js';
import type { Problem } from '../problems.js';

/**
 * An object query or cookie parameter written `form` and exploded (OpenAPI's default) puts each
 * property under a key of its own: `Tier` as `Name=...&Version=...`. Where such a key is another
 * parameter's name in the same place (`Tier.Version` beside the `Version` parameter), a request
 * holds one key for both (test/fixtures-mock/shared-key.test.ts). The field keeps those property
 * names in `sharedKeys`: the mock leaves the key to the parameter named by it, and the fixtures leave
 * the property out where it is optional.
 */
export function markSharedKeys(document: OpenApiDocument, fields: InputFieldModel[]): void {
  const resolve = (ref: string) => deref<SchemaObject>(document, { $ref: ref });
  const names = { query: new Set<string>(), cookie: new Set<string>() };
  for (const field of fields) if (field.in === 'query' || field.in === 'cookie') names[field.in].add(field.wireName);
  for (const field of fields) {
    if ((field.in !== 'query' && field.in !== 'cookie') || field.contentType !== undefined) continue;
    if ((field.style ?? 'form') !== 'form' || field.explode === false) continue;
    const taken = names[field.in];
    const schema = derefSchema(field.schema, resolve);
    const object = schema.allOf ? mergeAllOf([schema], resolve) : schema;
    if (schemaType(object) !== 'object' || !object.properties) continue;
    const shared = Object.keys(object.properties).filter((key) => key !== field.wireName && taken.has(key));
    if (shared.length > 0) field.sharedKeys = shared;
  }
}

/** The warning for a field with shared keys: the document's fault, which no generated code can undo. */
export function sharedKeysProblem(field: InputFieldModel, shared: readonly string[], httpMethod: string, path: string): Problem {
  const keys = shared.map((key) => `\`${key}\``).join(', ');
  return {
    code: 'model/shared-key',
    severity: 'warn',
    pointer: field.pointer,
    message: `${httpMethod} ${path}: the ${field.in} parameter \`${field.wireName}\` is written as one key per property (form, exploded), and its ${keys} ${shared.length === 1 ? 'is' : 'are'} also the name of another ${field.in} parameter: a request holds one such key, read as that parameter's (the fixtures leave the property out where it is optional)`,
    hint: `give the property another name, or write \`${field.wireName}\` with \`style: deepObject\` (\`${field.wireName}[key]=...\`)`,
  };
}
