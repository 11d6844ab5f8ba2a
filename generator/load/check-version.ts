import { fail } from '../problems.js';

type Locate = (pointer: string) => { line: number; col: number } | undefined;

/** The OpenAPI versions read as they are: 3.0.x, 3.1.x and 3.2.x (redocly lints each by its own ruleset). */
export const OPENAPI_VERSION = /^3\.[012]\.\d+$/;

/**
 * Refuses, before any rule runs, what is not a Swagger 2.0 or OpenAPI 3.0, 3.1 or 3.2 document, with a message
 * that says what the document is and what to do, instead of a cascade of schema errors.
 */
export function checkDocumentVersion(parsed: unknown, file: string, locate: Locate): void {
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    fail({
      code: 'load/not-an-object',
      file,
      line: 1,
      col: 1,
      message: `the document's root is ${describe(parsed)}, not an object`,
      hint: 'an OpenAPI document is a YAML or JSON object with an `openapi: 3.0.x` field',
    });
  }
  const root = parsed as Record<string, unknown>;
  if ('swagger' in root) {
    // Swagger 2.0 is read (converted to OpenAPI 3.0 in memory: swagger-2.ts); 1.x is another format.
    if (root.swagger === '2.0') return;
    const number = typeof root.swagger === 'number';
    fail({
      code: 'load/unsupported-version',
      file,
      ...locate('#/swagger'),
      message: number
        ? `\`swagger\` is the number ${String(root.swagger)}; Swagger 2.0 names its version as a string`
        : `Swagger ${String(root.swagger)} is not supported; podcast-gen reads Swagger 2.0 and OpenAPI 3.0.x, 3.1.x and 3.2.x`,
      hint: number ? 'write `swagger: "2.0"`, quoted' : 'convert the document to OpenAPI 3.0',
    });
  }
  const version = root.openapi;
  if (version === undefined) {
    fail({
      code: 'load/no-version',
      file,
      line: 1,
      col: 1,
      message: 'the document has no `openapi` field',
      hint: 'add `openapi: 3.0.3` at the top',
    });
  }
  if (typeof version !== 'string' || !OPENAPI_VERSION.test(version)) {
    fail({
      code: 'load/unsupported-version',
      file,
      ...locate('#/openapi'),
      message: `OpenAPI ${String(version)} is not supported; podcast-gen reads OpenAPI 3.0.x, 3.1.x and 3.2.x `,
      hint: 'set `openapi` to the version the document is written in, as a string: `openapi: 3.0.3`, `3.1.1` or `3.2.0`',
    });
  }
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return 'empty';
  if (Array.isArray(value)) return 'a list';
  return `a ${typeof value}`;
}
