import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AbortError,
  ApiError,
  ConnectionError,
  Core,
  RateLimitError,
  type CoreOptions,
  type OperationSpec,
  type RequestOptions,
} from '../../templates/runtime.js';
import { operationSpec, oneScheme } from './operation-spec.js';

// The waits between attempts are the subject here, so time is simulated: `fetch` is the client's own
// option (a function answering at once) and the clock only moves when the test moves it.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(new Date('2025-01-01T00:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A client whose fetch answers with `answer(attempt)` (or throws it), recording when each attempt was sent. */
function clientAnswering(answer: (attempt: number) => Response | Error, options: Partial<CoreOptions> = {}) {
  const sent: number[] = [];
  const fetch = async () => {
    sent.push(Date.now());
    const outcome = answer(sent.length);
    if (outcome instanceof Error) throw outcome;
    return outcome;
  };
  const core = new Core({ apiKey: 'key-1234', baseUrl: 'http://127.0.0.1:9', fetch, ...options }, oneScheme({ kind: 'none' }));
  return { core, sent, waits: () => sent.slice(1).map((at, i) => at - (sent[i] as number)) };
}

/** Runs a call to its end with the clock moving, and gives what it resolved or threw. */
async function settle(core: Core, spec: OperationSpec, options?: RequestOptions): Promise<unknown> {
  const outcome = core.request(spec, undefined, {}, options).then(
    (data) => data,
    (error: unknown) => error,
  );
  await vi.runAllTimersAsync();
  return outcome;
}

const refused = () => new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
const ok = () => Response.json({ ok: true });
const status = (code: number, headers: Record<string, string> = {}, body?: unknown) =>
  body === undefined ? new Response(null, { status: code, headers }) : Response.json(body, { status: code, headers });
const retriesConnections = operationSpec({ retryConnectionErrors: true });

describe('backoff between retries', () => {
  it('doubles from 0.5 s and stops growing at 8 s, jitter taking off at most a quarter', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999999);
    const high = clientAnswering(refused, { maxRetries: 6 });
    expect(await settle(high.core, retriesConnections)).toBeInstanceOf(ConnectionError);
    expect(high.waits().map((ms) => Math.round(ms / 10) * 10)).toStrictEqual([500, 1000, 2000, 4000, 8000, 8000]);
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const low = clientAnswering(refused, { maxRetries: 6 });
    await settle(low.core, retriesConnections);
    expect(low.waits()).toStrictEqual([375, 750, 1500, 3000, 6000, 6000]);
  });

  it('a connection error is not retried where the operation does not allow it', async () => {
    const { core, sent } = clientAnswering(refused, { maxRetries: 3 });
    const error = await settle(core, operationSpec({ retryConnectionErrors: false }));
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toBe('getThing: connection failed: fetch failed: ECONNREFUSED');
    expect(sent).toHaveLength(1);
  });

  it('an abort during the wait ends the call at once, without another attempt', async () => {
    const controller = new AbortController();
    const { core, sent } = clientAnswering(refused, { maxRetries: 3 });
    const outcome = core.request(retriesConnections, undefined, {}, { signal: controller.signal }).then(
      () => 'resolved',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    expect(await outcome).toBeInstanceOf(AbortError);
    expect(sent).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('the retry budget', () => {
  const budgets: [string, Partial<CoreOptions>, RequestOptions | undefined, number][] = [
    ['2 retries by default', {}, undefined, 3],
    ['a negative budget is none', { maxRetries: -1 }, undefined, 1],
    ['a fraction is rounded down', { maxRetries: 2.7 }, undefined, 3],
    ["the call's own budget wins over the client's", { maxRetries: 5 }, { maxRetries: 1 }, 2],
    ['a call may turn retries off', { maxRetries: 5 }, { maxRetries: 0 }, 1],
  ];
  it.each(budgets)('%s', async (_name, options, call, attempts) => {
    const { core, sent } = clientAnswering(() => status(503), options);
    const error = await settle(core, operationSpec({ retryStatuses: [503] }), call);
    expect(error).toBeInstanceOf(ApiError);
    expect(sent).toHaveLength(attempts);
  });

  it('a status the operation does not list is not retried; success after a retry counts the attempts', async () => {
    const thrown = clientAnswering(() => status(500), { maxRetries: 3 });
    expect(await settle(thrown.core, operationSpec({ retryStatuses: [503] }))).toMatchObject({ status: 500 });
    expect(thrown.sent).toHaveLength(1);
    const retried = clientAnswering((attempt) => (attempt < 3 ? status(503) : ok()));
    const outcome = retried.core.request(operationSpec({ retryStatuses: [503] }), undefined, {}).withResponse();
    await vi.runAllTimersAsync();
    expect(await outcome).toMatchObject({ data: { ok: true }, attempts: 3 });
  });
});

describe('Retry-After', () => {
  const waits: [string, Record<string, string>, unknown, number][] = [
    ['seconds', { 'retry-after': '3' }, undefined, 3000],
    ['seconds with spaces around', { 'retry-after': ' 2 ' }, undefined, 2000],
    ['an HTTP date, from now', { 'retry-after': 'Wed, 01 Jan 2025 00:00:04 GMT' }, undefined, 4000],
    ['an HTTP date in the past waits the floor, 100 ms', { 'retry-after': 'Tue, 31 Dec 2024 23:00:00 GMT' }, undefined, 100],
    ['zero waits the floor', { 'retry-after': '0' }, undefined, 100],
    ['a negative body field waits the floor', {}, { retry_after: -1e9 }, 100],
    ['a fraction in the body field is kept', {}, { retry_after: 0.25 }, 250],
    ["the body's field when the header is absent", {}, { retry_after: 6 }, 6000],
    ["the header over the body's field", { 'retry-after': '1' }, { retry_after: 6 }, 1000],
  ];
  it.each(waits)('%s', async (_name, headers, body, wait) => {
    const { core, waits: measured } = clientAnswering((attempt) => (attempt === 1 ? status(429, headers, body) : ok()));
    expect(await settle(core, operationSpec({ retryStatuses: [429], retryAfterField: 'retry_after' }))).toStrictEqual({ ok: true });
    expect(measured()).toStrictEqual([wait]);
  });

  it('an unreadable value falls back to backoff', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { core, waits: measured } = clientAnswering((attempt) => (attempt === 1 ? status(503, { 'retry-after': 'soon' }) : ok()));
    await settle(core, operationSpec({ retryStatuses: [503] }));
    expect(measured()).toStrictEqual([375]);
  });

  it('a wait past maxRetryWaitMs is not slept: the failure is thrown with the wait asked for', async () => {
    const { core, sent } = clientAnswering(() => status(429, { 'retry-after': 'Wed, 01 Jan 2025 00:00:31 GMT' }), { maxRetryWaitMs: 30_000 });
    const error = await settle(core, operationSpec({ retryStatuses: [429] }));
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(31);
    expect(sent).toHaveLength(1);
  });
});

describe('every wait is clamped', () => {
  it('a Retry-After in the past, again and again, never makes attempts back to back', async () => {
    const { core, sent, waits: measured } = clientAnswering(() => status(429, { 'retry-after': 'Tue, 31 Dec 2024 23:00:00 GMT' }, { retry_after: -1e9 }));
    const error = await settle(core, operationSpec({ retryStatuses: [429], retryAfterField: 'retry_after' }));
    expect(error).toBeInstanceOf(RateLimitError);
    expect(sent).toHaveLength(3);
    expect(measured()).toStrictEqual([100, 100]);
  });

  const exposed: [string, Record<string, string>, unknown, number | undefined][] = [
    ['a negative body field is exposed as 0', {}, { retry_after: -1e9 }, 0],
    ['a date in the past is exposed as 0', { 'retry-after': 'Tue, 31 Dec 2024 23:00:00 GMT' }, undefined, 0],
    ['an absurd header is exposed as one day', { 'retry-after': '99999999999999999999' }, undefined, 86_400],
    ['an absurd body field is exposed as one day', {}, { retry_after: 1e300 }, 86_400],
    ['a date a year away is exposed as one day', { 'retry-after': 'Thu, 01 Jan 2026 00:00:00 GMT' }, undefined, 86_400],
    ['a body field that is no number is none', {}, { retry_after: '5' }, undefined],
  ];
  it.each(exposed)('%s', async (_name, headers, body, retryAfter) => {
    const { core } = clientAnswering(() => status(429, headers, body), { maxRetries: 0 });
    const error = await settle(core, operationSpec({ retryStatuses: [429], retryAfterField: 'retry_after' }));
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(retryAfter);
  });

  it('an absurd Retry-After with no cap on waits sleeps one day, not a timer overflow that fires at once', async () => {
    const { core, sent } = clientAnswering((attempt) => (attempt === 1 ? status(429, { 'retry-after': '99999999999999999999' }) : ok()), {
      maxRetryWaitMs: Infinity,
    });
    const outcome = core.request(operationSpec({ retryStatuses: [429] }), undefined, {});
    await vi.advanceTimersByTimeAsync(86_400_000 - 1);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toStrictEqual({ ok: true });
    expect(sent).toHaveLength(2);
  });

  it('backoff is cut to maxRetryWaitMs, for failures and lost connections alike', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999999);
    const statuses = clientAnswering(() => status(503), { maxRetries: 4, maxRetryWaitMs: 1_000 });
    await settle(statuses.core, operationSpec({ retryStatuses: [503] }));
    expect(statuses.sent).toHaveLength(5);
    expect(statuses.waits().map((ms) => Math.round(ms / 10) * 10)).toStrictEqual([500, 1000, 1000, 1000]);
    const connections = clientAnswering(refused, { maxRetries: 3, maxRetryWaitMs: 600 });
    await settle(connections.core, retriesConnections);
    expect(connections.waits().map((ms) => Math.round(ms / 10) * 10)).toStrictEqual([500, 600, 600]);
  });

  it('maxRetryWaitMs under the floor still waits the floor', async () => {
    const { core, waits: measured } = clientAnswering(refused, { maxRetries: 2, maxRetryWaitMs: 0 });
    await settle(core, retriesConnections);
    expect(measured()).toStrictEqual([100, 100]);
  });
});
