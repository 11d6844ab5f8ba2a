import { schemaRefName } from '../../model/refs.js';
import type { NamedSchemaModel, SchemaObject } from '../../model/types.js';
import { itemCopies } from './zod-arrays.js';

/**
 * About how many schemas and enum values a validator's inferred type spells out: its own, and those
 * of every component it refers to, written out again in each place (a declaration file, a hover in
 * the editor, writes an inferred type whole), and a small bounded array's item once per element of
 * the tuples it becomes (nested `minItems: 1` arrays: test/zod/annotated-shapes.test.ts). A component
 * counted as annotated costs one. Set well below the size TypeScript refuses to write (TS7056).
 */
const ANNOTATE_OVER = 4_000;

/** Keys whose values are data, not schemas: they add nothing to a validator's type. */
const DATA_KEYS = new Set(['example', 'examples', 'default', 'const', 'discriminator', 'xml', 'externalDocs']);

/**
 * Component schemas whose validators' inferred types are too large to be written out: each is
 * annotated with its openapi-typescript type instead (emit-zod.ts `annotationOf`). TypeScript
 * refuses to write too long an inferred type into a declaration file (TS7056, under
 * `declaration: true`, which `tsc --init` sets), and a validator's grows with every schema it holds.
 * `annotated` holds those annotated already (the recursive ones).
 */
export function oversizedComponents(schemas: readonly NamedSchemaModel[], annotated: ReadonlySet<string>): Set<string> {
  const byName = new Map(schemas.map((s) => [s.name, s]));
  const sizes = new Map<string, number>();
  const oversized = new Set<string>();
  const sizeOfComponent = (name: string): number => {
    if (annotated.has(name) || oversized.has(name)) return 1;
    const known = sizes.get(name);
    if (known !== undefined) return known;
    // A cycle not marked recursive cannot occur; met anyway, it counts once.
    sizes.set(name, 1);
    const size = sizeOf(byName.get(name)?.schema);
    if (size > ANNOTATE_OVER) {
      oversized.add(name);
      sizes.set(name, 1);
      return 1;
    }
    sizes.set(name, size);
    return size;
  };
  const sizeOf = (node: unknown): number => {
    if (Array.isArray(node)) return node.reduce((sum: number, item) => sum + sizeOf(item), 0);
    if (!node || typeof node !== 'object') return 0;
    const name = schemaRefName(node as { $ref?: string });
    if (name !== undefined) return byName.has(name) ? sizeOfComponent(name) : 1;
    let size = 1;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'enum' && Array.isArray(value)) size += value.length;
      // A small bounded array is a tuple that writes its items out once per element (zod-arrays.ts).
      else if (key === 'items' && !Array.isArray(value)) size += itemCopies(node as SchemaObject) * sizeOf(value);
      else if (!DATA_KEYS.has(key) && !key.startsWith('x-')) size += sizeOf(value);
    }
    return size;
  };
  for (const { name } of schemas) sizeOfComponent(name);
  return oversized;
}
