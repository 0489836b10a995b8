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
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
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

/** The rule sets of decision 018 (WCAG 2.0–2.2 A and AA), and axe's best practices as before. */
export const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] as const;

/** The narrowest phone the pages must reflow on (WCAG 1.4.10: 320 CSS px) and a desktop screen. */
export const narrowViewport = { width: 320, height: 640 } as const;
export const wideViewport = { width: 1280, height: 720 } as const;

async function settled(page: Page): Promise<void> {
  // Judge the page as a person sees it once it has settled: a popover fading in has, for a moment,
  // half-transparent text that axe would measure as low contrast.
  // Endless animations (a loading spinner) never settle and are not what fades in: they are left out.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

async function axeSummary(page: Page, exclude: readonly string[]): Promise<string[]> {
  await settled(page);
  let builder = new AxeBuilder({ page }).withTags([...axeTags]);
  for (const selector of exclude) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
}

/**
 * How far the page scrolls sideways, and what sticks out: elements whose right edge is past the
 * window and that no scrolling box of their own holds (a wide table in an overflow:auto box is fine).
 */
async function sidewaysScroll(page: Page): Promise<{ excess: number; culprits: string[] }> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const excess = document.documentElement.scrollWidth - width;
    const culprits: string[] = [];
    if (excess <= 0) return { excess, culprits };
    const heldByScroller = (el: Element) => {
      // A positioned element escapes a scrolling box that is not its containing block: count it.
      if (/^(absolute|fixed)$/.test(getComputedStyle(el).position)) return false;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        if (/(auto|scroll|hidden|clip)/.test(getComputedStyle(p).overflowX) && p.getBoundingClientRect().right <= width + 0.5) return true;
      }
      return false;
    };
    for (const el of document.querySelectorAll('body *')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 0.5 || heldByScroller(el)) continue;
      // The innermost ones say most: skip an element whose child sticks out as far.
      if ([...el.children].some((c) => c.getBoundingClientRect().right >= box.right - 0.5)) continue;
      culprits.push(
        `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}"> right ${Math.round(box.right)} px: "${(el.textContent ?? '').trim().slice(0, 40)}"`,
      );
    }
    return { excess, culprits: culprits.slice(0, 8) };
  });
}

let screenshotCount = 0;

/**
 * Fails the test with a readable list when axe (WCAG 2.0–2.2 A/AA) finds any violation on the page as
 * it is now, at 1280 px and at 320 px, or when the page scrolls sideways at 320 px
 * (`document.documentElement.scrollWidth <= innerWidth`, WCAG 1.4.10). The window is put back as it
 * was. With E2E_SCREENSHOT_DIR set, the 320 px view is saved there to look at. `exclude` leaves
 * elements out of axe's check: only for a deviation the accessibility statement names.
 */
export async function expectNoAxeViolations(page: Page, options: { exclude?: readonly string[] } = {}): Promise<void> {
  const exclude = options.exclude ?? [];
  const original = page.viewportSize();
  try {
    await page.setViewportSize(wideViewport);
    expect(await axeSummary(page, exclude), `axe violations at 1280 px on ${page.url()}`).toEqual([]);
    await page.setViewportSize(narrowViewport);
    // Anchored popovers (the user menu) move to their anchor in an animation frame after the resize:
    // the layout is given up to 2 s to settle before it is judged.
    let scroll = await sidewaysScroll(page);
    for (let i = 0; i < 10 && scroll.excess > 0; i++) {
      await page.waitForTimeout(200);
      scroll = await sidewaysScroll(page);
    }
    expect(
      scroll.excess > 0 ? [`${scroll.excess} px too wide`, ...scroll.culprits] : [],
      `sideways scrolling at 320 px on ${page.url()}`,
    ).toEqual([]);
    expect(await axeSummary(page, exclude), `axe violations at 320 px on ${page.url()}`).toEqual([]);
    const folder = process.env.E2E_SCREENSHOT_DIR;
    if (folder) {
      const name = `${String(++screenshotCount).padStart(3, '0')}-${new URL(page.url()).pathname.replace(/[^a-z0-9]+/gi, '_')}.png`;
      await page.screenshot({ path: `${folder}/${name}`, fullPage: true });
    }
  } finally {
    if (original) await page.setViewportSize(original);
  }
}
