/**
 * A 401 to a call that carried a client-credentials token, against a loopback token server and a
 * loopback API apart: only the token the failed request carried is forgotten (one fetched since is
 * kept), a fresh one is had once for every call that met the 401 together, and the call is sent
 * again once with it, where repeating it is safe. No token shows in what the client gives back.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, Core, type RequestEvent, requestToken } from '../../../templates/runtime.js';
import { type Answer, startLoopback } from '../../helpers/loopback.js';
import { operationSpec } from '../operation-spec.js';

const SECRET = 'cs-41c0e7d2-secret';
/** The tokens the token server has granted, in order (`tok-1`, `tok-2`, ...). */
let granted: string[] = [];
/** The tokens the API takes. */
let accepted = new Set<string>();
/** Answers the API holds back (by the token they carry) until a test lets them go. */
let held: ((token: string) => Promise<void> | undefined) | undefined;
let tokens: Awaited<ReturnType<typeof startLoopback>>;
let api: Awaited<ReturnType<typeof startLoopback>>;

beforeAll(async () => {
  tokens = await startLoopback(async () => {
    // Slow enough that calls meeting a 401 together share one grant.
    await new Promise((resolve) => setTimeout(resolve, 30));
    const token = `tok-${granted.length + 1}`;
    granted.push(token);
    return { body: { access_token: token, token_type: 'Bearer', expires_in: 3600 } };
  });
  api = await startLoopback(async (request): Promise<Answer> => {
    const token = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
    await held?.(token);
    return accepted.has(token) ? { body: { ok: true } } : { status: 401, body: { error: 'invalid_token', echo: token } };
  });
});
afterAll(async () => {
  await tokens.close();
  await api.close();
});
beforeEach(() => {
  granted = [];
  accepted = new Set();
  held = undefined;
  tokens.requests.length = 0;
  api.requests.length = 0;
});

function client(events: RequestEvent[] = []): Core {
  return new Core(
    { baseUrl: api.url, auth: { OAuth: { clientId: 'app', clientSecret: SECRET, tokenUrl: `${tokens.url}/token` } }, onRequest: (e) => void events.push(e) },
    { schemes: { OAuth: { kind: 'oauth2' } }, security: [['OAuth']], requestToken },
  );
}
const get = operationSpec({ retryConnectionErrors: true });
const post = operationSpec({ method: 'POST', retryConnectionErrors: false });
const postWithKey = operationSpec({ method: 'POST', retryConnectionErrors: true, idempotency: { header: 'Idempotency-Key' } });
const sentTokens = () => api.requests.map((r) => r.headers.authorization);

describe('a 401 to a call that carried a client-credentials token', () => {
  it('is met by one fresh token and one more attempt with it: the call succeeds', async () => {
    const core = client();
    // tok-1 has expired by the time the API reads it.
    accepted = new Set(['tok-2']);
    const result = await core.request(get, {}, {}).withResponse();
    expect([result.status, result.attempts, sentTokens(), granted]).toStrictEqual([200, 2, ['Bearer tok-1', 'Bearer tok-2'], ['tok-1', 'tok-2']]);
  });

  it("keeps a token fetched since: call A refreshed it while call B met its 401 with the old one; B is sent again with A's token, no third grant", async () => {
    const core = client();
    accepted = new Set(['tok-1']);
    await core.request(get, {}, {});
    // tok-1 expires. B goes first and its answer (a 401, for tok-1) is held until A has refreshed.
    accepted = new Set(['tok-2']);
    let releaseB: () => void = () => undefined;
    const bHeld = new Promise<void>((resolve) => {
      releaseB = resolve;
    });
    let firstHeld = true;
    held = (token) => {
      if (token !== 'tok-1' || !firstHeld) return undefined;
      firstHeld = false;
      return bHeld;
    };
    const b = core.request(get, {}, {}).withResponse();
    await until(() => api.requests.length === 2);
    const a = await core.request(get, {}, {}).withResponse();
    expect([a.status, a.attempts]).toStrictEqual([200, 2]);
    expect(granted).toStrictEqual(['tok-1', 'tok-2']);
    releaseB();
    const bResult = await b;
    expect([bResult.status, bResult.attempts]).toStrictEqual([200, 2]);
    // A third call still has tok-2: B's 401 (for tok-1) did not throw it away.
    await core.request(get, {}, {});
    expect(granted).toStrictEqual(['tok-1', 'tok-2']);
    expect(sentTokens().at(-1)).toBe('Bearer tok-2');
  });

  it('met by several calls at once causes one grant', async () => {
    const core = client();
    accepted = new Set(['tok-1']);
    await core.request(get, {}, {});
    accepted = new Set(['tok-2']);
    const results = await Promise.all(Array.from({ length: 4 }, () => core.request(get, {}, {}).withResponse()));
    expect(results.map((r) => [r.status, r.attempts])).toStrictEqual(Array(4).fill([200, 2]));
    expect(granted).toStrictEqual(['tok-1', 'tok-2']);
  });

  it('is not sent again for a POST without an idempotency key: the 401 surfaces, and the next call has a fresh token', async () => {
    const core = client();
    accepted = new Set(['tok-2']);
    const error = (await core.request(post, {}, {}).catch((e: unknown) => e)) as ApiError;
    expect([error instanceof ApiError, error.status, api.requests.length]).toStrictEqual([true, 401, 1]);
    await core.request(get, {}, {});
    expect(sentTokens()).toStrictEqual(['Bearer tok-1', 'Bearer tok-2']);
  });

  it('is sent again for a POST with an idempotency key, with the same key', async () => {
    const core = client();
    accepted = new Set(['tok-2']);
    const result = await core.request(postWithKey, {}, {}, { idempotencyKey: 'order-42' }).withResponse();
    expect([result.attempts, api.requests.map((r) => r.headers['idempotency-key'])]).toStrictEqual([2, ['order-42', 'order-42']]);
  });

  it('a second 401, with the fresh token, surfaces as the error: one more attempt, never a loop', async () => {
    const events: RequestEvent[] = [];
    const core = client(events);
    const error = (await core.request(get, {}, {}).catch((e: unknown) => e)) as ApiError;
    expect([error instanceof ApiError, error.status, sentTokens(), granted]).toStrictEqual([true, 401, ['Bearer tok-1', 'Bearer tok-2'], ['tok-1', 'tok-2']]);
    // The API echoed the token: neither the error nor a hook shows one.
    const shown = `${error.message} ${JSON.stringify(error)} ${JSON.stringify(events)}`;
    expect(shown).not.toMatch(/tok-\d/);
    expect(shown).not.toContain(SECRET);
    expect(error.body).toStrictEqual({ error: 'invalid_token', echo: '[redacted]' });
  });

  it('is not sent again where the call asked for a single attempt (maxRetries: 0)', async () => {
    const core = client();
    accepted = new Set(['tok-2']);
    await expect(core.request(get, {}, {}, { maxRetries: 0 })).rejects.toMatchObject({ status: 401 });
    expect(api.requests.length).toBe(1);
  });
});

describe('a 401 to a call that carried no client-credentials token', () => {
  it('is not sent again: a key given as it is has no fresher one', async () => {
    const core = new Core(
      { baseUrl: api.url, maxRetries: 2, auth: { Bearer: 'static-7d2e-token' } },
      { schemes: { Bearer: { kind: 'bearer' } }, security: [['Bearer']] },
    );
    await expect(core.request(get, {}, {})).rejects.toMatchObject({ status: 401 });
    expect(api.requests.length).toBe(1);
  });
});

async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(done()).toBe(true);
}
