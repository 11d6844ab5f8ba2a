/**
 * The TanStack Query and MSW outputs in a real browser (Debian's chromium, driven by playwright-core):
 * a React page using the TanStack Query output against `podcast-gen mock` on another origin shows the
 * mock's data, a page with MSW's service worker gets one operation's fixture from the generated
 * handler, at the document's server, which no part of the test serves, and a React page walks a
 * paged operation's infinite query over the pages MSW's worker serves (test/fixtures/paging/styles.yaml).
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../cli/helpers/build.js';
import { GENERATED, ROOT } from '../helpers/paths.js';
import { writeOutput } from '../helpers/query-and-msw.js';
import { launchChromium, skipBrowser, skipReason } from './chromium.js';
import { startMockProcess, type MockProcess } from './mock-process.js';
import type { InfinitePageReport, MswPageReport } from './page/reports.js';
import { startPageServer } from './page-server.js';

const PAGE = join(ROOT, 'test', 'browser', 'page');
const REPORT_TIMEOUT_MS = 20_000;

if (skipBrowser) console.warn(`query-and-msw: skipped: ${skipReason}`);

/** A page's HTML: a root for React and its script. */
const html = (script: string) =>
  `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>podcast-gen</title></head>\n<body>\n<div id="root"></div>\n<script type="module" src="${script}"></script>\n</body>\n</html>\n`;

/** A page's script as an app's build makes it: esbuild, for the browser, minified, React in production mode. */
async function bundle(entry: string, output: string, pager = ''): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    minify: true,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    alias: { 'podcast-output': output, ...(pager ? { 'pager-output': pager } : {}) },
    write: false,
    logLevel: 'silent',
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error(`esbuild produced no output for ${entry}`);
  return file.text;
}

/** A fixture's payload, from the committed output (the mock serves the same document). */
const payload = (operationId: string): unknown =>
  (JSON.parse(readFileSync(join(GENERATED, 'fixtures', `${operationId}.json`), 'utf8')) as { response: { body: { data: unknown } } }).response.body.data;

describe.skipIf(skipBrowser)(skipBrowser ? `real browser: skipped (${skipReason})` : 'the TanStack Query and MSW outputs in a real browser', () => {
  let browser: Browser | undefined;
  let mock: MockProcess | undefined;
  let pages: Awaited<ReturnType<typeof startPageServer>> | undefined;
  let folder = '';
  let pagerFolder = '';

  beforeAll(async () => {
    // `podcast-gen mock` runs the built CLI: build it first if a source is newer.
    await ensureBuilt();
    ({ folder } = await writeOutput('query-browser', { outputs: ['client', 'tanstack-query', 'msw'] }));
    ({ folder: pagerFolder } = await writeOutput('query-browser-pager', {
      spec: join(ROOT, 'test', 'fixtures', 'paging', 'styles.yaml'),
      name: 'pager',
      outputs: ['client', 'tanstack-query', 'msw'],
    }));
    const [queryScript, mswScript, infiniteScript] = await Promise.all([
      bundle(join(PAGE, 'query-app.tsx'), folder),
      bundle(join(PAGE, 'msw-app.mts'), folder),
      bundle(join(PAGE, 'infinite-app.tsx'), folder, pagerFolder),
      (async () => (mock = await startMockProcess(60_000)))(),
    ]);
    const js = (body: string) => ({ type: 'text/javascript; charset=utf-8', body });
    pages = await startPageServer('', {
      '/query.html': { type: 'text/html; charset=utf-8', body: html('/query.js') },
      '/query.js': js(queryScript),
      '/msw.html': { type: 'text/html; charset=utf-8', body: html('/msw.js') },
      '/msw.js': js(mswScript),
      '/infinite.html': { type: 'text/html; charset=utf-8', body: html('/infinite.js') },
      '/infinite.js': js(infiniteScript),
      // MSW's worker script, as `npx msw init` would copy it into an app's public folder.
      '/mockServiceWorker.js': js(readFileSync(join(ROOT, 'node_modules', 'msw', 'lib', 'mockServiceWorker.js'), 'utf8')),
    });
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await pages?.close();
    await mock?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
    if (pagerFolder) rmSync(pagerFolder, { recursive: true, force: true });
  });

  /** Opens `path` in a fresh context, waits for the page to say it is done, and gives `read(page)`. */
  async function open<T>(path: string, read: (page: Page) => Promise<T>): Promise<{ value: T; console: string[] }> {
    if (!browser || !pages) throw new Error('the browser or the page server did not start');
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const printed: string[] = [];
      page.on('console', (message) => printed.push(message.text()));
      page.on('pageerror', (error) => printed.push(String(error)));
      await page.goto(`${pages.url}${path}`, { timeout: REPORT_TIMEOUT_MS });
      await page.waitForSelector('body[data-done]', { state: 'attached', timeout: REPORT_TIMEOUT_MS });
      if ((await page.getAttribute('body', 'data-done')) !== 'true')
        throw new Error(`the page failed: ${await page.getAttribute('body', 'data-failure')}\n${printed.join('\n')}`);
      return { value: await read(page), console: printed };
    } finally {
      await context.close();
    }
  }

  it('renders a React page that reads the mock through the TanStack Query output, and invalidates by tag after a mutation', async () => {
    const { value } = await open(`/query.html?api=${encodeURIComponent(mock?.url ?? '')}`, async (page) => ({
      report: await page.evaluate(() => window.queryReport),
      credits: await page.textContent('#credits'),
      plan: await page.textContent('#plan'),
      backgrounds: await page.$$eval('#backgrounds li', (items) => items.map((item) => item.textContent)),
      added: await page.textContent('#added'),
    }));
    const quota = payload('quotaSummary') as { credits_remaining: number; plan_name: string };
    const backgrounds = payload('listImageBackgrounds') as { list: { background: string }[] };
    expect(value.report).toStrictEqual({
      quota,
      catalog: payload('searchCatalog'),
      backgrounds,
      added: payload('addImage'),
      backgroundFetches: 2,
    });
    // What the page shows is the mock's data, rendered by React.
    expect(value.credits).toBe(String(quota.credits_remaining));
    expect(value.plan).toBe(quota.plan_name);
    expect(value.backgrounds).toStrictEqual(backgrounds.list.map((b) => b.background));
    expect(value.added).toBe(String((payload('addImage') as { id: number }).id));
    // The mock answered each call, the list twice: again after the mutation invalidated its tag.
    const log = mock?.output() ?? '';
    for (const operationId of ['quotaSummary', 'searchCatalog', 'addImage']) expect(log).toMatch(new RegExp(`-> 200 \\(${operationId}\\)`));
    expect(log.match(/-> 200 \(listImageBackgrounds\)/g)).toHaveLength(2);
  });

  it('answers one operation from MSW’s service worker, with the fixture and with a 429 the client retries', async () => {
    const { value } = await open('/msw.html', (page) => page.evaluate(() => window.mswReport));
    const quota = payload('quotaSummary');
    expect(value).toStrictEqual({ data: quota, retried: { data: quota, attempts: 2 }, controlled: true } satisfies MswPageReport);
  });

  it('walks a paged operation’s infinite query in React over the pages MSW’s worker serves, next page after next page', async () => {
    const { value } = await open('/infinite.html', async (page) => ({
      report: await page.evaluate(() => window.infiniteReport),
      shown: await page.$$eval('#issues li', (items) => items.map((item) => item.textContent)),
    }));
    const issues = Array.from({ length: 7 }, (_, i) => ({ id: i + 1, title: `issue ${i + 1}` }));
    expect(value.report).toStrictEqual({ pageSizes: [3, 3, 1], items: issues } satisfies InfinitePageReport);
    expect(value.shown).toStrictEqual(issues.map((issue) => issue.title));
  });
});
