import type { Oas3Rule } from '@redocly/openapi-core';

/**
 * Every `x-assumed` carries its reason as a non-empty string. @see the interface description: where
 * it says "not shown", a choice the generated code needs is marked with the reason it was made.
 */
export const AssumedReasonRule: Oas3Rule = () => ({
  any(node, { report, location }) {
    if (!node || typeof node !== 'object' || !('x-assumed' in node)) return;
    const reason: unknown = (node as Record<string, unknown>)['x-assumed'];
    if (typeof reason === 'string' && reason.trim().length > 0) return;
    report({ message: '`x-assumed` must give the reason for the assumption as a non-empty string.', location: location.child(['x-assumed']) });
  },
});
