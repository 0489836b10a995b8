import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { expectNoAxeViolations, newPage, useBrowser } from './support/browser';
import { addDays, isFixedHoliday, isoWeekday, norwegianDate, osloToday } from './support/dates';
import { demoLocation } from './support/demo-api';
import { chooseTestPerson } from './support/portal-login';
import { fillApplication, heldBookingPost, passLoginGateIfShown, registeredBooking } from './support/send-application';

/**
 * Spec 01 §2: the new portal's location page, from a search link through the
 * choice of room and time to the application and the registered booking (spec 01 §2, §5). Data this
 * spec owns: Tåsen skole's Klasserom (101) on a Thursday about 43 weeks ahead — past every demo
 * booking (they reach ~18 weeks) and every other spec's days.
 */

/** The first Thursday from `days` ahead that is no holiday and no moving holiday (Ascension is a Thursday in May or June). */
function freeThursday(days: number): string {
  let date = addDays(osloToday(), days);
  while (isoWeekday(date) !== 4 || isFixedHoliday(date) || ['05', '06'].includes(date.slice(5, 7))) date = addDays(date, 1);
  return date;
}

describe('a citizen books a room from the new location page', () => {
  const browser = useBrowser();
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await newPage(browser()));
  });

  it('chooses a room and a time, is stopped without a time, goes to the application, logs in, sends and sees the booking', async () => {
    const date = freeThursday(300);
    const school = await demoLocation(context.request, 'Tåsen skole');

    await page.goto(`/lokale/${school.id}?loanType=singleLoan&date=${date}&duration=PT1H`);
    await page.getByRole('heading', { level: 1, name: 'Tåsen skole' }).waitFor();
    await page.getByRole('form', { name: 'Finn rom til lån eller leie' }).waitFor();
    expect(await page.getByLabel('Dato', { exact: true }).inputValue()).toBe(norwegianDate(date));
    const room = page.getByRole('article', { name: 'Klasserom (101)' });
    await room.getByText('Ledig', { exact: true }).waitFor();
    await expectNoAxeViolations(page);

    await room.getByRole('button', { name: 'Velg rom' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.getAll('ressurs')).toHaveLength(1);
    const times = room.getByRole('list', { name: 'Ledige tider for Klasserom (101)' });
    await times.getByRole('button').first().waitFor();
    // Spec 01 §9: nine first, then 'Vis flere' (the school is open longer than nine starts).
    expect(await times.getByRole('button').count()).toBe(9);
    await room.getByRole('button', { name: 'Vis flere' }).click();
    await expect.poll(() => times.getByRole('button').count()).toBeGreaterThan(9);

    // Without a time: the rule, at the room and below, and the focus on the room.
    await page.getByRole('button', { name: 'Gå til søknad' }).click();
    await room.getByText('Du må velge et tidspunkt').waitFor();
    await page.getByText('Legg til tidspunkt for alle valgte rom eller fjern dem fra listen.').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toMatch(/^rom-\d+$/);
    await expectNoAxeViolations(page);

    const time = times.getByRole('button', { name: /^\d\d:\d\d–\d\d:\d\d$/ }).nth(2);
    const label = (await time.textContent())!;
    await time.click();
    expect(await time.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.getByText('Du må velge et tidspunkt').count()).toBe(0);
    await page.getByRole('complementary', { name: 'Valgte rom' }).getByText(label).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Gå til søknad' }).click();

    // The calendar's own application page, with the chosen time.
    await page.getByRole('heading', { level: 1, name: 'Søknad om lån av lokale' }).waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/send');
    await page
      .getByRole('region', { name: 'Tider du søker om' })
      .getByText(new RegExp(`kl\\. ${label}: Ledig$`))
      .waitFor();
    await fillApplication(page, {
      activity: 'Strikkekafé',
      purpose: 'Naboer som vil lære å strikke',
      participants: '12',
      email: 'kari@example.no',
      phone: '912 34 567',
    });
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Send søknad (logg inn)' }).click();
    await chooseTestPerson(page, 'Kari Nordmann');

    await page.getByRole('button', { name: 'Send søknad', exact: true }).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/send');
    expect(await page.getByRole('textbox', { name: 'Aktivitet', exact: true }).inputValue()).toBe('Strikkekafé');
    const posted = await heldBookingPost(page);
    await page.getByRole('button', { name: 'Send søknad', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Registrerer din booking' }).waitFor();
    await expectNoAxeViolations(page);
    posted.release();

    const { stored } = await registeredBooking<{
      status: string;
      location: { name: string };
      reservations: { date?: string; startTime?: string }[];
      formAnswers: Record<string, unknown>;
    }>(page, posted.response);
    expect(stored).toMatchObject({
      status: 'UNPROCESSED',
      location: { name: 'Tåsen skole' },
      formAnswers: { activity: 'Strikkekafé', participants: 12 },
    });
    expect(stored.reservations).toHaveLength(1);
    expect(JSON.stringify(stored.reservations[0])).toContain(date);
    expect(JSON.stringify(stored.reservations[0])).toContain(`${label.slice(0, 5)}`);
    expect(await page.evaluate(() => localStorage.getItem('lokaler.booking-draft.v1'))).toBeNull();
    await expectNoAxeViolations(page);
    await page.unroute('**/api/booking');
  });

  it('chooses a time per weekday for a weekly loan and books the whole series', async () => {
    // Three weeks from a Monday about 46 weeks ahead, Tuesdays and Thursdays, in Tåsen skole's gym.
    let from = addDays(osloToday(), 320);
    while (
      isoWeekday(from) !== 1 ||
      ['05', '06'].includes(from.slice(5, 7)) ||
      [1, 3, 8, 10, 15, 17].some((d) => isFixedHoliday(addDays(from, d)))
    )
      from = addDays(from, 1);
    const to = addDays(from, 20);
    const school = await demoLocation(context.request, 'Tåsen skole');

    await page.goto(
      `/lokale/${school.id}?loanType=recurringLoan&from=${from}&to=${to}&duration=PT1H&repetition=WEEKLYONWEEKDAY&daysOfWeek=TUESDAY&daysOfWeek=THURSDAY`,
    );
    const room = page.getByRole('article', { name: 'Gymsal (G1)' });
    await room.getByText('Ledig alle 6 valgte datoer').waitFor();
    await room.getByRole('button', { name: 'Velg rom' }).click();
    // A time free on every date of its weekday has no 'Ledig {n} av {m} valgte datoer' note.
    const fullyFree = /^\d\d:\d\d–\d\d:\d\d$/;
    const tuesday = room
      .getByRole('list', { name: 'Ledige tider tirsdag for Gymsal (G1)' })
      .getByRole('button', { name: fullyFree })
      .first();
    const thursday = room
      .getByRole('list', { name: 'Ledige tider torsdag for Gymsal (G1)' })
      .getByRole('button', { name: fullyFree })
      .last();
    await tuesday.click();
    await thursday.click();
    const summary = page.getByRole('complementary', { name: 'Valgte rom' });
    await summary.getByText(/Tirsdag \d\d:\d\d–\d\d:\d\d, Torsdag \d\d:\d\d–\d\d:\d\d/).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Gå til søknad' }).click();

    await page.getByRole('heading', { level: 1, name: 'Søknad om lån av lokale' }).waitFor({ timeout: 15_000 });
    // Every date with its state (decision 027): six, all free.
    await expect
      .poll(
        () =>
          page
            .getByRole('region', { name: 'Tider du søker om' })
            .getByRole('listitem')
            .filter({ hasText: /: Ledig$/ })
            .count(),
        { timeout: 30_000 },
      )
      .toBe(6);
    await fillApplication(page, {
      activity: 'Volleyball for voksne',
      purpose: 'Mosjonister i bydelen',
      participants: '14',
      email: 'kari@example.no',
      phone: '91234567',
    });
    await passLoginGateIfShown(page, 'Kari Nordmann');
    const posted = page.waitForResponse((r) => r.url().endsWith('/api/booking') && r.request().method() === 'POST', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Send søknad', exact: true }).click();
    const { stored } = await registeredBooking<{ location: { name: string }; reservations: unknown[] }>(page, posted);
    expect(stored.location.name).toBe('Tåsen skole');
    expect(stored.reservations).toHaveLength(6);
  });
});
