/**
 * The MSW output of the podcast document in Node (`msw/node`'s setupServer), called by the generated
 * client: every operation's fixture comes back, and each kind of override answers as it says.
 */
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPodcastClient, type PodcastClient } from '../../generated/client.js';
import { fixtures } from '../../generated/fixtures/index.js';
import { operations } from '../../generated/operations.js';
import { ApiError, RateLimitError } from '../../generated/runtime.js';
import { generatedOutput, removeOutputs, type MswModule } from '../helpers/query-and-msw.js';

const BASE_URL = 'https://api.example.com';

let msw: MswModule;
let server: ReturnType<typeof setupServer>;
/** The requests MSW saw, in order: method and path. */
const seen: string[] = [];

beforeAll(async () => {
  msw = (await generatedOutput()).msw;
  server = setupServer(...msw.createPodcastHandlers());
  server.events.on('request:start', ({ request }) => void seen.push(`${request.method} ${new URL(request.url).pathname}`));
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
});
afterAll(() => {
  // MSW patches the global fetch: the next test file of this worker gets it back.
  server.close();
  removeOutputs();
});

const client = (options: { baseUrl?: string; maxRetries?: number } = {}): PodcastClient =>
  createPodcastClient({ apiKey: 'test-key', baseUrl: BASE_URL, ...options });

type AnyMethod = (...args: unknown[]) => Promise<unknown>;

describe('the MSW handlers of every operation, with the generated client', () => {
  it('answer every operation with its fixture', async () => {
    const api = client() as unknown as Record<string, AnyMethod>;
    const ids = Object.keys(fixtures) as (keyof typeof fixtures)[];
    expect(ids).toHaveLength(12);
    for (const id of ids) {
      const spec = operations.find((o) => o.operationId === id);
      if (!spec) throw new Error(id);
      const data = await (api[spec.methodName] as AnyMethod)(...(spec.fields.length > 0 ? [fixtures[id].params] : []));
      expect(data, id).toStrictEqual(fixtures[id].response.body.data);
    }
    expect(seen).toHaveLength(12);
    expect(seen).toContain('GET /open/podcast/v1/catalogs/voices');
  });

  it('answer on the document’s first server by default, and on another base address when told', async () => {
    expect(msw.podcastMswBaseUrl).toBe(BASE_URL);
    const elsewhere = client({ baseUrl: 'https://staging.example.com', maxRetries: 0 });
    await expect(elsewhere.quotaSummary()).rejects.toThrow();
    server.use(msw.quotaSummaryHandler(undefined, { baseUrl: 'https://staging.example.com' }));
    expect(await elsewhere.quotaSummary()).toStrictEqual(fixtures.quotaSummary.response.body.data);
    server.use(...msw.createPodcastHandlers({ baseUrl: '*' }));
    expect(await client({ baseUrl: 'http://127.0.0.1:9' }).getVoiceCloneAllowance()).toStrictEqual(fixtures.getVoiceCloneAllowance.response.body.data);
  });
});

describe('an override', () => {
  it('by value: the payload, in the fixture’s envelope', async () => {
    server.use(msw.getVoiceCloneAllowanceHandler({ data: { free_count: 0 } }));
    const answer = await client().getVoiceCloneAllowance().withResponse();
    expect(answer.data).toStrictEqual({ free_count: 0 });
    expect(answer.rid).toBe(fixtures.getVoiceCloneAllowance.response.body['rid']);
  });

  it('by value: a whole answer, its fields over the fixture’s', async () => {
    const body = { code: 1001, msg: 'no such kind', cause: '', data: null, details: {}, rid: 'req_1' };
    server.use(msw.searchCatalogHandler({ response: { status: 404, body } }));
    const error = await client()
      .searchCatalog({ kind: 'voices' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 1001, msg: 'no such kind', rid: 'req_1' });
  });

  it('by resolver: MSW’s own, with the request and its path parameters; nothing passes it on to the fixture', async () => {
    const kinds: unknown[] = [];
    server.use(
      msw.searchCatalogHandler(({ params }) => {
        kinds.push(params['kind']);
        return params['kind'] === 'avatars' ? HttpResponse.json({ code: 0, msg: 'success', data: { avatars: 3 } }) : undefined;
      }),
    );
    expect(await client().searchCatalog({ kind: 'avatars' })).toStrictEqual({ avatars: 3 });
    expect(await client().searchCatalog({ kind: 'voices' })).toStrictEqual(fixtures.searchCatalog.response.body.data);
    expect(kinds).toStrictEqual(['avatars', 'voices']);
  });

  it('by status: a 429 with its Retry-After, once, is retried and then succeeds', async () => {
    server.use(msw.quotaSummaryHandler({ status: 429, retryAfter: 0, times: 1 }));
    const answer = await client().quotaSummary().withResponse();
    expect(answer.data).toStrictEqual(fixtures.quotaSummary.response.body.data);
    expect(answer.attempts).toBe(2);
    expect(seen).toStrictEqual(['GET /open/podcast/v1/quota/summary', 'GET /open/podcast/v1/quota/summary']);
  });

  it('by status: a 429 every time ends in a RateLimitError with its wait, in the header and the body', async () => {
    server.use(msw.quotaSummaryHandler({ status: 429, retryAfter: 7 }));
    const error = await client({ maxRetries: 0 })
      .quotaSummary()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, retryAfter: 7, headers: { 'retry-after': '7' }, body: { code: 429, retry_after: 7 } });
    // The default wait is short, as the mock's.
    server.resetHandlers(msw.quotaSummaryHandler({ status: 429 }));
    expect(
      await client({ maxRetries: 0 })
        .quotaSummary()
        .catch((e: unknown) => e),
    ).toMatchObject({ retryAfter: msw.DEFAULT_RETRY_AFTER_SECONDS });
  });

  it('by status: a declared error answers that status’s fixture', async () => {
    server.use(msw.getSubscriptionHandler({ status: 500 }));
    const error = await client({ maxRetries: 0 })
      .getSubscription()
      .catch((e: unknown) => e);
    const declared = fixtures.getSubscription.errors.find((e) => e.status === 500)?.body as Record<string, unknown>;
    expect(error).toMatchObject({ status: 500, msg: declared['msg'], rid: declared['rid'] });
    // 503 without a body, declared by the quota summary alone (which the client retries: the business operation was not executed).
    server.use(msw.quotaSummaryHandler({ status: 503 }));
    expect(
      await client({ maxRetries: 0 })
        .quotaSummary()
        .catch((e: unknown) => e),
    ).toMatchObject({ status: 503, body: undefined });
  });

  it('refuses a status the operation has no fixture of, naming the ones it has', () => {
    expect(() => msw.getSubscriptionHandler({ status: 429 })).toThrow('getSubscription: no fixture of status 429 (the statuses with one: 500)');
  });

  it('given to createPodcastHandlers: answers before the fixture, which answers after `times`', async () => {
    server.resetHandlers(
      ...msw.createPodcastHandlers({ overrides: { addImage: { status: 500, times: 1 }, getVoiceCloneAllowance: { data: { free_count: 9 } } } }),
    );
    await expect(client({ maxRetries: 0 }).addImage({ image_material: 'https://cdn.example.com/a.png' })).rejects.toMatchObject({ status: 500 });
    expect(await client().addImage({ image_material: 'https://cdn.example.com/a.png' })).toStrictEqual(fixtures.addImage.response.body.data);
    expect(await client().getVoiceCloneAllowance()).toStrictEqual({ free_count: 9 });
  });
});
