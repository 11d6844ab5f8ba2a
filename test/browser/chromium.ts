/**
 * The real browser of the compatibility suite: Debian's chromium, driven by playwright-core
 * (playwright's own browser download cannot run where the tests run). Without it a run outside CI
 * skips the browser tests with the reason; CI installs it and fails without it.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
// Without the background-networking flags Chromium keeps dialing out, and the test machines have no network.
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const haveChromium = existsSync(CHROMIUM);
const inCi = process.env.CI === 'true';
/** True where the browser tests are skipped: no chromium, outside CI. */
export const skipBrowser = !haveChromium && !inCi;
export const skipReason = `${CHROMIUM} is missing: install Debian's chromium package (apt-get install chromium) to run the real-browser test; CI installs it and fails without it`;

/** Launches Chromium headless; in CI without it, fails saying so. */
export async function launchChromium(): Promise<Browser> {
  if (!haveChromium) throw new Error(`CI=true and ${CHROMIUM} is missing: .ci/run installs Debian's chromium package before the tests`);
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, timeout: 30_000 });
}
