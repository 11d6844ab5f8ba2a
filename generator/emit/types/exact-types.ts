/**
 * openapi-typescript options that make its types as exact as the zod validators, so the two agree
 * (test/zod/types-agree.compat.test.ts asserts assignability both ways): tuples for small bounded arrays,
 * `Record<string, unknown>` for empty objects (JSON Schema objects are open), and a `transform` for
 * three shapes openapi-typescript prints loosely or wrongly.
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
    transform: (schema, options) =>
      exclusiveUnion(modules, schema, options) ?? prefixTuple(modules, schema, options) ?? boundedTuples(modules, schema, options),
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
      const never = ts.factory.createTypeLiteralNode(
        branch.forbidden.map((name) => ts.factory.createPropertySignature(undefined, tsPropertyIndex(name), QUESTION_TOKEN, NEVER)),
      );
      return tsIntersection([own, never]);
    }),
  );
}

/**
 * 2020-12's `prefixItems` as the zod validator reads it: `[P0, P1?, ...Rest[]]`, the items past
 * `minItems` optional (JSON Schema does not require the prefix to be complete), the rest typed by
 * `items` (none with `items: false`, `unknown` without `items`). openapi-typescript 7 applies
 * `minItems` to the whole tuple (`[[A, B], [A, B], ...]`) and drops the rest.
 */
function prefixTuple({ ots, ts }: PrinterModules, schema: SchemaObject, options: TransformNodeOptions): ts.TypeNode | undefined {
  const { transformSchemaObject, tsUnion } = ots;
  const array = schema as ModelSchema & { type?: unknown };
  if (!Array.isArray(array.prefixItems)) return undefined;
  const type = (s: unknown) =>
    s === false
      ? ts.factory.createKeywordTypeNode(ts.SyntaxKind.NeverKeyword)
      : s === true || s === undefined
        ? ts.factory.createKeywordTypeNode(ts.SyntaxKind.UnknownKeyword)
        : transformSchemaObject(s as SchemaObject, options);
  const required = Math.min(array.minItems ?? 0, array.prefixItems.length);
  const elements: ts.TypeNode[] = array.prefixItems.map((item, i) => (i < required ? type(item) : ts.factory.createOptionalTypeNode(type(item))));
  if (array.items !== false) elements.push(ts.factory.createRestTypeNode(ts.factory.createArrayTypeNode(type(array.items))));
  const tuple = ts.factory.createTupleTypeNode(elements);
  const nullable = array.nullable === true || (Array.isArray(array.type) && array.type.includes('null'));
  return nullable ? tsUnion([tuple, ts.factory.createLiteralTypeNode(ts.factory.createNull())]) : tuple;
}

/**
 * Arrays typed by their length where openapi-typescript's own tuples are wrong:
 * - both bounds and `minItems > 0`: its union counts lengths from 0 (minItems 1, maxItems 3 gives
 *   `[] | [T] | [T, T]`); this gives `[T] | [T, T] | [T, T, T]`;
 * - any bound on an array of arrays: its element is wrapped in one array too many (`minItems: 2`
 *   of `number[]` gives `[number[][], number[][], ...number[][][]]`); this gives
 *   `[number[], number[], ...number[][]]`.
 */
function boundedTuples({ ots, ts }: PrinterModules, schema: SchemaObject, options: TransformNodeOptions): ts.TypeNode | undefined {
  const { transformSchemaObject, tsUnion } = ots;
  const array = schema as ModelSchema;
  if (array.type !== 'array') return undefined;
  const min = array.minItems ?? 0;
  const max = array.maxItems !== undefined && array.maxItems >= min ? array.maxItems : undefined;
  const ofArrays = typeof array.items === 'object' && array.items !== null && !Array.isArray(array.items) && array.items.type === 'array';
  const lengthUnion = min > 0 && max !== undefined && max > min;
  if (!lengthUnion && !(ofArrays && (min > 0 || max !== undefined))) return undefined;
  // openapi-typescript's limit on the code a tuple may take.
  if ((max === undefined ? min : (max * (max + 1) - min * (min - 1)) / 2) >= 30) return undefined;
  const item = array.items ? transformSchemaObject(array.items as SchemaObject, options) : ts.factory.createKeywordTypeNode(ts.SyntaxKind.UnknownKeyword);
  const tuple = (n: number, rest: boolean) =>
    ts.factory.createTupleTypeNode([
      ...Array.from({ length: n }, () => item),
      ...(rest ? [ts.factory.createRestTypeNode(ts.factory.createArrayTypeNode(item))] : []),
    ]);
  const tuples = max === undefined ? [tuple(min, true)] : Array.from({ length: max - min + 1 }, (_, i) => tuple(min + i, false));
  return array.nullable ? tsUnion([...tuples, ts.factory.createLiteralTypeNode(ts.factory.createNull())]) : tsUnion(tuples);
}
