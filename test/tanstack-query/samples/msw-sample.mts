/**
 * The MSW output as a test uses it, type-checked under strict by typecheck.compat.test.ts: each
 * override typed by its operation (its payload, its declared statuses).
 */
import { HttpResponse, type HttpHandler } from 'msw';
import { fixtures } from 'podcast-output/fixtures/index.js';
import {
  createPodcastHandlers,
  getSubscriptionHandler,
  getVoiceCloneAllowanceHandler,
  quotaSummaryHandler,
  type PodcastMswOverride,
} from 'podcast-output/msw/index.js';

export const handlers: HttpHandler[] = [
  ...createPodcastHandlers({ baseUrl: '*', overrides: { addImage: { status: 500, times: 1 } } }),
  quotaSummaryHandler({ status: 429, retryAfter: 0, times: 1 }),
  quotaSummaryHandler({ status: 503 }),
  getVoiceCloneAllowanceHandler({ data: { free_count: 0 } }),
  getSubscriptionHandler({ response: { status: 403, body: { code: 403 } } }),
  quotaSummaryHandler(({ request }) => (request.headers.has('x-api-key') ? undefined : HttpResponse.json({ code: 401 }, { status: 401 }))),
];

export const override: PodcastMswOverride<'quotaSummary'> = { data: fixtures.quotaSummary.response.body.data };

export const refused = [
  // @ts-expect-error: free_count is a number
  getVoiceCloneAllowanceHandler({ data: { free_count: 'none' } }),
  // @ts-expect-error: getSubscription declares no 429
  getSubscriptionHandler({ status: 429 }),
  // @ts-expect-error: one kind of override at a time
  quotaSummaryHandler({ status: 429, data: fixtures.quotaSummary.response.body.data }),
  // @ts-expect-error: an operation the document does not have
  createPodcastHandlers({ overrides: { addImages: { status: 500 } } }),
];
