/**
 * A real browser (Debian's chromium, driven by playwright-core) loads a page from one origin that
 * calls every operation through the generated client against `podcast-gen mock` on another origin,
 * as a front-end developer's app does. The X-Api-Key header makes each call a CORS preflight.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../cli/helpers/build.js';
import { launchChromium, skipBrowser, skipReason } from './chromium.js';
import { startLoopback } from '../helpers/loopback.js';
import { GENERATED } from '../helpers/paths.js';
import { startMockProcess, type MockProcess } from './mock-process.js';
import type { PageReport } from './page/app.js';
import { bundleApp, startPageServer } from './page-server.js';

const REPORT_TIMEOUT_MS = 20_000;

const skip = skipBrowser;
if (skip) console.warn(`mock-from-browser: skipped: ${skipReason}`);

/** The mock's answers: the success payload of each operation, from generated/fixtures/<operationId>.json. */
function fixturePayloads(): Map<string, unknown> {
  const folder = join(GENERATED, 'fixtures');
  const files = readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort();
  return new Map(
    files.map((name) => {
      const fixture = JSON.parse(readFileSync(join(folder, name), 'utf8')) as { operationId: string; response: { body: { data: unknown } } };
      return [fixture.operationId, fixture.response.body.data];
    }),
  );
}

describe.skipIf(skip)(skip ? `real browser: skipped (${skipReason})` : 'the generated client in a real browser, on another origin than the mock', () => {
  let browser: Browser | undefined;
  let mock: MockProcess | undefined;
  let pages: Awaited<ReturnType<typeof startPageServer>> | undefined;

  beforeAll(async () => {
    // `podcast-gen mock` runs the built CLI: build it first if a source is newer, once for all test files.
    await ensureBuilt();
    const [script] = await Promise.all([bundleApp(), (async () => (mock = await startMockProcess(60_000)))()]);
    pages = await startPageServer(script);
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await pages?.close();
    await mock?.stop();
  });

  /** Opens the page in a fresh context with `query` and returns its report and what its console printed. */
  async function openPage(query: Record<string, string>): Promise<{ report: PageReport; console: string[] }> {
    if (!browser || !pages) throw new Error('the browser or the page server did not start');
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const printed: string[] = [];
      page.on('console', (message) => printed.push(message.text()));
      await page.goto(`${pages.url}/?${new URLSearchParams(query).toString()}`, { timeout: REPORT_TIMEOUT_MS });
      await page.waitForSelector('body[data-done]', { state: 'attached', timeout: REPORT_TIMEOUT_MS });
      if ((await page.getAttribute('body', 'data-done')) !== 'true')
        throw new Error(`the page failed: ${await page.textContent('body')}\n${printed.join('\n')}`);
      const report = await page.evaluate(() => window.report);
      if (!report) throw new Error('the page set no report');
      return { report, console: printed };
    } finally {
      await context.close();
    }
  }

  let fromMock: Promise<PageReport> | undefined;
  const reportFromMock = () => (fromMock ??= openPage({ api: mock?.url ?? '' }).then((opened) => opened.report));

  it('calls all twelve operations across origins and gets the fixtures back', async () => {
    const expected = fixturePayloads();
    expect(expected.size).toBe(12);
    const report = await reportFromMock();
    expect(report.origin).not.toBe(new URL(mock?.url ?? '').origin);
    expect(Object.keys(report.operations).sort()).toStrictEqual([...expected.keys()]);
    for (const [operationId, data] of expected) {
      expect(report.operations[operationId], operationId).toStrictEqual({ ok: true, data });
    }
    // The mock itself answered each one (its request log), not something else on the way.
    for (const operationId of expected.keys()) expect(mock?.output()).toMatch(new RegExp(`-> 200 \\(${operationId}\\)`));
  });

  it('gets the typed 401 error in the browser for a call without a key', async () => {
    const { missingKey } = await reportFromMock();
    expect(missingKey).toMatchObject({ ok: false, error: { name: 'ApiError', isApiError: true, status: 401 } });
    expect(missingKey?.ok === false && missingKey.error.msg).toMatch(/missing API key/);
    expect(mock?.output()).toMatch(/-> 401 \(getSubscription\)/);
  });

  it('lets the page read the Retry-After of an injected 429', async () => {
    const { rateLimited } = await reportFromMock();
    expect(rateLimited).toMatchObject({ ok: false, error: { name: 'RateLimitError', status: 429, retryAfter: 1 } });
    // The 429 body carries the wait too: the header itself must reach the script, exposed by CORS.
    expect(rateLimited?.ok === false && rateLimited.error.headers?.['retry-after']).toBe('1');
  });

  it('sees the browser block a server that answers without CORS headers', async () => {
    const body = JSON.parse(readFileSync(join(GENERATED, 'fixtures', 'quotaSummary.json'), 'utf8')) as { response: { body: { data: unknown } } };
    const plain = await startLoopback((request) => (request.method === 'OPTIONS' ? { status: 204 } : { body: body.response.body }));
    try {
      // Outside a browser the same server answers, so only CORS can stop the page.
      const direct = (await (await fetch(`${plain.url}/open/podcast/v1/quota/summary`)).json()) as { data: unknown };
      expect(direct.data).toStrictEqual(body.response.body.data);
      plain.requests.length = 0;
      const { report, console: printed } = await openPage({ api: plain.url, only: 'quotaSummary', retries: '0' });
      expect(report.operations.quotaSummary).toMatchObject({ ok: false, error: { name: 'ConnectionError', isApiError: false } });
      // The preflight was refused, so the GET itself never left the browser.
      expect(plain.requests.length).toBeGreaterThan(0);
      expect(plain.requests.map((r) => r.method)).toStrictEqual(plain.requests.map(() => 'OPTIONS'));
      expect(printed.join('\n')).toMatch(/blocked by CORS policy/);
    } finally {
      await plain.close();
    }
  });
});
