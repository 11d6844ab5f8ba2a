import type { Oas3Parameter, Oas3Rule } from '@redocly/openapi-core';

/** The longest idempotency key the interface description allows. @see its Endpoints part: "maximum length 128 characters". */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 128;

/**
 * Every POST declares the idempotency header (a header parameter marked `x-idempotency-key: true`)
 * with `maxLength` of at most 128, so that retries of a POST can never repeat its side effect.
 */
export const IdempotencyHeaderRule: Oas3Rule = () => {
  let pathParameters: unknown[] = [];
  return {
    PathItem: {
      enter(pathItem, { resolve }) {
        pathParameters = (pathItem.parameters ?? []).map((p) => resolve(p).node);
      },
    },
    Operation(operation, { report, location, resolve, key }) {
      if (String(key).toLowerCase() !== 'post') return;
      const own = (operation.parameters ?? []).map((p) => resolve(p).node);
      const header = [...own, ...pathParameters].find(isIdempotencyHeader);
      if (!header) {
        report({
          message:
            'POST operation has no idempotency header: add a header parameter with `x-idempotency-key: true` (e.g. `$ref: "#/components/parameters/IdempotencyKey"`).',
          location: location.key(),
        });
        return;
      }
      const maxLength = (header.schema as { maxLength?: unknown } | undefined)?.maxLength;
      if (typeof maxLength !== 'number' || maxLength > MAX_IDEMPOTENCY_KEY_LENGTH) {
        report({
          message: `The idempotency header \`${header.name}\` must declare \`maxLength\` of at most ${MAX_IDEMPOTENCY_KEY_LENGTH}.`,
          location: location.child(['parameters']),
        });
      }
    },
  };
};

function isIdempotencyHeader(parameter: unknown): parameter is Oas3Parameter {
  const p = parameter as (Oas3Parameter & { 'x-idempotency-key'?: unknown }) | undefined;
  return p?.in === 'header' && p['x-idempotency-key'] === true;
}
