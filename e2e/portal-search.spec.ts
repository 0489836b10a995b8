import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoAxeViolations, newPage, useBrowser } from './support/browser';
import { addDays, norwegianDate, osloToday, weekdayAhead } from './support/dates';

/**
 * Spec 01 §2 (the search and the list view): a single-date and a recurring
 * search from the new portal's entry page, on the demo data, the search kept in the URL; and the
 * form's text for a date in the past. Reads only; books nothing.
 */

const cardTitles = (page: Page) =>
  page.getByRole('list', { name: 'Ledige rom', exact: true }).getByRole('article').getByRole('heading').allTextContents();

describe('the new portal search', () => {
  const browser = useBrowser();
  let page: Page;
  const pageErrors: string[] = [];
  beforeAll(async () => {
    ({ page } = await newPage(browser()));
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  it('searches one date from the entry page, shows the free rooms in the list view, and the link shows the same', async () => {
    const date = weekdayAhead(10);
    await page.goto('/portal');
    await page.getByRole('heading', { level: 1, name: 'Finn lokaler etter ønsket aktivitet' }).waitFor();
    await page.getByRole('option', { name: 'Møte', exact: true }).waitFor({ state: 'attached' });
    await expectNoAxeViolations(page);

    await page.getByLabel('Dato', { exact: true }).fill(norwegianDate(date));
    await page.getByLabel('Varighet').selectOption({ label: '2 timer' });
    await page.getByRole('button', { name: 'Søk' }).click();

    await page.getByRole('heading', { level: 1, name: 'Ledige rom' }).waitFor();
    const list = page.getByRole('list', { name: 'Ledige rom', exact: true });
    await list.getByRole('article').first().waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe('/portal');
    expect(url.searchParams.get('searchType')).toBe('list');
    expect(url.searchParams.get('loanType')).toBe('singleLoan');
    expect(url.searchParams.get('date')).toBe(date);
    expect(url.searchParams.get('duration')).toBe('PT2H');
    expect(url.searchParams.getAll('tagIds')).toEqual([]);

    const first = list.getByRole('article').first();
    expect(await first.getByText(/^Ledig på valgt dato$/).count()).toBe(1);
    const href = (await first.getByRole('link').getAttribute('href'))!;
    expect(href).toMatch(/^\/lokale\/\d+\?ressurs=(\d+)&scrollTo=\1&loanType=singleLoan&date=/);
    expect(href).not.toContain('searchType');
    const count = await page.getByText(/^\d+ ledige? rom$/).textContent();
    const titles = await cardTitles(page);
    expect(titles.length).toBeGreaterThan(1);
    await expectNoAxeViolations(page);

    // The link is the search: loaded again, it shows the same rooms in the same order.
    await page.reload();
    await list.getByRole('article').first().waitFor();
    expect(await page.getByLabel('Dato', { exact: true }).inputValue()).toBe(norwegianDate(date));
    expect(await page.getByLabel('Varighet').inputValue()).toBe('PT2H');
    expect(await page.getByText(/^\d+ ledige? rom$/).textContent()).toBe(count);
    expect(await cardTitles(page)).toEqual(titles);

    // The free-text filter narrows the list and goes into the URL too.
    const place = (await first.locator('.lk-result-card__place').textContent())!.split(' · ')[0]!;
    await page.getByRole('searchbox', { name: /Søk i resultatene/ }).fill(place.toUpperCase());
    await page.waitForURL((u) => u.searchParams.get('tekst') === place.toUpperCase());
    await page.getByText(/ledige rom passer filtrene$/).waitFor();
    // The server filters (decision 019): the list keeps the previous page on screen until the filtered one arrives.
    await expect
      .poll(
        async () => {
          const places = await list.locator('.lk-result-card__place').allTextContents();
          return places.length > 0 && places.every((p) => p.startsWith(place));
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    expect(pageErrors).toEqual([]);
  });

  it('searches a recurring loan, every week on two weekdays, in the list view', async () => {
    const from = weekdayAhead(14);
    const to = addDays(from, 8 * 7);
    await page.goto('/portal');
    await page.getByRole('radio', { name: 'Gjentakende lån' }).check();
    await page.getByLabel('Fra dato', { exact: true }).fill(norwegianDate(from));
    await page.getByLabel('Til dato', { exact: true }).fill(norwegianDate(to));
    await page.getByRole('radio', { name: 'Ukentlig' }).check();
    await page.getByRole('checkbox', { name: 'Tirsdag' }).check();
    await page.getByRole('checkbox', { name: 'Torsdag' }).check();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Søk' }).click();

    await page.getByRole('heading', { level: 1, name: 'Ledige rom' }).waitFor();
    const list = page.getByRole('list', { name: 'Ledige rom', exact: true });
    await list.getByRole('article').first().waitFor();
    const url = new URL(page.url());
    expect(url.searchParams.get('searchType')).toBe('list');
    expect(url.searchParams.get('loanType')).toBe('recurringLoan');
    expect(url.searchParams.get('from')).toBe(from);
    expect(url.searchParams.get('to')).toBe(to);
    expect(url.searchParams.get('duration')).toBe('PT1H');
    expect(url.searchParams.get('repetition')).toBe('WEEKLYONWEEKDAY');
    expect(url.searchParams.getAll('daysOfWeek')).toEqual(['TUESDAY', 'THURSDAY']);
    expect(url.searchParams.get('date')).toBeNull();

    // Every room found is free on some of the pattern's dates, and says how many.
    const availability = await list.locator('.lk-result-card__availability').allTextContents();
    expect(availability.length).toBeGreaterThan(0);
    for (const text of availability) expect(text).toMatch(/^Ledig (alle datoer|\d+ av \d+ datoer)$/);
    expect(await page.getByRole('checkbox', { name: 'Tirsdag' }).isChecked()).toBe(true);
    await expectNoAxeViolations(page);

    // The map view keeps the search.
    await page.getByRole('link', { name: 'Vis i kart' }).click();
    await page.waitForURL((u) => u.searchParams.get('searchType') === 'map' && u.searchParams.getAll('daysOfWeek').length === 2);
    await page.getByRole('list', { name: 'Ledige rom', exact: true }).getByRole('article').first().waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('chooses the date in the Norwegian calendar by keyboard alone, at 320 px, without axe violations', async () => {
    await page.setViewportSize({ width: 320, height: 720 });
    try {
      await page.goto('/portal');
      await page.getByRole('button', { name: 'Velg dato i kalender' }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Velg dato' });
      await dialog.waitFor();
      // Today has the focus (nothing chosen yet); the week starts on Monday, in Norwegian.
      const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
      await expect.poll(focused).toMatch(/^I dag, /);
      expect(await dialog.locator('th').evaluateAll((cells) => cells.map((c) => c.getAttribute('aria-label')))).toEqual([
        'mandag',
        'tirsdag',
        'onsdag',
        'torsdag',
        'fredag',
        'lørdag',
        'søndag',
      ]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      await expectNoAxeViolations(page);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'hidden' });
      expect(await page.getByLabel('Dato', { exact: true }).inputValue()).toBe(norwegianDate(addDays(osloToday(), 7)));
    } finally {
      await page.setViewportSize({ width: 1280, height: 720 });
    }
    expect(pageErrors).toEqual([]);
  });

  it('shows the form’s text for a date in the past in the error summary and on the field, and does not search', async () => {
    await page.goto('/portal');
    await page.getByLabel('Dato', { exact: true }).fill(norwegianDate(addDays(osloToday(), -1)));
    await page.getByRole('button', { name: 'Søk' }).click();
    // The summary takes the focus; its link takes it on to the field.
    const summary = page.getByRole('group', { name: 'For å søke må du rette opp følgende:' });
    await summary.waitFor();
    await expect.poll(() => summary.evaluate((element) => element === document.activeElement)).toBe(true);
    await expectNoAxeViolations(page);
    await summary.getByRole('link', { name: 'Dato kan ikke være i fortiden' }).click();
    expect(await page.getByLabel('Dato', { exact: true }).evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await page.getByLabel('Dato', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(new URL(page.url()).search).toBe('');
    await expectNoAxeViolations(page);
    expect(pageErrors).toEqual([]);
  });
});
