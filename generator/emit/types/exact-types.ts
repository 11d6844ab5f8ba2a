/**
 * openapi-typescript options that make its types as exact as the zod validators, so the two agree
 * (test/zod/types-agree.test.ts asserts assignability both ways): tuples for small bounded arrays,
 * `Record<string, unknown>` for empty objects (JSON Schema objects are open), and a `transform` for
 * two shapes openapi-typescript prints loosely.
 */
import ts from 'typescript';
import { NEVER, QUESTION_TOKEN, transformSchemaObject, tsIntersection, tsPropertyIndex, tsUnion, type OpenAPITSOptions, type SchemaObject, type TransformNodeOptions } from 'openapi-typescript';
import { exclusiveRequiredBranches } from '../zod/exclusive-required.js';
import type { SchemaObject as ModelSchema } from '../../model/types.js';

/** The options `emit-types.ts` passes to openapi-typescript. */
export const exactTypeOptions: Pick<OpenAPITSOptions, 'arrayLength' | 'emptyObjectsUnknown' | 'transform'> = {
  arrayLength: true,
  emptyObjectsUnknown: true,
  transform: (schema, options) => exclusiveUnion(schema, options) ?? boundedTuples(schema, options),
};

/**
 * `properties` + `oneOf` of required-only branches (MultiCameraBackground): a union of objects,
 * each with its names required and the other branches' names `?: never`.
 */
function exclusiveUnion(schema: SchemaObject, options: TransformNodeOptions): ts.TypeNode | undefined {
  const branches = exclusiveRequiredBranches(schema as ModelSchema);
  if (!branches) return undefined;
  const base = { ...schema, oneOf: undefined } as SchemaObject;
  return tsUnion(
    branches.map((branch) => {
      const own = transformSchemaObject({ ...base, required: [...(schema.required ?? []), ...branch.required] } as SchemaObject, options);
      if (branch.forbidden.length === 0) return own;
      const never = ts.factory.createTypeLiteralNode(branch.forbidden.map((name) => ts.factory.createPropertySignature(undefined, tsPropertyIndex(name), QUESTION_TOKEN, NEVER)));
      return tsIntersection([own, never]);
    }),
  );
}

/**
 * Arrays with both bounds and `minItems > 0`: openapi-typescript's own union counts lengths from 0
 * (minItems 1, maxItems 3 gives `[] | [T] | [T, T]`); this gives `[T] | [T, T] | [T, T, T]`.
 */
function boundedTuples(schema: SchemaObject, options: TransformNodeOptions): ts.TypeNode | undefined {
  const array = schema as ModelSchema;
  if (array.type !== 'array' || !array.minItems || array.maxItems === undefined || array.maxItems <= array.minItems) return undefined;
  const { minItems: min, maxItems: max } = array;
  if ((max * (max + 1) - min * (min - 1)) / 2 >= 30) return undefined;
  const item = array.items ? transformSchemaObject(array.items as SchemaObject, options) : ts.factory.createKeywordTypeNode(ts.SyntaxKind.UnknownKeyword);
  const lengths = Array.from({ length: max - min + 1 }, (_, i) => min + i);
  const tuples = lengths.map((n) => ts.factory.createTupleTypeNode(Array.from({ length: n }, () => item)));
  return array.nullable ? tsUnion([...tuples, ts.factory.createLiteralTypeNode(ts.factory.createNull())]) : tsUnion(tuples);
}
