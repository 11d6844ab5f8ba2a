import { fromSchema } from '@openapi-contrib/openapi-schema-to-json-schema';
import AjvDraft04 from 'ajv-draft-04';
import addFormatsModule from 'ajv-formats';
import type { ApiModel, SchemaObject } from '../../../generator/model/types.js';
import { effectiveType } from '../../../generator/emit/zod/zod-types.js';

type Mode = 'schema' | 'request' | 'response';
type Validate = (value: unknown) => boolean;
const Ajv = AjvDraft04 as unknown as new (
  options: object,
) => {
  compile(schema: object): Validate & { errors?: unknown };
  addSchema(schema: object, key: string): void;
  addKeyword(definition: { keyword: string; type: string; schemaType: string; validate: (schema: number, data: number) => boolean }): void;
};
const addFormats = addFormatsModule as unknown as (ajv: object, formats: string[]) => void;

/** The formats OpenAPI 3.0 defines; any other format is unknown and ignored, as JSON Schema does. */
const FORMATS = ['date-time', 'date', 'uri', 'email', 'uuid', 'byte', 'binary', 'password', 'int32', 'int64', 'float', 'double'];

/** The judge's multipleOf: see {@link decimalMultiple}. */
const DECIMAL_MULTIPLE_OF = 'decimalMultipleOf';

/**
 * JSON Schema's multipleOf reads numbers as the decimals they are written as in JSON: 0.3 is a
 * multiple of 0.1. ajv divides doubles (0.3 / 0.1 = 2.9999999999999996, refused; with
 * multipleOfPrecision, near misses pass), so the judge divides the JSON texts instead: both are
 * written with the same number of decimal places, and the digit strings divide as integers.
 * Written independently of the emitter's helper, on purpose.
 */
export function decimalMultiple(value: number, step: number): boolean {
  const plain = (n: number): [string, string] => {
    const [mantissa = '0', exponent = '0'] = JSON.stringify(n).toLowerCase().split('e');
    const [whole = '0', fraction = ''] = mantissa.replace('-', '').split('.');
    const shift = Number(exponent);
    const digits = whole + fraction;
    const point = whole.length + shift;
    // Move the decimal point by the exponent, padding with zeros either way.
    const padded = point <= 0 ? '0'.repeat(1 - point) + digits : point > digits.length ? digits + '0'.repeat(point - digits.length) : digits;
    const at = Math.max(point, 1);
    return [padded.slice(0, at), padded.slice(at)];
  };
  const [vw, vf] = plain(value);
  const [sw, sf] = plain(step);
  const places = Math.max(vf.length, sf.length);
  const scaled = (w: string, f: string) => BigInt(w + f.padEnd(places, '0'));
  const divisor = scaled(sw, sf);
  return divisor !== BigInt(0) && scaled(vw, vf) % divisor === BigInt(0);
}

/**
 * The readings podcast-gen documents (docs/zod.md, "How a few cases are read, on purpose"), applied to the
 * OpenAPI schema before conversion: a schema without `type` has the type its keywords imply;
 * `nullable` without `type` admits null; a discriminator on oneOf/anyOf selects the branch by
 * the tag (a discriminated oneOf asks no more: the branch selected accepts the value). Required names without a declaration get an empty one (the converter would drop them
 * from `required` otherwise; JSON Schema meaning is unchanged).
 */
export function interpret(schema: unknown, components: Record<string, SchemaObject>): unknown {
  if (Array.isArray(schema)) return schema.map((s) => interpret(s, components));
  if (!schema || typeof schema !== 'object') return schema;
  const node = Object.fromEntries(
    Object.entries(schema).map(([k, v]) => [k, k === 'enum' || k === 'default' || k === 'example' ? v : interpret(v, components)]),
  ) as SchemaObject & Record<string, unknown>;
  if (node.$ref) return { $ref: `#/definitions/${node.$ref.split('/').pop()}` };
  const { type } = effectiveType(node);
  if (!node.type && type) node.type = type;
  // ajv's multipleOf divides doubles; the decimal reading is checked by the judge's own keyword.
  if (node.multipleOf !== undefined) {
    (node as Record<string, unknown>)[DECIMAL_MULTIPLE_OF] = node.multipleOf;
    delete node.multipleOf;
  }
  if (node.properties && node.required) for (const name of node.required) node.properties[name] ??= {};
  let result: Record<string, unknown> = node;
  if (node.discriminator && (node.oneOf || node.anyOf)) {
    // The tag selects the branch that must accept the value; JSON Schema's exactly-one is not asked.
    if (node.oneOf && !node.anyOf) {
      const { oneOf, ...rest } = node;
      result = { ...rest, anyOf: oneOf };
    }
    result = { allOf: [result, discriminatorRule(node, components)] };
  }
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
  const options = [...targets].map(([value, name]) => ({
    required: [propertyName],
    properties: { [propertyName]: { enum: [value] } },
    allOf: [{ $ref: `#/definitions/${name}` }],
  }));
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
    const ajv = new Ajv({ strict: false, logger: false, validateSchema: false, unicodeRegExp });
    addFormats(ajv, FORMATS);
    ajv.addKeyword({
      keyword: DECIMAL_MULTIPLE_OF,
      type: 'number',
      schemaType: 'number',
      validate: (step: number, value: number) => decimalMultiple(value, step),
    });
    return ajv;
  }
}
