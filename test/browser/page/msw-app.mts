/**
 * The MSW page of query-and-msw.compat.test.ts: it starts MSW's service worker with one operation's
 * generated handler (`podcast-output` is the generated folder) and calls that operation through the
 * generated client at the document's server, which no part of the test serves: only the worker answers with the fixture.
 * What it got is in `window.mswReport`.
 */
import { setupWorker } from 'msw/browser';
import { createPodcastClient } from 'podcast-output/index.js';
import { quotaSummaryHandler } from 'podcast-output/msw/index.js';
import './reports.js';

try {
  const worker = setupWorker(quotaSummaryHandler());
  await worker.start({ serviceWorker: { url: '/mockServiceWorker.js' }, quiet: true, onUnhandledRequest: 'error' });
  const client = createPodcastClient({ apiKey: 'browser-key', baseUrl: 'https://api.example.com' });
  const data = await client.quotaSummary();
  worker.use(quotaSummaryHandler({ status: 429, retryAfter: 0, times: 1 }));
  const retried = await client.quotaSummary().withResponse();
  window.mswReport = { data, retried: { data: retried.data, attempts: retried.attempts }, controlled: navigator.serviceWorker.controller !== null };
  document.body.dataset['done'] = 'true';
} catch (error) {
  document.body.dataset['done'] = 'false';
  document.body.dataset['failure'] = String(error);
}
