/**
 * The request body: whether there is one and must be, its media type, whether its fields are spread
 * into the input object, and its schema as request values.
 */
import { mediaKind } from '../../model/media.js';
import { type CompareContext, type OperationPair, operationOf } from './context.js';
import { sameName } from './record.js';
import type { SchemaMemo } from './schema-walk.js';
import { compareSchemas } from './schemas.js';

export function compareRequestBody(ctx: CompareContext, { old: a, new: b }: OperationPair, memo: SchemaMemo): void {
  const operations = [operationOf(b)];
  const was = a.body;
  const is = b.body;
  if (!was && !is) return;
  const base = { family: 'request-body' as const, direction: 'request' as const, where: 'the request body', operations };
  if (!was || !is) {
    const body = (was ?? is) as NonNullable<typeof was>;
    const values = { contentType: body.contentType, required: body.required };
    ctx.record({
      ...base,
      keyword: 'presence',
      ...(was ? { old: values } : { new: values }),
      oldPointer: was?.pointer ?? a.pointer,
      newPointer: is?.pointer ?? b.pointer,
    });
    return;
  }
  const record = (keyword: string, old: unknown, next: unknown) =>
    ctx.record({ ...base, keyword, old, new: next, oldPointer: was.pointer, newPointer: is.pointer });
  if (was.required !== is.required) record('required', was.required, is.required);
  if (was.contentType !== is.contentType) record('mediaType', was.contentType, is.contentType);
  if (was.flattened !== is.flattened) record('flattened', was.flattened, is.flattened);
  const found = compareSchemas({
    old: ctx.old,
    new: ctx.new,
    // A form's fields travel as text, as parameters do.
    scope: { direction: 'request', serialized: mediaKind(is.contentType) === 'form' },
    memo,
    oldAt: { schema: was.schema, pointer: was.pointer },
    newAt: { schema: is.schema, pointer: is.pointer },
    where: sameName('body'),
  });
  for (const record1 of found) ctx.record({ ...record1, family: 'schema', direction: 'request', operations });
}
