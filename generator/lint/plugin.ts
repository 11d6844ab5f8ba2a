import type { Plugin } from '@redocly/openapi-core';
import { AssumedReasonRule } from './rules/assumed-reason.js';
import { IdempotencyHeaderRule } from './rules/idempotency-header.js';
import { OperationIdRule } from './rules/operation-id.js';
import { ToolNameRule } from './rules/tool-name.js';

/**
 * podcast-gen's own lint rules as a redocly plugin. Rules are referenced as `podcast-gen/<rule>` in
 * a redocly config; the `generic` preset is what any OpenAPI 3.0 document is held to (what breaks
 * generation), the committed `spec/redocly.yaml` holds the podcast document to more.
 */
export const podcastGenPlugin: Plugin = {
  id: 'podcast-gen',
  // Extensions are free-form in OpenAPI; redocly types its own `x-code-samples`, which other vendors
  // (ReadMe) shape differently, so `struct` would refuse valid documents. Left untyped here.
  typeExtension: {
    oas3(types) {
      const { 'x-codeSamples': _camel, 'x-code-samples': _kebab, ...properties } = (types.Operation?.properties ?? {}) as Record<string, unknown>;
      return { ...types, Operation: { ...types.Operation, properties } } as typeof types;
    },
  },
  rules: {
    // Ready plugin objects are not prefixed by redocly (only plugins loaded from files are), so the
    // rule ids carry the plugin id here, as configs name them.
    oas3: {
      'podcast-gen/operation-id': OperationIdRule,
      'podcast-gen/tool-name': ToolNameRule,
      'podcast-gen/idempotency-header': IdempotencyHeaderRule,
      'podcast-gen/assumed-reason': AssumedReasonRule,
    },
  },
  configs: {
    generic: {
      rules: {
        'struct': 'error',
        'no-unresolved-refs': 'error',
        'operation-operationId-unique': 'error',
        'path-parameters-defined': 'error',
        'no-identical-paths': 'error',
        'spec-components-invalid-map-name': 'error',
        'podcast-gen/tool-name': { severity: 'error', required: false },
        'podcast-gen/assumed-reason': 'error',
      },
    },
  },
};
