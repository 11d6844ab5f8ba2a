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
 * The key of `responses` that covers `status`, as the document writes it: its own code, else its
 * class's range (`4XX`), else `default`, which covers every status no other key does (OpenAPI,
 * Responses Object), but a 2xx only where the keys name no 2xx: there `default` is the success, as
 * the client reads it (model/responses.ts `pickSuccess`); beside a named success it describes the
 * failures, and the client has no reading of a 2xx by it. Undefined where none covers it. The one
 * rule for the status check, the response an answer is judged by and the links a resource follows.
 */
export function coveringKey(keys: readonly string[], status: number): string | undefined {
  const range = `${Math.floor(status / 100)}XX`;
  const namesSuccess = keys.some((key) => /^2(\d\d|XX)$/i.test(key));
  return (
    keys.find((key) => key === String(status)) ??
    keys.find((key) => key.toUpperCase() === range) ??
    (status >= 200 && status < 300 && namesSuccess ? undefined : keys.find((key) => key === 'default'))
  );
}

/** Whether the document declares `status` for the operation: a key of its `responses` covers it ({@link coveringKey}). */
export function isDeclared(keys: readonly string[], status: number): boolean {
  return coveringKey(keys, status) !== undefined;
}

/**
 * The response of the model to judge an answer of `status` by, of the operation whose `responses`
 * have `keys`: for a 2xx, the success response (the client resolves every 2xx to it, and has a
 * validator for it alone); else the response of the key that covers it. Undefined where the model
 * keeps none of that key (a redirect beside a success) or none covers it.
 */
export function responseFor(op: OperationModel, keys: readonly string[], status: number): ResponseModel | undefined {
  if (status >= 200 && status < 300) return op.success;
  const key = coveringKey(keys, status)?.toUpperCase();
  if (key === undefined) return undefined;
  return [...op.errors, ...(op.redirect ? [op.redirect] : [])].find((response) => statusKey(response).toUpperCase() === key);
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
