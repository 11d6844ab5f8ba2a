/**
 * Responses: the success response the client resolves to (status, media type, kind of data,
 * envelope, stream framing, schema as response values, headers), and the error responses it types.
 */
import type { ResponseModel } from '../../model/types.js';
import { code, operationOf, type CompareContext, type OperationPair } from './context.js';
import type { SchemaMemo } from './schema-walk.js';
import { compareSchemas } from './schemas.js';

/** The status as the document keys it: `200`, `4XX`, `default`. */
export function statusKey(response: ResponseModel): string {
  if (response.status === 'default') return 'default';
  if (response.statusClass !== undefined) return `${response.statusClass}XX`;
  return String(response.status);
}

export function compareResponses(ctx: CompareContext, pair: OperationPair, memo: SchemaMemo): void {
  const { old: a, new: b } = pair;
  const operation = operationOf(b);
  const pointerOf = (op: typeof a, response: ResponseModel) => `${op.pointer}/responses/${statusKey(response)}`;
  const at = { operation, oldPointer: pointerOf(a, a.success), newPointer: pointerOf(b, b.success) };
  if (statusKey(a.success) !== statusKey(b.success))
    ctx.report({ rule: 'response-success-status-changed', ...at, message: `success status ${statusKey(a.success)} -> ${statusKey(b.success)}` });
  if (a.data.kind !== b.data.kind) {
    ctx.report({ rule: 'response-data-kind-changed', ...at, message: `the client resolves to ${b.data.kind} data, was ${a.data.kind}` });
  } else if ((a.success.contentType ?? '') !== (b.success.contentType ?? '')) {
    ctx.report({
      rule: 'response-media-type-changed',
      ...at,
      message: `the success response comes as ${code(b.success.contentType ?? 'none')}, was ${code(a.success.contentType ?? 'none')}`,
    });
  }
  if (a.data.fromEnvelope !== b.data.fromEnvelope && a.data.kind === b.data.kind)
    ctx.report({
      rule: 'response-envelope-changed',
      ...at,
      message: b.data.fromEnvelope ? 'the success body is now wrapped in the envelope' : 'the success body is no longer wrapped in the envelope',
    });
  if (a.data.stream && b.data.stream && a.data.stream !== b.data.stream)
    ctx.report({ rule: 'response-stream-format-changed', ...at, message: `the stream is framed as ${b.data.stream}, was ${a.data.stream}` });
  if (a.data.kind === b.data.kind && (b.data.kind === 'json' || b.data.kind === 'stream')) {
    const findings = compareSchemas({
      old: ctx.old,
      new: ctx.new,
      scope: { direction: 'response', serialized: false },
      memo,
      oldAt: { schema: a.data.schema, pointer: a.data.pointer ?? at.oldPointer },
      newAt: { schema: b.data.schema, pointer: b.data.pointer ?? at.newPointer },
      where: 'response',
    });
    for (const finding of findings) ctx.report({ ...finding, operation });
  }
  compareHeaders(ctx, pair, a.success, b.success, memo);
  compareErrors(ctx, pair, memo);
}

function compareErrors(ctx: CompareContext, { old: a, new: b }: OperationPair, memo: SchemaMemo): void {
  const operation = operationOf(b);
  const oldByStatus = new Map(a.errors.map((r) => [statusKey(r), r]));
  const newByStatus = new Map(b.errors.map((r) => [statusKey(r), r]));
  for (const [status, is] of newByStatus) {
    const was = oldByStatus.get(status);
    const newPointer = `${b.pointer}/responses/${status}`;
    if (!was) {
      ctx.report({
        rule: 'response-error-status-added',
        operation,
        oldPointer: `${a.pointer}/responses`,
        newPointer,
        message: `error response ${status} added`,
      });
      continue;
    }
    compareHeaders(ctx, { old: a, new: b }, was, is, memo);
    if (!was.schema || !is.schema || !was.pointer || !is.pointer) continue;
    const findings = compareSchemas({
      old: ctx.old,
      new: ctx.new,
      scope: { direction: 'response', serialized: false },
      memo,
      oldAt: { schema: was.schema, pointer: was.pointer },
      newAt: { schema: is.schema, pointer: is.pointer },
      where: `response ${status}`,
    });
    for (const finding of findings) ctx.report({ ...finding, operation });
  }
  for (const status of oldByStatus.keys())
    if (!newByStatus.has(status))
      ctx.report({
        rule: 'response-error-status-removed',
        operation,
        oldPointer: `${a.pointer}/responses/${status}`,
        newPointer: `${b.pointer}/responses`,
        message: `error response ${status} removed`,
      });
}

function compareHeaders(ctx: CompareContext, { old: a, new: b }: OperationPair, was: ResponseModel, is: ResponseModel, memo: SchemaMemo): void {
  const operation = operationOf(b);
  const status = statusKey(is);
  const base = (op: typeof a, r: ResponseModel) => `${op.pointer}/responses/${statusKey(r)}/headers`;
  const byName = (r: ResponseModel) => new Map(r.headers.map((h) => [h.name.toLowerCase(), h]));
  const oldHeaders = byName(was);
  const newHeaders = byName(is);
  for (const [key, header] of oldHeaders) {
    const next = newHeaders.get(key);
    const oldPointer = `${base(a, was)}/${header.name}`;
    if (!next) {
      const rule = header.required ? 'response-header-removed' : 'response-optional-header-removed';
      ctx.report({ rule, operation, oldPointer, newPointer: base(b, is), message: `response ${status} header ${code(header.name)} removed` });
      continue;
    }
    const newPointer = `${base(b, is)}/${next.name}`;
    if (header.required && !next.required)
      ctx.report({
        rule: 'response-header-became-optional',
        operation,
        oldPointer,
        newPointer,
        message: `response ${status} header ${code(header.name)} is now optional`,
      });
    const findings = compareSchemas({
      old: ctx.old,
      new: ctx.new,
      scope: { direction: 'response', serialized: true },
      memo,
      oldAt: { schema: header.schema, pointer: `${oldPointer}/schema` },
      newAt: { schema: next.schema, pointer: `${newPointer}/schema` },
      where: `response ${status} header ${next.name}`,
    });
    for (const finding of findings) ctx.report({ ...finding, operation });
  }
  for (const [key, header] of newHeaders)
    if (!oldHeaders.has(key))
      ctx.report({
        rule: 'response-header-added',
        operation,
        oldPointer: base(a, was),
        newPointer: `${base(b, is)}/${header.name}`,
        message: `response ${status} header ${code(header.name)} added`,
      });
}
