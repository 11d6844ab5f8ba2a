import type { OperationModel } from '../../model/types.js';
import type { ZodMode } from './zod-context.js';

/**
 * Names of the generated validators. Component consts are the model's `typeName`s; operation
 * consts append `Params`, `Body`, `Data`, `Errors` to the operation's `typeName` (the model reserves those);
 * direction variants append `_Request`/`_Response`, which no model name can contain (model names
 * are PascalCase words without `_`).
 */
export function componentConstName(typeName: string, mode: ZodMode): string {
  if (mode === 'request') return `${typeName}_Request`;
  if (mode === 'response') return `${typeName}_Response`;
  return typeName;
}

/** `<typeName>Params`: the flattened input object (the client method's first argument). */
export function paramsName(op: OperationModel): string {
  return `${op.typeName}Params`;
}

/** `<typeName>Body`: the request body. */
export function bodyName(op: OperationModel): string {
  return `${op.typeName}Body`;
}

/** `<typeName>Data`: the success payload the client resolves to. */
export function dataName(op: OperationModel): string {
  return `${op.typeName}Data`;
}

/** `<typeName>Errors`: the operation's error-body validators by status (`operationSchemas[op].errors`). */
export function errorsName(op: OperationModel): string {
  return `${op.typeName}Errors`;
}
