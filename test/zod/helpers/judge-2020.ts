import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { ApiModel, SchemaObject } from '../../../generator/model/types.js';
import { decimalMultiple, interpret } from './judge.js';

type Mode = 'schema' | 'request' | 'response';
type Validate = (value: unknown) => boolean;
const Ajv2020 = Ajv2020Module as unknown as new (
  options: object,
) => {
  compile(schema: object): Validate;
  addKeyword(definition: { keyword: string; type: string; schemaType: string; validate: (schema: number, data: number) => boolean }): void;
  addSchema(schema: object, key?: string): void;
};
const addFormats = addFormatsModule as unknown as (ajv: object, formats: string[]) => void;
const FORMATS = ['date-time', 'date', 'uri', 'email', 'uuid', 'byte', 'binary', 'password', 'int32', 'int64', 'float', 'double'];

const ONE = ['items', 'not', 'additionalProperties', 'contains', 'unevaluatedItems', 'propertyNames', 'unevaluatedProperties', 'if', 'then', 'else'];
const LIST = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const MAP = ['patternProperties', 'dependentSchemas', 'definitions'];

/** A new ajv in JSON Schema 2020-12 mode, with the formats and the decimal multipleOf of the draft-04 judge. */
export function ajv2020(unicodeRegExp = true) {
  const ajv = new Ajv2020({ strict: false, logger: false, validateSchema: false, unicodeRegExp });
  addFormats(ajv, FORMATS);
  ajv.addKeyword({
    keyword: 'decimalMultipleOf',
    type: 'number',
    schemaType: 'number',
    validate: (step: number, value: number) => decimalMultiple(value, step),
  });
  return ajv;
}

/**
 * The model's schema (OpenAPI 3.0's shape, with the 2020-12 keywords a 3.1 document carries) in
 * JSON Schema 2020-12, written here independently of the generator's MCP converter: `nullable` as
 * a `"null"` type, boolean exclusive bounds as numbers, readOnly (request) or writeOnly (response)
 * properties not required and unchecked (left out beside `additionalProperties: false`),
 * OpenAPI-only keywords dropped.
 */
function to2020(node: unknown, mode: Mode): unknown {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return node;
  const schema = node as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const flag = mode === 'request' ? 'readOnly' : mode === 'response' ? 'writeOnly' : undefined;
  const hidden = new Set(
    Object.entries((schema.properties ?? {}) as Record<string, Record<string, unknown>>)
      .filter(([, p]) => flag && p?.[flag] === true)
      .map(([n]) => n),
  );
  for (const [key, value] of Object.entries(schema)) {
    if (
      value === undefined ||
      ['nullable', 'example', 'discriminator', 'xml', 'externalDocs', 'exclusiveMinimum', 'exclusiveMaximum'].includes(key) ||
      key.startsWith('x-')
    )
      continue;
    if (ONE.includes(key)) out[key] = to2020(value, mode);
    else if (LIST.includes(key)) out[key] = (value as unknown[]).map((v) => to2020(v, mode));
    else if (key === 'properties') {
      // A property of the other direction: not required and any value, as the validators read it;
      // still declared (so evaluated), except where additionalProperties: false refuses it.
      const entries = Object.entries(value as Record<string, unknown>).filter(([n]) => !hidden.has(n) || schema.additionalProperties !== false);
      out[key] = Object.fromEntries(entries.map(([n, v]) => [n, hidden.has(n) ? true : to2020(v, mode)]));
    } else if (MAP.includes(key)) {
      out[key] = Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([n, v]) => [n, to2020(v, mode)]));
    } else if (key === 'required') out[key] = (value as string[]).filter((n) => !hidden.has(n));
    else out[key] = value;
  }
  for (const [exclusive, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (schema[exclusive] === true && typeof schema[bound] === 'number') {
      out[exclusive] = schema[bound];
      delete out[bound];
    }
  }
  if (schema.nullable === true && typeof out.type === 'string') out.type = [out.type, 'null'];
  // OpenAPI 3.0's reading of `nullable` beside an enum (a 3.0 habit in a 3.1 document): null is one of the values.
  if (schema.nullable === true && Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  return out;
}

/** Where the converted component schemas live, once per judge (compiled once, shared by every root). */
const DEFS = 'https://judge.invalid/defs.json';

/** ajv in 2020-12 mode judging a 3.1 document's validators: the model's schemas (see {@link to2020}). */
export class Judge2020 {
  private readonly cache = new Map<string, Validate>();
  private readonly ajvs = new Map<string, ReturnType<typeof ajv2020>>();
  constructor(private readonly model: ApiModel) {}

  valid(schema: SchemaObject, mode: Mode, value: unknown): boolean {
    const key = `${mode}:${JSON.stringify(schema)}`;
    let validate = this.cache.get(key);
    if (!validate) {
      try {
        validate = this.ajvFor(mode, true).compile(this.convert(schema, mode));
      } catch {
        validate = this.ajvFor(mode, false).compile(this.convert(schema, mode));
      }
      this.cache.set(key, validate);
    }
    return validate(value);
  }

  private components(): Record<string, SchemaObject> {
    return Object.fromEntries(this.model.schemas.map((c) => [c.name, c.schema]));
  }

  /** The schema in 2020-12, its component references pointing into the shared definitions of its mode. */
  private convert(schema: unknown, mode: Mode): Record<string, unknown> {
    const text = JSON.stringify(to2020(interpret(schema, this.components()), mode));
    return JSON.parse(text.replace(/"#\/definitions\//g, `"${DEFS.replace('.json', `-${mode}.json`)}#/definitions/`)) as Record<string, unknown>;
  }

  private ajvFor(mode: Mode, unicodeRegExp: boolean) {
    const key = `${mode}:${unicodeRegExp}`;
    let ajv = this.ajvs.get(key);
    if (!ajv) {
      ajv = ajv2020(unicodeRegExp);
      const definitions = Object.fromEntries(Object.entries(this.components()).map(([name, s]) => [name, this.convert(s, mode)]));
      ajv.addSchema({ $id: DEFS.replace('.json', `-${mode}.json`), definitions }, undefined);
      this.ajvs.set(key, ajv);
    }
    return ajv;
  }
}

/** ajv in 2020-12 mode on a 3.1 document's own component schema, as written (the model not involved). */
export function documentJudge(document: { components?: { schemas?: Record<string, unknown> } }, name: string): Validate {
  return ajv2020().compile({ $ref: `#/components/schemas/${name}`, components: { schemas: document.components?.schemas ?? {} } });
}
