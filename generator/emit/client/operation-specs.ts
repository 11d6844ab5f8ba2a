import { mediaKind } from '../../model/media.js';
import type { ApiModel, OperationModel } from '../../model/types.js';

/**
 * The runtime's wire descriptor of an operation (`OperationSpec` in runtime.ts), as plain data:
 * the template prints it as JSON, so no document string is ever spliced into code.
 */
export function operationSpec(model: ApiModel, op: OperationModel): Record<string, unknown> {
  const spec: Record<string, unknown> = {
    operationId: op.operationId,
    methodName: op.methodName,
    method: op.httpMethod,
    path: op.path,
    fields: op.input.map((f) => ({
      name: f.name,
      in: f.in,
      wireName: f.wireName,
      required: f.required,
      ...(f.style ? { style: f.style } : {}),
      ...(f.explode === undefined ? {} : { explode: f.explode }),
      ...(f.in === 'querystring' && f.contentType ? { contentType: f.contentType } : {}),
    })),
  };
  if (op.body) {
    const kind = mediaKind(op.body.contentType);
    spec.body = { contentType: op.body.contentType, kind, required: op.body.required, flattened: op.body.flattened };
  }
  if (op.idempotency) spec.idempotency = { header: op.idempotency.header, ...(op.idempotency.maxLength === undefined ? {} : { maxLength: op.idempotency.maxLength }) };
  if (op.data.fromEnvelope && model.envelope) spec.envelopeData = model.envelope.dataProperty;
  spec.dataKind = op.data.kind;
  if (op.data.stream) spec.stream = op.data.stream;
  if (op.data.stream && op.success.contentType) spec.accept = op.success.contentType;
  spec.retryStatuses = op.retryStatuses;
  spec.retryConnectionErrors = op.retryConnectionErrors;
  if (op.retryAfterField) spec.retryAfterField = op.retryAfterField;
  spec.toolName = op.toolName;
  spec.scopes = op.scopes;
  return spec;
}

/** The runtime's `AuthSpec` for the model's credential. */
export function authSpec(model: ApiModel): Record<string, unknown> {
  const auth = model.auth;
  if (!auth) return { kind: 'none' };
  if (auth.kind === 'apiKey') return { kind: 'apiKey', in: auth.in, name: auth.name };
  return { kind: auth.kind };
}
