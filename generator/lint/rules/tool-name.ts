import type { Oas3Rule } from '@redocly/openapi-core';

/** What a tool name must look like: the project's house style, a subset of what MCP hosts accept. */
export const TOOL_NAME_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;

/**
 * Every operation names its tool (`x-tool-name`), in snake case of at most 64 characters, and no two
 * operations share one. `required: false` (the generic preset) checks only the names that are given,
 * because the generator derives the missing ones.
 */
export const ToolNameRule: Oas3Rule = (options) => {
  const required = options.required !== false;
  const seen = new Map<string, string>();
  return {
    Operation(operation, { report, location }) {
      const name: unknown = (operation as unknown as Record<string, unknown>)['x-tool-name'];
      if (name === undefined) {
        if (required) report({ message: 'Operation has no tool name: add `x-tool-name: <snake_case_name>`.', location: location.key() });
        return;
      }
      const where = location.child(['x-tool-name']);
      if (typeof name !== 'string' || !TOOL_NAME_PATTERN.test(name)) {
        report({ message: `Tool name ${JSON.stringify(name)} must match ${TOOL_NAME_PATTERN.source}.`, location: where });
        return;
      }
      const first = seen.get(name);
      if (first) {
        report({ message: `Tool name \`${name}\` is already used by operation \`${first}\`; tool names must be unique.`, location: where });
        return;
      }
      seen.set(name, operation.operationId ?? name);
    },
  };
};
