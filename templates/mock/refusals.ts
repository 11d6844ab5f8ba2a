/**
 * How the mock refuses a request as the document says its operation refuses: with the status the
 * operation declares for that kind of refusal where it declares one, the declared response's media
 * type, and a body of the declared shape that still says what was wrong where the shape has room
 * for a message.
 */
import type { InputProblemKind, MockValidator } from './input-problems.js';
import type { MockDeclaredError, MockRoute } from './wire.js';

/** Why a request is refused: what its input breaks, or a refusal before the input is read. */
export type RefusalKind = InputProblemKind | 'credential' | 'too-large';

/**
 * The statuses that fit each refusal, the more precise first (RFC 9110 15.5): a body that cannot be
 * read is a 400 (a 422 is for content whose syntax is right); values a schema forbids a 400, or a
 * 422 (the body's first: content understood, not processable); a media type the operation does
 * not take a 415; a missing credential a 401; a body over the limit a 413.
 */
export const REFUSAL_STATUSES: Readonly<Record<RefusalKind, readonly number[]>> = {
  malformed: [400],
  invalid: [400, 422],
  'invalid-body': [422, 400],
  'media-type': [415],
  credential: [401],
  'too-large': [413],
};

/**
 * The status a refusal is sent with and the declared response that covers it: the first fitting
 * status the operation declares, else a fitting status (400 where it fits) with the declared `4XX`,
 * else with `default`, else with no declared response (the mock's own failure body).
 */
export function refusalStatus(route: MockRoute, kind: RefusalKind): { status: number; declared?: MockDeclaredError } {
  const statuses = REFUSAL_STATUSES[kind];
  const declared = route.declared ?? [];
  for (const status of statuses) {
    const exact = declared.find((d) => d.key === String(status));
    if (exact) return { status, declared: exact };
  }
  // Covered by a class or `default`, or not declared at all: a 400 where it fits, the plainest.
  const status = statuses.includes(400) ? 400 : (statuses[0] as number);
  const covering = declared.find((d) => d.key === `${Math.floor(status / 100)}XX`) ?? declared.find((d) => d.key === 'default');
  return covering ? { status, declared: covering } : { status };
}

/** Properties that carry a failure's words, by the names APIs give them, the likelier first. */
const MESSAGE_KEYS = ['message', 'msg', 'detail', 'error_description', 'error_message', 'errorMessage', 'description', 'title', 'error', 'reason'];

/**
 * The declared failure body with `message` written where its schema takes it (`judge`): into a
 * text property named for a message (`message`, `detail`, `error`, ...), at the top or one level
 * down (`{ error: { message } }`), else as a `message` property of its own where the schema allows
 * more properties. Without a judge, or with no such place, the body as it was: never one its
 * schema refuses.
 */
export function carryMessage(body: unknown, message: string, judge: MockValidator | undefined): unknown {
  if (!judge || !isObject(body)) return body;
  const places: string[][] = [];
  const inner = Object.keys(body).filter((key) => isObject(body[key]));
  for (const path of [[] as string[], ...inner.map((key) => [key])]) {
    const holder = path.length === 0 ? body : (body[path[0] as string] as Record<string, unknown>);
    for (const key of MESSAGE_KEYS) if (typeof holder[key] === 'string') places.push([...path, key]);
  }
  if (!('message' in body)) places.push(['message']);
  for (const place of places) {
    const copy = structuredClone(body);
    const holder = place.length === 1 ? copy : (copy[place[0] as string] as Record<string, unknown>);
    holder[place.at(-1) as string] = message;
    if (judge.safeParse(copy).success) return copy;
  }
  return body;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
