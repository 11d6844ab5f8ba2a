/**
 * The client's wire checks, written for any JavaScript runtime (fetch and timers only, no Node API):
 * bundled with the generated clients and run on Node, Deno, Bun and workerd by
 * runtimes.compat.test.ts, against servers the test runs in Node. Each check says what it saw.
 */

/** One check's outcome. */
export interface WireCheck {
  name: string;
  ok: boolean;
  detail?: string;
}

/** Where the servers are: the generated mocks of the podcast document (one injecting a 429 every second request), of the paging and events documents, and a server of hostile answers. */
export interface WireServers {
  podcast: string;
  podcastFaults: string;
  pager: string;
  ticker: string;
  edge: string;
}

export type Loose = Record<string, unknown>;
type Method = (...args: unknown[]) => Promise<unknown> & {
  withResponse(): Promise<{ data: unknown; attempts: number }>;
  items(options?: object): AsyncIterable<unknown>;
};
type Client = Record<string, Method>;
type ClientFactory = (options: object) => Client;
type ErrorClass = abstract new (...args: never[]) => Error;

/** The modules the bundle gives the checks: the generated outputs, their fixtures and operations. */
export interface WireModules {
  podcast: Loose;
  podcastFixtures: Record<string, { params: unknown; response: { body: unknown } }>;
  podcastOperations: readonly { operationId: string; methodName: string; fields: readonly unknown[] }[];
  pager: Loose;
  ticker: Loose;
}

const KEY = 'wire-key-5c1d9e';
/** Equal as JSON. */
export const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What a call throws, or undefined where it succeeds. */
async function failure(call: () => Promise<unknown>): Promise<Error | undefined> {
  try {
    await call();
    return undefined;
  } catch (error) {
    return error as Error;
  }
}

/** Every check, one after another (each bounded by the client's own time limits). */
export async function runWireChecks(servers: WireServers, modules: WireModules): Promise<WireCheck[]> {
  const podcast = modules.podcast['createPodcastClient'] as ClientFactory;
  const error = (name: string) => modules.podcast[name] as ErrorClass;
  const checks: Check[] = [
    [
      'every operation of the podcast document, on its mock, gives its fixture data (validated on both sides)',
      async () => {
        const client = podcast({ apiKey: KEY, baseUrl: servers.podcast });
        for (const op of modules.podcastOperations) {
          const fixture = modules.podcastFixtures[op.operationId];
          const data = await (client[op.methodName] as Method)(...(op.fields.length > 0 ? [fixture?.params] : []));
          if (!same(data, (fixture?.response.body as Loose)['data'])) return `${op.operationId}: ${JSON.stringify(data)}`;
        }
        return undefined;
      },
    ],
    [
      'a 429 waits its Retry-After and is retried with the same idempotency key',
      async () => {
        const client = podcast({ apiKey: KEY, baseUrl: servers.podcastFaults, maxRetryWaitMs: 5000 });
        await (client['quotaSummary'] as Method)();
        const fixture = modules.podcastFixtures['createMultiCameraAvatar'];
        const result = await (client['createMultiCameraAvatar'] as Method)(fixture?.params, { idempotencyKey: 'order-42' }).withResponse();
        return result.attempts === 2 ? undefined : `attempts ${result.attempts}`;
      },
    ],
    [
      'a bad input is refused before sending (RequestValidationError)',
      async () => {
        const thrown = await failure(() => (podcast({ apiKey: KEY, baseUrl: servers.edge })['deleteImageBackground'] as Method)({ id: 'not-a-number' }));
        return thrown instanceof error('RequestValidationError') ? undefined : String(thrown);
      },
    ],
    [
      'a bad answer is a ResponseValidationError naming the field',
      async () => {
        const thrown = await failure(() => (podcast({ apiKey: KEY, baseUrl: servers.edge, maxRetries: 0 })['quotaSummary'] as Method)());
        return thrown instanceof error('ResponseValidationError') && thrown.message.includes('code') ? undefined : String(thrown);
      },
    ],
    [
      'a redirect to another origin is not followed (RedirectError)',
      async () => {
        const thrown = await failure(() => (podcast({ apiKey: KEY, baseUrl: servers.edge, maxRetries: 0 })['getSubscription'] as Method)());
        return thrown instanceof error('RedirectError') ? undefined : String(thrown);
      },
    ],
    [
      'an answer that never comes is a TimeoutError within timeoutMs',
      async () => {
        const started = Date.now();
        const thrown = await failure(() =>
          (podcast({ apiKey: KEY, baseUrl: servers.edge, maxRetries: 0, timeoutMs: 300 })['getVoiceCloneAllowance'] as Method)(),
        );
        const took = Date.now() - started;
        return thrown instanceof error('TimeoutError') && took < 5000 ? undefined : `${String(thrown)} after ${took} ms`;
      },
    ],
    [
      'the key a server echoes never shows in the error',
      async () => {
        const thrown = await failure(() => (podcast({ apiKey: KEY, baseUrl: servers.edge, maxRetries: 0 })['listImageBackgrounds'] as Method)());
        const shown = `${thrown?.message} ${JSON.stringify(thrown)}`;
        return thrown instanceof error('ApiError') && !shown.includes(KEY) && shown.includes('[redacted]') ? undefined : shown.slice(0, 200);
      },
    ],
    [
      'the pages of every style, from the paging mock: 7 items each',
      async () => {
        const client = (modules.pager['createPagerClient'] as ClientFactory)({ baseUrl: servers.pager });
        const inputs: [string, Loose][] = [
          ['listIssues', { owner: 'octo', per_page: 3 }],
          ['listCharges', { limit: 3 }],
          ['listTracks', { limit: 3 }],
          ['listEvents', { first: 3 }],
          ['listAlbums', { n: 3 }],
        ];
        for (const [method, input] of inputs) {
          let count = 0;
          for await (const _ of (client[method] as Method)(input).items()) count++;
          if (count !== 7) return `${method}: ${count} items`;
        }
        return undefined;
      },
    ],
    [
      'server-sent events from the events mock, typed by the data schema',
      async () => {
        const client = (modules.ticker['createTickerClient'] as ClientFactory)({ baseUrl: servers.ticker });
        const events: Loose[] = [];
        for await (const event of (await (client['watchTicks'] as Method)({ symbol: 'ACME' })) as AsyncIterable<Loose>) events.push(event);
        return events.length === 2 && events.every((e) => typeof (e['data'] as Loose)['price'] === 'number') ? undefined : JSON.stringify(events);
      },
    ],
    [
      'an event stream that breaks off is resumed with Last-Event-ID',
      async () => {
        const client = (modules.ticker['createTickerClient'] as ClientFactory)({ baseUrl: servers.edge, maxRetryWaitMs: 2000 });
        const ids: unknown[] = [];
        for await (const event of (await (client['watchTicks'] as Method)({ symbol: 'ACME' })) as AsyncIterable<Loose>) ids.push(event['id']);
        return same(ids, ['1', '2']) ? undefined : JSON.stringify(ids);
      },
    ],
  ];
  return runChecks(checks);
}

/** A check: its name, and what it saw where it failed (undefined where it passed). */
export type Check = [string, () => Promise<string | undefined>];

/** Runs checks one after another; one that throws fails with what it threw. */
export async function runChecks(checks: readonly Check[]): Promise<WireCheck[]> {
  const results: WireCheck[] = [];
  for (const [name, check] of checks) {
    try {
      const detail = await check();
      results.push(detail === undefined ? { name, ok: true } : { name, ok: false, detail });
    } catch (thrown) {
      results.push({ name, ok: false, detail: `threw ${String(thrown)}` });
    }
  }
  return results;
}
