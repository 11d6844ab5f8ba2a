/**
 * Responses: the success response the client resolves to (status, media type, kind of data,
 * envelope, stream framing, schema as response values, headers), and the error responses it types.
 */
import { statusKey } from '../../model/responses.js';
import type { ResponseModel } from '../../model/types.js';
import { code, type CompareContext, type OperationPair, operationOf } from './context.js';
import type { ChangeRecord } from './record.js';
import { sameName } from './record.js';
import type { SchemaMemo } from './schema-walk.js';
import { compareSchemas } from './schemas.js';

export function compareResponses(ctx: CompareContext, pair: OperationPair, memo: SchemaMemo): void {
  const { old: a, new: b } = pair;
  const operations = [operationOf(b)];
  const pointerOf = (op: typeof a, response: ResponseModel) => `${op.pointer}/responses/${statusKey(response)}`;
  const record = (keyword: string, old: unknown, next: unknown) =>
    ctx.record({
      family: 'response',
      keyword,
      direction: 'response',
      where: 'the success response',
      old,
      new: next,
      oldPointer: pointerOf(a, a.success),
      newPointer: pointerOf(b, b.success),
      operations,
    });
  if (statusKey(a.success) !== statusKey(b.success)) record('successStatus', statusKey(a.success), statusKey(b.success));
  if (a.data.kind !== b.data.kind) record('dataKind', a.data.kind, b.data.kind);
  else if ((a.success.contentType ?? '') !== (b.success.contentType ?? ''))
    record('mediaType', a.success.contentType ?? 'none', b.success.contentType ?? 'none');
  if (a.data.fromEnvelope !== b.data.fromEnvelope && a.data.kind === b.data.kind) record('envelope', a.data.fromEnvelope, b.data.fromEnvelope);
  if (a.data.stream && b.data.stream && a.data.stream !== b.data.stream) record('stream', a.data.stream, b.data.stream);
  if (a.data.kind === b.data.kind && (b.data.kind === 'json' || b.data.kind === 'stream')) {
    const found = compareSchemas({
      old: ctx.old,
      new: ctx.new,
      scope: { direction: 'response', serialized: false },
      memo,
      oldAt: { schema: a.data.schema, pointer: a.data.pointer ?? pointerOf(a, a.success) },
      newAt: { schema: b.data.schema, pointer: b.data.pointer ?? pointerOf(b, b.success) },
      where: sameName('response'),
    });
    for (const one of found) ctx.record({ ...one, family: 'schema', direction: 'response', operations });
  }
  compareHeaders(ctx, pair, a.success, b.success, memo);
  compareErrors(ctx, pair, memo);
}

function compareErrors(ctx: CompareContext, { old: a, new: b }: OperationPair, memo: SchemaMemo): void {
  const operations = [operationOf(b)];
  const oldByStatus = new Map(a.errors.map((r) => [statusKey(r), r]));
  const newByStatus = new Map(b.errors.map((r) => [statusKey(r), r]));
  const presence = (status: string, side: 'old' | 'new', pointers: Pick<ChangeRecord, 'oldPointer' | 'newPointer'>) =>
    ctx.record({
      family: 'response',
      keyword: 'errorStatus',
      direction: 'response',
      where: `error response ${status}`,
      [side]: status,
      ...pointers,
      operations,
    });
  for (const [status, is] of newByStatus) {
    const was = oldByStatus.get(status);
    if (!was) {
      presence(status, 'new', { oldPointer: `${a.pointer}/responses`, newPointer: `${b.pointer}/responses/${status}` });
      continue;
    }
    compareHeaders(ctx, { old: a, new: b }, was, is, memo);
    if (!was.schema || !is.schema || !was.pointer || !is.pointer) continue;
    const found = compareSchemas({
      old: ctx.old,
      new: ctx.new,
      scope: { direction: 'response', serialized: false },
      memo,
      oldAt: { schema: was.schema, pointer: was.pointer },
      newAt: { schema: is.schema, pointer: is.pointer },
      where: sameName(`response ${status}`),
    });
    for (const one of found) ctx.record({ ...one, family: 'schema', direction: 'response', operations });
  }
  for (const status of oldByStatus.keys())
    if (!newByStatus.has(status)) presence(status, 'old', { oldPointer: `${a.pointer}/responses/${status}`, newPointer: `${b.pointer}/responses` });
}

function compareHeaders(ctx: CompareContext, { old: a, new: b }: OperationPair, was: ResponseModel, is: ResponseModel, memo: SchemaMemo): void {
  const operations = [operationOf(b)];
  const status = statusKey(is);
  const base = (op: typeof a, r: ResponseModel) => `${op.pointer}/responses/${statusKey(r)}/headers`;
  const byName = (r: ResponseModel) => new Map(r.headers.map((h) => [h.name.toLowerCase(), h]));
  const oldHeaders = byName(was);
  const newHeaders = byName(is);
  const record = (keyword: string, name: string, values: Partial<ChangeRecord>) =>
    ctx.record({ family: 'header', keyword, direction: 'response', where: `response ${status} header ${code(name)}`, operations, ...values });
  for (const [key, header] of oldHeaders) {
    const next = newHeaders.get(key);
    const oldPointer = `${base(a, was)}/${header.name}`;
    if (!next) {
      record('presence', header.name, { old: { required: header.required }, oldPointer, newPointer: base(b, is) });
      continue;
    }
    const newPointer = `${base(b, is)}/${next.name}`;
    if (header.required !== next.required) record('required', header.name, { old: header.required, new: next.required, oldPointer, newPointer });
    const found = compareSchemas({
      old: ctx.old,
      new: ctx.new,
      scope: { direction: 'response', serialized: true },
      memo,
      oldAt: { schema: header.schema, pointer: `${oldPointer}/schema` },
      newAt: { schema: next.schema, pointer: `${newPointer}/schema` },
      where: sameName(`response ${status} header ${next.name}`),
    });
    for (const one of found) ctx.record({ ...one, family: 'schema', direction: 'response', operations });
  }
  for (const [key, header] of newHeaders)
    if (!oldHeaders.has(key))
      record('presence', header.name, { new: { required: header.required }, oldPointer: base(a, was), newPointer: `${base(b, is)}/${header.name}` });
}
