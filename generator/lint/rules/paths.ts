import { isRef, type Location, type UserContext } from '@redocly/openapi-core';

/** The operations of a path item, in the order the model reads them (the load stage's list, 3.2's `query` too). */
export { OPERATION_METHODS as HTTP_METHODS } from '../../load/operation-methods.js';

/** `GET /pets/{petId}`: how a problem names an operation. */
export function operationName(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}

/** A path item of `paths` and where it is written: behind its `$ref`, if it has one. */
export function pathItem(written: unknown, location: Location, resolve: UserContext['resolve']): { item?: Record<string, unknown>; itemLocation: Location } {
  if (!isRef(written)) return { ...(isObject(written) ? { item: written } : {}), itemLocation: location };
  const resolved = resolve<object>(written);
  return { ...(isObject(resolved.node) ? { item: resolved.node } : {}), itemLocation: resolved.location ?? location };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
