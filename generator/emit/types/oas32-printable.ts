/**
 * What openapi-typescript (7.13) does not print of OpenAPI 3.2, given to it in forms it does print,
 * so that `operations["<id>"]` types every operation the client has:
 * - a `query` operation and those of `additionalOperations` are printed from a second document
 *   whose path items hold each of them as a `get` ({@link extraOperationsDocument}); only its
 *   `operations` entries are kept, and `paths` names them (print-types.ts);
 * - an `in: querystring` parameter is printed as an `in: query` parameter of its name whose schema
 *   is its content's (`parameters.query.<name>`: the whole query string's value);
 * - a response's media type with an `itemSchema` and no `schema` is printed with the item's schema
 *   (`content["application/jsonl"]` is one item's type); a request body's is left as it is (typed
 *   `unknown`: the client sends it as the bytes given).
 */

type Json = Record<string, unknown>;

const ITEM_SCHEMA_OWNERS = ['paths', 'components', 'webhooks'];

/** True when the document has something of 3.2's that needs {@link printable32}. */
export function needs32Printing(document: Json): boolean {
  return typeof document.openapi === 'string' && document.openapi.startsWith('3.2');
}

/** A copy of a 3.2 document with querystring parameters and item schemas in printable form. */
export function printable32(document: Json): Json {
  const walk = (node: unknown, request: boolean): unknown => {
    if (Array.isArray(node)) return node.map((item) => walk(item, request));
    if (!node || typeof node !== 'object') return node;
    const object = node as Json;
    if (object.in === 'querystring' && typeof object.name === 'string') return querystringAsQuery(object);
    const out: Json = {};
    for (const [child, value] of Object.entries(object)) {
      out[child] =
        child === 'example' || child === 'examples' || child.startsWith('x-')
          ? value
          : walk(value, request || child === 'requestBody' || child === 'requestBodies');
    }
    if (!request && out.itemSchema !== undefined && out.schema === undefined) out.schema = out.itemSchema;
    return out;
  };
  return Object.fromEntries(Object.entries(document).map(([key, value]) => [key, ITEM_SCHEMA_OWNERS.includes(key) ? walk(value, false) : value]));
}

function querystringAsQuery(parameter: Json): Json {
  const content = (parameter.content ?? {}) as Record<string, { schema?: unknown }>;
  const first = Object.values(content)[0];
  const { content: _content, ...rest } = parameter;
  return { ...rest, in: 'query', schema: first?.schema ?? { type: 'string' } };
}

/**
 * A document with the same components whose paths hold each `query` and `additionalOperations`
 * operation as the `get` of a path item of its own (with the path item's parameters), or undefined
 * when there is none. Printed, its `operations` are those operations' entries.
 */
export function extraOperationsDocument(document: Json): Json | undefined {
  const paths: Json = {};
  let n = 0;
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, Json>)) {
    if (!item || typeof item !== 'object') continue;
    const extra = [item.query, ...Object.values((item.additionalOperations ?? {}) as Json)].filter((op) => op && typeof op === 'object');
    for (const operation of extra) paths[`${path}#${n++}`] = { ...(item.parameters ? { parameters: item.parameters } : {}), get: operation };
  }
  return n === 0 ? undefined : { ...document, paths, webhooks: undefined };
}
