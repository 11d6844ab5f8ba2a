/**
 * openapi-typescript options that make its types as exact as the zod validators, so the two agree
 * (test/zod/types-agree.test.ts asserts assignability both ways): tuples for small bounded arrays,
 * `Record<string, unknown>` for empty objects (JSON Schema objects are open), and a `transform` for
 * two shapes openapi-typescript prints loosely.
 */
import type ts from 'typescript';
import type { OpenAPITSOptions, SchemaObject, TransformNodeOptions } from 'openapi-typescript';
import { exclusiveRequiredBranches } from '../../model/exclusive-required.js';
import type { SchemaObject as ModelSchema } from '../../model/types.js';
import type { PrinterModules } from './printer-modules.js';

/** The options `print-types.ts` passes to openapi-typescript, built on the modules it loaded. */
export function exactTypeOptions(modules: PrinterModules): Pick<OpenAPITSOptions, 'arrayLength' | 'emptyObjectsUnknown' | 'transform'> {
  return {
    arrayLength: true,
    emptyObjectsUnknown: true,
    transform: (schema, options) => exclusiveUnion(modules, schema, options) ?? boundedTuples(modules, schema, options),
  };
}

/**
 * `properties` + `oneOf` of required-only branches (MultiCameraBackground): a union of objects,
 * each with its names required and the other branches' names `?: never`.
 */
function exclusiveUnion({ ots, ts }: PrinterModules, schema: SchemaObject, options: TransformNodeOptions): ts.TypeNode | undefined {
  const { NEVER, QUESTION_TOKEN, transformSchemaObject, tsIntersection, tsPropertyIndex, tsUnion } = ots;
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
function boundedTuples({ ots, ts }: PrinterModules, schema: SchemaObject, options: TransformNodeOptions): ts.TypeNode | undefined {
  const { transformSchemaObject, tsUnion } = ots;
  const array = schema as ModelSchema;
  if (array.type !== 'array' || !array.minItems || array.maxItems === undefined || array.maxItems <= array.minItems) return undefined;
  const { minItems: min, maxItems: max } = array;
  if ((max * (max + 1) - min * (min - 1)) / 2 >= 30) return undefined;
  const item = array.items ? transformSchemaObject(array.items as SchemaObject, options) : ts.factory.createKeywordTypeNode(ts.SyntaxKind.UnknownKeyword);
  const lengths = Array.from({ length: max - min + 1 }, (_, i) => min + i);
  const tuples = lengths.map((n) => ts.factory.createTupleTypeNode(Array.from({ length: n }, () => item)));
  return array.nullable ? tsUnion([...tuples, ts.factory.createLiteralTypeNode(ts.factory.createNull())]) : tsUnion(tuples);
}
