/**
 * Documents made to exhaust a reader: each is small to write and would take podcast-gen minutes,
 * gigabytes or its whole stack to process without a limit. Made here rather than committed, so
 * their size is a parameter.
 */

const info = 'openapi: 3.0.3\ninfo: { title: T, version: "1" }\n';
const okPaths = 'paths:\n  /a:\n    get:\n      operationId: getA\n      responses:\n        "200": { description: ok }\n';

/** A valid document with `components` written after its one operation (whose response is `schema`). */
function withSchemas(schema: string, schemas: string): string {
  return `${info}paths:\n  /a:\n    get:\n      operationId: getA\n      responses:\n        "200":\n          description: ok\n          content:\n            application/json:\n              schema: ${schema}\ncomponents:\n  schemas:\n${schemas}`;
}

/**
 * The "billion laughs" of YAML: `levels` anchors under `x-bomb`, each a list of `width` aliases of
 * the one before. 12 levels of 9 expand to 9^12 values from under 1 KB of text.
 */
export function aliasBomb(levels = 12, width = 9): string {
  const name = (level: number) => `l${level}`;
  const lines = [`  ${name(0)}: &${name(0)} [${Array(width).fill('"lol"').join(', ')}]`];
  for (let level = 1; level < levels; level++)
    lines.push(
      `  ${name(level)}: &${name(level)} [${Array(width)
        .fill(`*${name(level - 1)}`)
        .join(', ')}]`,
    );
  return `${info}${okPaths}x-bomb:\n${lines.join('\n')}\n`;
}

/** A YAML node that holds an alias of itself: infinitely deep once expanded. */
export function aliasLoop(): string {
  return `${info}${okPaths}x-loop: &loop\n  self: *loop\n`;
}

/**
 * `length` component schemas, each only a `$ref` to the next: `S0 -> S1 -> ...`. The last is a
 * string, or with `cycle` a `$ref` back to `S0`.
 */
export function refChain(length: number, options: { cycle?: boolean } = {}): string {
  const lines: string[] = [];
  for (let i = 0; i < length - 1; i++) lines.push(`    S${i}: { $ref: "#/components/schemas/S${i + 1}" }`);
  lines.push(`    S${length - 1}: ${options.cycle ? '{ $ref: "#/components/schemas/S0" }' : '{ type: string }'}`);
  return withSchemas('{ $ref: "#/components/schemas/S0" }', `${lines.join('\n')}\n`);
}

/** Two parameters, each only a `$ref` to the other. */
export function parameterRefCycle(): string {
  return `${info}paths:\n  /a:\n    get:\n      operationId: getA\n      parameters:\n        - $ref: "#/components/parameters/P"\n      responses:\n        "200": { description: ok }\ncomponents:\n  parameters:\n    P: { $ref: "#/components/parameters/Q" }\n    Q: { $ref: "#/components/parameters/P" }\n`;
}

/**
 * A JSON document whose one schema, `Deep`, is an object with a property `a` that is an object with
 * a property `a` ..., `levels` times. The document nests `2 * levels + 5` values deep.
 */
export function nestedSchema(levels: number): string {
  let schema = '{"type":"string"}';
  for (let i = 0; i < levels; i++) schema = `{"type":"object","properties":{"a":${schema}}}`;
  return `{"openapi":"3.0.3","info":{"title":"T","version":"1"},"paths":{"/a":{"get":{"operationId":"getA","responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"$ref":"#/components/schemas/Deep"}}}}}}}},"components":{"schemas":{"Deep":\n${schema}}}}\n`;
}

/** A JSON value `depth` values deep (arrays in arrays around a string) under `x-deep`. */
export function nestedJson(depth: number): string {
  return `{"openapi":"3.0.3","info":{"title":"T","version":"1"},"paths":{},"x-deep":${'['.repeat(depth - 2)}"x"${']'.repeat(depth - 2)}}`;
}

/** The same in YAML flow style. */
export function nestedYaml(depth: number): string {
  return `${info}${okPaths}x-deep: ${'['.repeat(depth - 2)}x${']'.repeat(depth - 2)}\n`;
}

/** One operation whose operationId is `length` characters long. */
export function longOperationId(length: number): string {
  return `${info}paths:\n  /a:\n    get:\n      operationId: ${'a'.repeat(length)}\n      responses:\n        "200": { description: ok }\n`;
}

/** One component schema whose name is `length` characters long. */
export function longSchemaName(length: number): string {
  const name = 'S'.repeat(length);
  return withSchemas(`{ $ref: "#/components/schemas/${name}" }`, `    ${name}: { type: string }\n`);
}

/** A document that shares a response and a schema through YAML anchors, as real documents do. */
export function withAnchors(): string {
  return `${info}paths:
  /a:
    get:
      operationId: getA
      responses:
        "200": &ok
          description: ok
          content:
            application/json:
              schema: &pet
                type: object
                properties: { name: { type: string } }
  /b:
    get:
      operationId: getB
      responses:
        "200": *ok
    post:
      operationId: postB
      requestBody:
        content:
          application/json:
            schema: *pet
      responses:
        "201": *ok
`;
}

/** `n` schemas, each holding the next in a property: deep only once its `$ref`s are followed. */
export function propertyChain(n: number): string {
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < n; i++)
    schemas[`S${i}`] = { type: 'object', properties: { next: i + 1 < n ? { $ref: `#/components/schemas/S${i + 1}` } : { type: 'string' } } };
  const ok = { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/S0' } } } } };
  return JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'chain', version: '1' },
    paths: { '/a': { get: { operationId: 'a', responses: ok } } },
    components: { schemas },
  });
}

/**
 * Schemas whose parts refer twice to a part of the next (Azure's application gateway, in small):
 * copied where met, `levels` levels make 2^levels copies.
 */
export function doublingPartRefs(levels: number): string {
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < levels; i++) {
    const next = i + 1 < levels ? { $ref: `#/components/schemas/S${i + 1}/properties/part` } : { type: 'string' };
    schemas[`S${i}`] = { type: 'object', properties: { part: { type: 'object', properties: { left: next, right: next } } } };
  }
  const ok = { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/S0' } } } } };
  return JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'doubling', version: '1' },
    paths: { '/a': { get: { operationId: 'a', responses: ok } } },
    components: { schemas },
  });
}
