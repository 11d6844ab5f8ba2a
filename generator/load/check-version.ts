import { fail } from '../problems.js';

type Locate = (pointer: string) => { line: number; col: number } | undefined;

/**
 * Only OpenAPI 3.0.x is generated from. Other inputs are refused here, before any rule runs, with a
 * message that says what the document is and what to do, instead of a cascade of schema errors.
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
    fail({
      code: 'load/swagger-2',
      file,
      ...locate('#/swagger'),
      message: `Swagger ${String(root.swagger)} is not supported`,
      hint: 'convert it to OpenAPI 3.0 first (e.g. `npx swagger2openapi in.yaml -o out.yaml`)',
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
  if (typeof version !== 'string' || !/^3\.0\.\d+$/.test(version)) {
    fail({
      code: 'load/unsupported-version',
      file,
      ...locate('#/openapi'),
      message: `OpenAPI ${String(version)} is not supported; podcast-gen reads OpenAPI 3.0.x`,
      hint: /^3\.1/.test(String(version))
        ? 'write the document as OpenAPI 3.0.3 (nullable instead of type arrays), or generate with openapi-typescript for 3.1'
        : 'set `openapi: 3.0.3` and make the document match it',
    });
  }
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return 'empty';
  if (Array.isArray(value)) return 'a list';
  return `a ${typeof value}`;
}
