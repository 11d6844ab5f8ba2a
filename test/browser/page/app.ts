/**
 * The browser page of mock-from-browser.compat.test.ts, as a front-end app would be written: it calls the
 * API through the generated client from its own origin and shows each outcome, in the DOM and in
 * `window.report` for the test to read. Query: `api` (the API's base address), `only` (operationIds,
 * comma separated; without it every operation and the error checks run), `retries` (maxRetries).
 */
import { fixtures } from '../../../generated/fixtures/index.js';
import { ApiError, RateLimitError, createPodcastClient, operations } from '../../../generated/index.js';

/** One call's outcome: the data, or the error as the page's script sees it. */
export type Outcome =
  | { ok: true; data: unknown }
  | {
      ok: false;
      error: { name: string; message: string; isApiError: boolean; status?: number; msg?: string; retryAfter?: number; headers?: Record<string, string> };
    };

/** What the page reports once every call has settled. */
export interface PageReport {
  origin: string;
  operations: Record<string, Outcome>;
  /** A call whose X-Api-Key is empty. */
  missingKey?: Outcome;
  /** A call that asks the mock for a 429 (x-mock-fault), with retries off. */
  rateLimited?: Outcome;
}

declare global {
  interface Window {
    report?: PageReport;
  }
}

type AnyMethod = (...args: unknown[]) => Promise<unknown>;

async function settle(call: () => Promise<unknown>): Promise<Outcome> {
  try {
    return { ok: true, data: await call() };
  } catch (error) {
    const e = error as Error;
    const api = error instanceof ApiError ? error : undefined;
    return {
      ok: false,
      error: {
        name: e.name,
        message: e.message,
        isApiError: api !== undefined,
        ...(api ? { status: api.status, msg: api.msg, headers: api.headers } : {}),
        ...(error instanceof RateLimitError && error.retryAfter !== undefined ? { retryAfter: error.retryAfter } : {}),
      },
    };
  }
}

function show(label: string, outcome: Outcome): void {
  const item = document.createElement('li');
  item.dataset.call = label;
  item.dataset.outcome = outcome.ok ? 'ok' : outcome.error.name;
  item.textContent = `${label}: ${outcome.ok ? 'ok' : `${outcome.error.name}: ${outcome.error.message}`}`;
  document.getElementById('results')?.append(item);
}

async function run(): Promise<PageReport> {
  const query = new URLSearchParams(location.search);
  const api = query.get('api') ?? '';
  const only = query.get('only')?.split(',');
  const retries = query.get('retries');
  const client = createPodcastClient({ apiKey: 'browser-test-key', baseUrl: api, ...(retries ? { maxRetries: Number(retries) } : {}) });
  const methods = client as unknown as Record<string, AnyMethod>;
  const report: PageReport = { origin: location.origin, operations: {} };
  for (const spec of operations) {
    if (only && !only.includes(spec.operationId)) continue;
    const fixture = fixtures[spec.operationId as keyof typeof fixtures];
    const args = spec.fields.length > 0 ? [fixture.params] : [];
    const outcome = await settle(() => (methods[spec.methodName] as AnyMethod).call(client, ...args));
    report.operations[spec.operationId] = outcome;
    show(spec.operationId, outcome);
  }
  if (!only) {
    report.missingKey = await settle(() => client.getSubscription({ headers: { 'X-Api-Key': '' } }));
    show('missingKey', report.missingKey);
    report.rateLimited = await settle(() => client.quotaSummary({ headers: { 'x-mock-fault': '429' }, maxRetries: 0 }));
    show('rateLimited', report.rateLimited);
  }
  return report;
}

void run().then(
  (report) => {
    window.report = report;
    document.body.dataset.done = 'true';
  },
  (error: unknown) => {
    document.body.dataset.done = 'failed';
    document.body.append(`the page failed: ${String(error)}`);
  },
);
