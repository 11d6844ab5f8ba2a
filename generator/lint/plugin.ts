import type { Oas2Rule, Plugin } from '@redocly/openapi-core';
import { AssumedReasonRule } from './rules/assumed-reason.js';
import { IdempotencyHeaderRule } from './rules/idempotency-header.js';
import { NoIdenticalPathsRule } from './rules/no-identical-paths.js';
import { OperationIdUniqueRule } from './rules/operation-id-unique.js';
import { OperationIdRule } from './rules/operation-id.js';
import { StructRule, StructUnreadRule, SwaggerStructRule } from './rules/struct.js';
import { ToolNameRule } from './rules/tool-name.js';

/** A rule's setting in a redocly config: a severity, or a severity with the rule's options. */
type RuleSetting = 'error' | 'warn' | 'off' | { severity: 'error' | 'warn' | 'off'; [option: string]: unknown };

/**
 * What a document without its own lint config is held to (docs/lint.md explains each rule). Errors
 * are only what would make wrong or uncompilable code; a rule whose finding leaves the code correct
 * warns, and generation goes on. Where redocly's rule refuses correct documents, podcast-gen's own
 * takes its place: `struct` -> `podcast-gen/struct` + `podcast-gen/struct-unread`,
 * `no-identical-paths` and `operation-operationId-unique` -> podcast-gen's rules of those names.
 */
export const GENERIC_RULES: Readonly<Record<string, RuleSetting>> = {
  'podcast-gen/struct': 'error',
  'podcast-gen/struct-unread': 'warn',
  'no-unresolved-refs': 'error',
  'podcast-gen/operation-id-unique': 'error',
  'path-parameters-defined': 'error',
  'podcast-gen/no-identical-paths': 'warn',
  'podcast-gen/tool-name': { severity: 'error', required: false },
  'spec-components-invalid-map-name': 'warn',
  'podcast-gen/assumed-reason': 'warn',
};

/**
 * podcast-gen's own lint rules as a redocly plugin. Rules are referenced as `podcast-gen/<rule>` in
 * a redocly config; the `generic` preset is what any OpenAPI 3.0 document is held to, the committed
 * `spec/redocly.yaml` holds the podcast document to more.
 */
export const podcastGenPlugin: Plugin = {
  id: 'podcast-gen',
  // Extensions are free-form in OpenAPI; redocly types the ones its own tools read (`x-logo`,
  // `x-webhooks`, `x-tagGroups`, `x-codeSamples`, ...), which other vendors shape differently, so
  // `struct` would refuse valid documents that shape them their own way. No stage of
  // podcast-gen reads them: they are left untyped here.
  typeExtension: {
    oas3: untypeExtensions,
    oas2: untypeExtensions,
  },
  rules: {
    // Ready plugin objects are not prefixed by redocly (only plugins loaded from files are), so the
    // rule ids carry the plugin id here, as configs name them.
    oas3: {
      'podcast-gen/operation-id': OperationIdRule,
      'podcast-gen/operation-id-unique': OperationIdUniqueRule,
      'podcast-gen/no-identical-paths': NoIdenticalPathsRule,
      'podcast-gen/struct': StructRule,
      'podcast-gen/struct-unread': StructUnreadRule,
      'podcast-gen/tool-name': ToolNameRule,
      'podcast-gen/idempotency-header': IdempotencyHeaderRule,
      'podcast-gen/assumed-reason': AssumedReasonRule,
    },
    // The rules that read only paths, path items and operations, alike in Swagger 2.0, and the
    // structure check of 2.0's own types.
    oas2: {
      'podcast-gen/struct': SwaggerStructRule,
      'podcast-gen/operation-id-unique': OperationIdUniqueRule as unknown as Oas2Rule,
      'podcast-gen/no-identical-paths': NoIdenticalPathsRule as unknown as Oas2Rule,
      'podcast-gen/tool-name': ToolNameRule as unknown as Oas2Rule,
    },
  },
  configs: {
    // A Swagger 2.0 document is linted as written: by the generic rules that exist for 2.0 (redocly's
    // `no-unresolved-refs` and `path-parameters-defined`, podcast-gen's registered under `oas2`);
    // its `podcast-gen/struct` reports every fault, as redocly's 2.0 `struct` did.
    generic: { rules: { ...GENERIC_RULES } },
  },
};

/** The types of a ruleset without their `x-` properties (see `typeExtension` above). */
function untypeExtensions<T extends Record<string, { properties?: Record<string, unknown> }>>(types: T): T {
  const untyped: Record<string, unknown> = {};
  for (const [name, type] of Object.entries(types)) {
    const properties = Object.fromEntries(Object.entries(type.properties ?? {}).filter(([key]) => !key.startsWith('x-')));
    untyped[name] = { ...type, properties };
  }
  return untyped as T;
}
