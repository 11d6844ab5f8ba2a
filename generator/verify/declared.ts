/**
 * What the document declares of an operation's answers: which statuses, and for a status the
 * response (its media type, headers and body) to judge the answer by.
 */
import { getByPointer, pointerJoin } from '../json-pointer.js';
import { statusKey } from '../model/responses.js';
import type { ApiModel, OperationModel, ResponseModel } from '../model/types.js';

/** The status keys of an operation's `responses` as the document writes them (`200`, `4XX`, `default`). */
export function declaredStatusKeys(model: ApiModel, op: OperationModel): string[] {
  const responses = getByPointer(model.document, pointerJoin(op.pointer, 'responses'));
  if (typeof responses === 'object' && responses !== null && Object.keys(responses).length > 0) return Object.keys(responses);
  // Where the pointer does not lead to them: what the model keeps (the success and the failures).
  return [op.success, ...op.errors].map(statusKey);
}

/**
 * Whether the document declares `status` for the operation: as itself, by its class (`4XX`), or,
 * for a status that is not 2xx, by `default`. `default` is read as the generated client reads it,
 * the description of failures: a 2xx the document does not name is undeclared.
 */
export function isDeclared(keys: readonly string[], status: number): boolean {
  if (keys.includes(String(status)) || keys.some((key) => key.toUpperCase() === `${Math.floor(status / 100)}XX`)) return true;
  return keys.includes('default') && !(status >= 200 && status < 300);
}

/**
 * The response of the model to judge an answer of `status` by: the success response for its own
 * status (or any declared 2xx, which the client resolves alike), else the error response of that
 * status, of its class, or `default`.
 */
export function responseFor(op: OperationModel, status: number): ResponseModel | undefined {
  if (status >= 200 && status < 300) return op.success;
  return (
    op.errors.find((r) => r.status === status) ??
    op.errors.find((r) => r.statusClass === Math.floor(status / 100)) ??
    op.errors.find((r) => r.status === 'default')
  );
}

/** The media type's essence, lower case: `application/json; charset=utf-8` -> `application/json`. */
export function mediaEssence(value: string): string {
  return (value.split(';')[0] ?? '').trim().toLowerCase();
}

/** Whether the answer's `Content-Type` is the declared media type (`*` in the declared one matches any part). */
export function mediaMatches(declared: string, actual: string): boolean {
  const [wantType, wantSub] = mediaEssence(declared).split('/');
  const [gotType, gotSub] = mediaEssence(actual).split('/');
  return (wantType === '*' || wantType === gotType) && (wantSub === '*' || wantSub === gotSub);
}

/** Whether a media type holds JSON (`application/json`, `application/problem+json`). */
export function isJsonMedia(mediaType: string): boolean {
  const essence = mediaEssence(mediaType);
  return essence === 'application/json' || essence.endsWith('+json');
}
