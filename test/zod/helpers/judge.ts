import { fromSchema } from '@openapi-contrib/openapi-schema-to-json-schema';
import AjvDraft04 from 'ajv-draft-04';
import addFormatsModule from 'ajv-formats';
import type { ApiModel, SchemaObject } from '../../../generator/model/types.js';
import { effectiveType } from '../../../generator/emit/zod/zod-types.js';

type Mode = 'schema' | 'request' | 'response';
type Validate = (value: unknown) => boolean;
const Ajv = AjvDraft04 as unknown as new (options: object) => { compile(schema: object): Validate & { errors?: unknown }; addSchema(schema: object, key: string): void };
const addFormats = addFormatsModule as unknown as (ajv: object, formats: string[]) => void;

/** The formats OpenAPI 3.0 defines; any other format is unknown and ignored, as JSON Schema does. */
const FORMATS = ['date-time', 'date', 'uri', 'email', 'uuid', 'byte', 'binary', 'password', 'int32', 'int64', 'float', 'double'];

/**
 * The readings podcast-gen documents (README, "How the validators read a schema"), applied to the
 * OpenAPI schema before conversion: a schema without `type` has the type its keywords imply;
 * `nullable` without `type` admits null; a discriminator on oneOf/anyOf selects the branch by
 * the tag. Required names without a declaration get an empty one (the converter would drop them
 * from `required` otherwise; JSON Schema meaning is unchanged).
 */
function interpret(schema: unknown, components: Record<string, SchemaObject>): unknown {
  if (Array.isArray(schema)) return schema.map((s) => interpret(s, components));
  if (!schema || typeof schema !== 'object') return schema;
  const node = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, k === 'enum' || k === 'default' || k === 'example' ? v : interpret(v, components)])) as SchemaObject & Record<string, unknown>;
  if (node.$ref) return { $ref: `#/definitions/${node.$ref.split('/').pop()}` };
  const { type } = effectiveType(node);
  if (!node.type && type) node.type = type;
  if (node.properties && node.required) for (const name of node.required) node.properties[name] ??= {};
  let result: Record<string, unknown> = node;
  if (node.discriminator && (node.oneOf || node.anyOf)) result = { allOf: [result, discriminatorRule(node, components)] };
  if (node.nullable && !node.type) result = { anyOf: [{ ...result, nullable: undefined }, { type: 'null' }] };
  return result;
}

function discriminatorRule(node: SchemaObject, components: Record<string, SchemaObject>): object {
  const { propertyName, mapping = {} } = node.discriminator as { propertyName: string; mapping?: Record<string, string> };
  const targets = new Map(Object.entries(mapping).map(([value, ref]) => [value, ref.split('/').pop() as string]));
  const mapped = new Set(targets.values());
  for (const branch of node.oneOf ?? node.anyOf ?? []) {
    const name = branch.$ref?.split('/').pop();
    if (name && name in components && !mapped.has(name) && !targets.has(name)) targets.set(name, name);
  }
  const options = [...targets].map(([value, name]) => ({ required: [propertyName], properties: { [propertyName]: { enum: [value] } }, allOf: [{ $ref: `#/definitions/${name}` }] }));
  return { anyOf: [{ not: { type: 'object' } }, ...options] };
}

/** ajv (draft-04, ajv-formats) judging a document's schemas after the OpenAPI-to-JSON-Schema conversion. */
export class Judge {
  private readonly cache = new Map<string, Validate>();
  constructor(private readonly model: ApiModel) {}

  /** Validates `value` against `schema` (component references resolve) read in `mode`. */
  valid(schema: SchemaObject, mode: Mode, value: unknown): boolean {
    const key = `${mode}:${JSON.stringify(schema)}`;
    let validate = this.cache.get(key);
    if (!validate) {
      validate = this.compile(schema, mode);
      this.cache.set(key, validate);
    }
    return validate(value);
  }

  private compile(schema: SchemaObject, mode: Mode): Validate {
    const components = Object.fromEntries(this.model.schemas.map((c) => [c.name, c.schema]));
    const options = { removeReadOnly: mode === 'request', removeWriteOnly: mode === 'response', cloneSchema: true };
    const convert = (s: unknown) => {
      const converted = fromSchema(interpret(s, components) as never, options) as Record<string, unknown>;
      delete converted.$schema;
      return converted;
    };
    const definitions = Object.fromEntries(Object.entries(components).map(([name, s]) => [name, convert(s)]));
    const root = { ...convert(schema), definitions };
    try {
      return this.ajv(true).compile(root);
    } catch {
      // A pattern that is not valid in Unicode mode: compiled without it, as the emitter then does.
      return this.ajv(false).compile(root);
    }
  }

  private ajv(unicodeRegExp: boolean) {
    const ajv = new Ajv({ strict: false, logger: false, validateSchema: false, multipleOfPrecision: 9, unicodeRegExp });
    addFormats(ajv, FORMATS);
    return ajv;
  }
}
