/**
 * The fixed fields of a Path Item that hold an operation (OpenAPI 3.0 and 3.1's eight, and 3.2's
 * `query`), in the order the model reads them: load, lint and the model read a path item's
 * operations by this list (3.2's `additionalOperations` aside). A module of its own, importing
 * nothing: the model reads it without loading redocly (test/architecture/one-redocly.test.ts).
 */
export const OPERATION_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'] as const;
