/**
 * The MSW output's checks, written for any JavaScript runtime (fetch's classes only, no Node API):
 * bundled with the podcast document's generated client and MSW handlers and run on Node, Deno, Bun
 * and workerd by runtimes.compat.test.ts. No runtime here is patched: requests are answered by
 * msw's `getResponse(handlers, request)`, which is how a runtime without `setupServer` (workerd)
 * uses the handlers. Each check says what it saw.
 */
import { type Check, type Loose, runChecks, same, type WireCheck } from './wire-checks.js';

type Validator = { safeParse(value: unknown): { success: boolean; error?: unknown } };
type Method = (...args: unknown[]) => Promise<unknown> & { withResponse(): Promise<{ data: unknown; attempts: number }> };

/** One operation as the checks call it: its wire descriptor (`operations.ts`). */
interface Operation {
  operationId: string;
  methodName: string;
  method: string;
  path: string;
  fields: readonly { name: string; in: string }[];
}

/** What the bundle gives the checks: msw's `getResponse` and one generation of the podcast document (client, validators, fixtures, MSW). */
export interface MswModules {
  getResponse(handlers: unknown[], request: Request): Promise<Response | undefined>;
  msw: { podcastMswBaseUrl: string; createPodcastHandlers(options?: { overrides?: Record<string, unknown> }): unknown[] };
  /** The generated `index.ts`: `createPodcastClient` and the validators (`operationSchemas`). */
  podcast: Loose;
  fixtures: Record<string, { params: Loose | null; response: { status: number; body: unknown } }>;
  operations: readonly Operation[];
}

/** Every check, one after another. */
export async function runMswChecks(modules: MswModules): Promise<WireCheck[]> {
  const { getResponse, msw, fixtures, operations } = modules;
  const base = msw.podcastMswBaseUrl;
  const schemas = modules.podcast['operationSchemas'] as Record<string, { envelope?: Validator; data: Validator; errors: Record<string, Validator> }>;
  /** The request of an operation with its fixture's input: path parameters filled, the rest as a JSON body (MSW matches by method and path). */
  const requestOf = (op: Operation): Request => {
    const params = fixtures[op.operationId]?.params ?? {};
    const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
    const body = op.method === 'GET' || op.method === 'DELETE' ? undefined : JSON.stringify(params);
    return new Request(`${base}${path}`, { method: op.method, body, headers: { 'content-type': 'application/json' } });
  };
  const answer = async (handlers: unknown[], op: Operation) => {
    const response = await getResponse(handlers, requestOf(op));
    return response ? { status: response.status, headers: response.headers, body: (await response.json()) as Loose } : undefined;
  };
  const op = (id: string) => operations.find((o) => o.operationId === id) as Operation;

  const checks: Check[] = [
    [
      'every operation is answered by its MSW handler with its fixture, valid against its zod validator',
      async () => {
        const handlers = msw.createPodcastHandlers();
        for (const operation of operations) {
          const id = operation.operationId;
          const got = await answer(handlers, operation);
          const fixture = fixtures[id]?.response;
          if (!got || got.status !== fixture?.status || !same(got.body, fixture.body)) return `${id}: ${JSON.stringify(got?.body)}`;
          const { envelope, data } = schemas[id] ?? {};
          if (!envelope?.safeParse(got.body).success || !data?.safeParse(got.body['data']).success) return `${id}: refused by its validator`;
          // The validator can say no: a result code that is not a number is refused.
          if (envelope.safeParse({ ...got.body, code: 'zero' }).success) return `${id}: its envelope validator took code "zero"`;
        }
        return undefined;
      },
    ],
    [
      'overrides take effect: a 429 with Retry-After once, then the fixture; a payload; a whole answer',
      async () => {
        const handlers = msw.createPodcastHandlers({
          overrides: {
            quotaSummary: { status: 429, retryAfter: 2, times: 1 },
            getVoiceCloneAllowance: { data: { free_count: 0 } },
            getSubscription: { response: { status: 403, body: { code: 403, msg: 'no subscription' } } },
          },
        });
        const limited = await answer(handlers, op('quotaSummary'));
        const limit = schemas['quotaSummary']?.errors['429'];
        if (
          limited?.status !== 429 ||
          limited.headers.get('retry-after') !== '2' ||
          limited.body['retry_after'] !== 2 ||
          !limit?.safeParse(limited.body).success
        )
          return `quotaSummary first: ${limited?.status} ${JSON.stringify(limited?.body)}`;
        const after = await answer(handlers, op('quotaSummary'));
        if (after?.status !== 200 || !same(after.body, fixtures['quotaSummary']?.response.body)) return `quotaSummary then: ${after?.status}`;
        const allowance = await answer(handlers, op('getVoiceCloneAllowance'));
        const rid = (fixtures['getVoiceCloneAllowance']?.response.body as Loose)['rid'];
        if (!same(allowance?.body['data'], { free_count: 0 }) || allowance?.body['rid'] !== rid)
          return `getVoiceCloneAllowance: ${JSON.stringify(allowance?.body)}`;
        const refused = await answer(handlers, op('getSubscription'));
        return refused?.status === 403 && refused.body['msg'] === 'no subscription' ? undefined : `getSubscription: ${refused?.status}`;
      },
    ],
    [
      'the generated client, fetching through the MSW handlers, gets every fixture and retries their 429',
      async () => {
        const handlers = msw.createPodcastHandlers({ overrides: { quotaSummary: { status: 429, retryAfter: 1, times: 1 } } });
        const fetchVia = async (input: RequestInfo | URL, init?: RequestInit) =>
          (await getResponse(handlers, new Request(input, init))) ?? new Response('no MSW handler', { status: 404 });
        const create = modules.podcast['createPodcastClient'] as (options: object) => Record<string, Method>;
        const client = create({ apiKey: 'msw-key', baseUrl: base, fetch: fetchVia, maxRetryWaitMs: 5000 });
        const first = await (client['quotaSummary'] as Method)().withResponse();
        if (first.attempts !== 2) return `quotaSummary: attempts ${first.attempts}`;
        for (const operation of operations) {
          const fixture = fixtures[operation.operationId];
          const data = await (client[operation.methodName] as Method)(...(operation.fields.length > 0 ? [fixture?.params] : []));
          if (!same(data, (fixture?.response.body as Loose)['data'])) return `${operation.operationId}: ${JSON.stringify(data)}`;
        }
        return undefined;
      },
    ],
  ];
  return runChecks(checks);
}
