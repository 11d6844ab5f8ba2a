/**
 * The request body: whether there is one and must be, its media type, whether its fields are spread
 * into the input object, and its schema as request values.
 */
import { mediaKind } from '../../model/media.js';
import { code, operationOf, type CompareContext, type OperationPair } from './context.js';
import type { SchemaMemo } from './schema-walk.js';
import { compareSchemas } from './schemas.js';

export function compareRequestBody(ctx: CompareContext, { old: a, new: b }: OperationPair, memo: SchemaMemo): void {
  const operation = operationOf(b);
  const was = a.body;
  const is = b.body;
  if (!was && !is) return;
  if (!was && is) {
    const rule = is.required ? 'request-body-added-required' : 'request-body-added-optional';
    ctx.report({
      rule,
      operation,
      oldPointer: a.pointer,
      newPointer: is.pointer,
      message: `${is.required ? 'required' : 'optional'} ${is.contentType} request body added`,
    });
    return;
  }
  if (was && !is) {
    ctx.report({
      rule: 'request-body-removed',
      operation,
      oldPointer: was.pointer,
      newPointer: b.pointer,
      message: `the ${was.contentType} request body is gone`,
    });
    return;
  }
  if (!was || !is) return;
  const at = { operation, oldPointer: was.pointer, newPointer: is.pointer };
  if (!was.required && is.required) ctx.report({ rule: 'request-body-became-required', ...at, message: 'the request body is now required' });
  if (was.required && !is.required) ctx.report({ rule: 'request-body-became-optional', ...at, message: 'the request body is now optional' });
  if (was.contentType !== is.contentType)
    ctx.report({ rule: 'request-media-type-changed', ...at, message: `the request body is sent as ${code(is.contentType)}, was ${code(was.contentType)}` });
  if (was.flattened !== is.flattened)
    ctx.report({
      rule: 'request-body-flattening-changed',
      ...at,
      message: is.flattened
        ? 'the body fields are now spread into the input object (no `body` property)'
        : "the body fields now go under the input object's `body` property",
    });
  const findings = compareSchemas({
    old: ctx.old,
    new: ctx.new,
    // A form's fields travel as text, as parameters do.
    scope: { direction: 'request', serialized: mediaKind(is.contentType) === 'form' },
    memo,
    oldAt: { schema: was.schema, pointer: was.pointer },
    newAt: { schema: is.schema, pointer: is.pointer },
    where: 'body',
  });
  for (const finding of findings) ctx.report({ ...finding, operation });
}
