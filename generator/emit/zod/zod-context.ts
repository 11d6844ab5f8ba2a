import type { SchemaObject } from '../../model/types.js';
import type { HelperName } from './runtime-helpers.js';

/**
 * Which direction a validator checks. `schema`: the component as declared (readOnly and writeOnly
 * are annotations, as in JSON Schema). `request`: readOnly properties are dropped (OpenAPI: they
 * SHOULD NOT be sent, and `required` applies to responses only). `response`: writeOnly ones are.
 */
export type ZodMode = 'schema' | 'request' | 'response';

/** How a oneOf without a discriminator is checked: exactly one branch (JSON Schema), or any (`union`). */
export type OneOfCheck = 'exactly-one' | 'union';

/** What the schema-to-zod functions need besides the schema itself. */
export interface ZodContext {
  mode: ZodMode;
  /** The zod expression that refers to component `name` in this mode (`Pet`, `z.lazy(() => Pet)`). */
  refer(name: string): string;
  /** Resolves a component reference to its schema (for static decisions only, never for output). */
  resolve(schema: SchemaObject): SchemaObject | undefined;
  /** A keyword that cannot be expressed exactly: a `zod/inexact` warning naming the place (or another code's). */
  inexact(pointer: string, message: string, code?: string): void;
  /** How a oneOf without a discriminator is checked. */
  oneOf?: OneOfCheck;
  /** Marks a runtime helper of the generated file as used. */
  use(helper: HelperName): void;
}
