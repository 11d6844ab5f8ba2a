type Json = Record<string, unknown>;

/**
 * openapi-typescript (7.13) reads the `enum` of a `type: object` schema as a list of schemas (its
 * `oneOf`): it stops on a value that is not an object ("Expected SchemaObject, received string";
 * test/types/directory-shapes.compat.test.ts) and prints an object value as the schema it is not. Such a
 * schema is printed with its enum apart, as an `allOf` member of its own, whose values
 * openapi-typescript prints as literal types (`{ name: string } & ("PKW" | "VAN")`, as the
 * validators hold it).
 */
export function hasObjectEnum(node: unknown): boolean {
  const object = node as Json;
  return object.type === 'object' && Array.isArray(object.enum);
}

/**
 * The document with every object schema's enum apart ({@link hasObjectEnum}); what is unchanged is
 * shared with `document` (openapi-typescript writes only into discriminators' targets, which a
 * caller that needs it has copied already). Examples and extensions are data, left as they are.
 */
export function separateObjectEnums<T>(document: T): T {
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) {
      const items = node.map(visit);
      return items.some((item, i) => item !== node[i]) ? items : node;
    }
    if (!node || typeof node !== 'object') return node;
    let out: Json | undefined;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'example' || key === 'examples' || key.startsWith('x-')) continue;
      const visited = visit(value);
      if (visited !== value) (out ??= { ...(node as Json) })[key] = visited;
    }
    const result = out ?? (node as Json);
    if (!hasObjectEnum(result)) return result;
    const { enum: values, ...rest } = result;
    return { ...rest, allOf: [...(Array.isArray(rest.allOf) ? rest.allOf : []), { enum: values }] };
  };
  return visit(document) as T;
}
