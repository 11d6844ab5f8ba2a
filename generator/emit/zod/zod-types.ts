import { constrainsBy } from '../../model/schema-merge.js';
import type { SchemaObject } from '../../model/types.js';

/** JSON types a schema's type-specific keywords imply, in the order podcast-gen prefers them. */
const IMPLIED: readonly [NonNullable<SchemaObject['type']>, readonly (keyof SchemaObject)[]][] = [
  [
    'object',
    [
      'properties',
      'additionalProperties',
      'required',
      'minProperties',
      'maxProperties',
      'patternProperties',
      'propertyNames',
      'dependentRequired',
      'dependentSchemas',
      'unevaluatedProperties',
    ],
  ],
  ['array', ['items', 'minItems', 'maxItems', 'uniqueItems', 'prefixItems', 'contains', 'minContains', 'maxContains', 'unevaluatedItems']],
  ['string', ['minLength', 'maxLength', 'pattern']],
  ['number', ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf']],
];

const STRING_FORMATS = new Set(['date-time', 'date', 'uri', 'email', 'uuid', 'byte', 'binary', 'password']);
const NUMBER_FORMATS = new Set(['int32', 'int64', 'float', 'double']);

/**
 * The type of a schema: its `type`, else the one its keywords imply (`properties` -> object,
 * `items` -> array, ...; not a keyword that constrains nothing, `uniqueItems: false`), as
 * openapi-typescript and most authors read such schemas. JSON Schema itself would accept any other
 * type there; podcast-gen's reading is documented and the differential test gives the judge the
 * same typed schema. `ambiguous` lists competing types.
 */
export function effectiveType(schema: SchemaObject): { type?: NonNullable<SchemaObject['type']>; ambiguous: string[] } {
  if (schema.type) return { type: schema.type, ambiguous: [] };
  const implied = IMPLIED.filter(([, keys]) => keys.some((k) => constrainsBy(schema, k))).map(([t]) => t);
  if (implied.length === 0 && typeof schema.format === 'string') {
    if (STRING_FORMATS.has(schema.format)) return { type: 'string', ambiguous: [] };
    if (NUMBER_FORMATS.has(schema.format)) return { type: 'number', ambiguous: [] };
  }
  return implied[0] ? { type: implied[0], ambiguous: implied.length > 1 ? implied : [] } : { ambiguous: [] };
}

/** True when the schema constrains nothing (`{}`, or only annotations). */
export function isUnconstrained(schema: SchemaObject): boolean {
  const annotations = new Set(['description', 'title', 'example', 'default', 'deprecated', 'readOnly', 'writeOnly', 'externalDocs', 'xml']);
  return Object.keys(schema).every((key) => annotations.has(key) || key.startsWith('x-'));
}
