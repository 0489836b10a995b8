import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { findChromium } from '../../scripts/chromium.mjs';

/**
 * Debian's Chromium, started as STACK.md says works here (root, no network). Playwright gives every
 * launch a fresh, empty profile of its own (it refuses --user-data-dir in args).
 */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium not found: apt-get install -y chromium, or set CHROMIUM_PATH');
  return chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** What the browser said about the server's Content-Security-Policy since the last test ended. */
const cspViolations: string[] = [];

/**
 * One browser for the describe block this is called in: launched before its first test, closed
 * (with every context still open) after its last. Returns a getter, since the browser exists only
 * once the hook has run. A test in which any page broke the Content-Security-Policy fails.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(() => {
    expect(cspViolations.splice(0), 'Content-Security-Policy violations').toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('useBrowser: the browser is there only inside a test or a later hook');
    return browser;
  };
}

/** A fresh context (AxeBuilder needs pages from a context) with Norwegian locale and Oslo time. */
export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: inject('baseUrl'), locale: 'nb-NO', timezoneId: 'Europe/Oslo' });
  // Chromium reports every refused script, style, image, connection or form target on the console.
  context.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) cspViolations.push(`${message.location().url}: ${message.text()}`);
  });
  const page = await context.newPage();
  return { context, page };
}

/** Fails the test with a readable list when axe finds any violation on the page as it is now. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // Judge the page as a person sees it once it has settled: a popover fading in has, for a moment,
  // half-transparent text that axe would measure as low contrast.
  // Endless animations (a loading spinner) never settle and are not what fades in: they are left out.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}
