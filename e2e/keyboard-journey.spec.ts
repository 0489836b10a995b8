import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expectNoAxeViolations, newPage, useBrowser } from './support/browser';

/**
 * Decision 018: the whole way from the home page to a sent application by keyboard alone — Tab,
 * Shift+Tab, Enter, Space, arrow keys and typing; the mouse is never used. Data this spec owns: the
 * first room of Ammerud skole, about twenty weeks ahead (no other spec or demo booking is there).
 */

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails when it never gets it. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 80 } = {}): Promise<void> {
  const element = target.first();
  await element.waitFor({ timeout: 30_000 });
  for (let i = 0; i < max; i++) {
    if (await element.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

/** Where the grid's focused cell is, and where the wanted one is: [row, column] each. */
async function gridPositions(grid: Locator, wanted: RegExp): Promise<{ at: [number, number]; target: [number, number] | null }> {
  return grid.evaluate((table, source) => {
    const pattern = new RegExp(source);
    const rows = [...table.querySelectorAll('tr')];
    const cellsOf = (row: Element) => [...row.querySelectorAll('button, [role="gridcell"]')].filter((c) => c.tagName !== 'TH');
    let at: [number, number] = [-1, -1];
    let target: [number, number] | null = null;
    rows.forEach((row, r) =>
      cellsOf(row).forEach((cell, c) => {
        if (cell === document.activeElement) at = [r, c];
        if (!target && pattern.test(cell.getAttribute('aria-label') ?? '')) target = [r, c];
      }),
    );
    return { at, target };
  }, wanted.source);
}

describe('a citizen applies from the home page by keyboard alone', () => {
  const browser = useBrowser();
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await newPage(browser()));
  });
  afterAll(async () => {
    await context.close();
  });

  it('finds a school, chooses a room and an hour in the calendar, fills in the form, logs in and sends', async () => {
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Finn lokaler til lån og leie' }).waitFor();
    // The heading comes with the HTML (the starting shell, decision 028): the app is there with its categories.
    await page.getByRole('navigation', { name: 'Kategorier' }).waitFor();

    // The skip link comes first.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Hopp til hovedinnhold');

    await tabTo(page, page.getByRole('link', { name: /Skolelokaler/ }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Lån av skolelokaler' }).waitFor();
    await tabTo(page, page.getByRole('searchbox', { name: 'Søk' }));
    await page.keyboard.type('Ammerud');
    await page.getByRole('link', { name: 'Ammerud skole' }).waitFor();
    await tabTo(page, page.getByRole('link', { name: 'Ammerud skole' }));
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { level: 1, name: 'Ammerud skole' }).waitFor();
    const choose = page.getByRole('button', { name: 'Velg rom' }).first();
    await tabTo(page, choose);
    await page.keyboard.press('Space');
    const summary = page.getByRole('complementary', { name: 'Valgte rom' });
    await summary.getByRole('button', { name: 'Fjern' }).or(summary.getByRole('listitem')).first().waitFor();
    await tabTo(page, summary.getByRole('button', { name: 'Se ledige tider' }));
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { level: 1, name: 'Velg tidspunkt' }).waitFor();
    const grid = page.getByRole('grid');
    await grid.waitFor();
    // Twenty weeks ahead, by the week step button (Enter again and again; the focus stays on it).
    await tabTo(page, page.getByRole('button', { name: 'Neste uke' }));
    for (let i = 0; i < 20; i++) {
      const before = await grid.getAttribute('aria-label');
      await page.keyboard.press('Enter');
      await expect.poll(() => grid.getAttribute('aria-label'), { timeout: 15_000 }).not.toBe(before);
    }
    // Into the grid (one tab stop), then the arrow keys to Tuesday 18:00.
    await tabTo(page, grid.locator('[tabindex="0"]'));
    const { at, target } = await gridPositions(grid, /^tirsdag .* kl\. 18:00–18:15, Ledig$/);
    expect(target, 'a free Tuesday 18:00 in the week shown').not.toBeNull();
    const [row, col] = target!;
    for (let r = at[0]; r < row; r++) await page.keyboard.press('ArrowDown');
    for (let r = at[0]; r > row; r--) await page.keyboard.press('ArrowUp');
    for (let c = at[1]; c < col; c++) await page.keyboard.press('ArrowRight');
    for (let c = at[1]; c > col; c--) await page.keyboard.press('ArrowLeft');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/^tirsdag .* kl\. 18:00–18:15, Ledig$/);
    // One hour, the schools' minimum: Space chooses, ArrowDown moves on.
    await page.keyboard.press('Space');
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Space');
    }
    await expect
      .poll(() => page.getByRole('region', { name: 'Valgte tider' }).getByRole('listitem').allTextContents())
      .toEqual([expect.stringMatching(/kl\. 18:00–19:00$/)]);
    await tabTo(page, page.getByRole('button', { name: 'Legg til valgte tider' }));
    await page.keyboard.press('Enter');
    const added = page.getByRole('region', { name: 'Tider i søknaden' });
    await added.getByText('Tiden er ledig.').waitFor({ timeout: 15_000 });
    await tabTo(page, added.getByRole('button', { name: 'Gå til søknad' }));
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { level: 1, name: 'Søknad om lån av lokale' }).waitFor();
    const fields: [string, string][] = [
      ['Aktivitet', 'Sjakkurs for nybegynnere'],
      ['Hvem er aktiviteten for, og hva er formålet?', 'Voksne i nabolaget'],
      ['Forventet antall deltakere', '12'],
      ['E-post', 'kari@example.no'],
      ['Telefon', '91234567'],
    ];
    for (const [label, value] of fields) {
      await tabTo(page, page.getByRole('textbox', { name: label, exact: true }));
      await page.keyboard.type(value);
    }
    await tabTo(page, page.getByRole('button', { name: 'Send søknad (logg inn)' }));
    await page.keyboard.press('Enter');

    // The local ID-porten's login page, by keyboard too.
    await page.waitForURL(/\/idp\//, { timeout: 30_000 });
    await tabTo(page, page.getByRole('button', { name: 'Logg inn som Kari Nordmann' }));
    await page.keyboard.press('Enter');

    const send = page.getByRole('button', { name: 'Send søknad', exact: true });
    await send.waitFor({ timeout: 30_000 });
    expect(await page.getByRole('textbox', { name: 'Aktivitet', exact: true }).inputValue()).toBe('Sjakkurs for nybegynnere');
    const posted = page.waitForResponse((r) => r.url().endsWith('/api/booking') && r.request().method() === 'POST', { timeout: 30_000 });
    await tabTo(page, send);
    await page.keyboard.press('Enter');
    expect((await posted).status()).toBe(201);

    // Spec 01 §2: back at the start, with the receipt in focus and its link a Tab away.
    const receipt = page.getByRole('heading', { level: 2, name: 'Søknaden din er sendt' });
    await receipt.waitFor({ timeout: 30_000 });
    expect(await receipt.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectNoAxeViolations(page);
    await tabTo(page, page.getByRole('link', { name: 'Se søknaden under Mine bookinger' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/bookinger\/\d+$/, { timeout: 30_000 });
    await page.getByText('Venter på behandling').first().waitFor({ timeout: 30_000 });
  });

  it("reaches the 'Tilgjengelighetserklæring' from the footer", async () => {
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Finn lokaler til lån og leie' }).waitFor();
    // The heading comes with the HTML (decision 028): wait for the app's footer.
    await page.getByRole('contentinfo').waitFor();
    // From the top of the page backwards: the footer's links are the last tab stops.
    await page.keyboard.press('Tab');
    await tabTo(page, page.getByRole('contentinfo').getByRole('link', { name: 'Tilgjengelighetserklæring' }), { backwards: true });
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Tilgjengelighetserklæring' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Kjente avvik' }).waitFor();
    await expectNoAxeViolations(page);
  });
});
