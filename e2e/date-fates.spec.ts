import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { expectNoAxeViolations, newPage, useBrowser } from './support/browser';
import { addDays, isFixedHoliday, isoWeekday, norwegianDate, osloToday } from './support/dates';
import { demoLocation } from './support/demo-api';
import { chooseTestPerson, loginToPortal } from './support/portal-login';
import { fillApplication, heldBookingPost } from './support/send-application';
import { visible } from './support/visible';
import { calendarCell, showWeekOf } from './support/room-calendar';

/**
 * Decision 027: Per Hansen sends a weekly series over a semester (13 Wednesdays) of which two
 * dates clash with Kari's bookings; /send names both before sending, he sends without them by an
 * explicit choice, and Siri Saksbehandler sees in the admin app which dates were left out.
 *
 * Data this spec owns: Møterom (M2) at Stovner bydelshus (Siri administers it; no other spec books
 * there), Wednesdays from ~40 weeks ahead at 18:00 — past every demo booking and every other spec's days.
 */

const weekdayName = (date: string) =>
  new Intl.DateTimeFormat('nb-NO', { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
const clock = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** The first Wednesday from `days` ahead whose 13 weeks hold no fixed holiday. */
function firstWednesday(days: number): string {
  let date = addDays(osloToday(), days);
  while (isoWeekday(date) !== 3 || Array.from({ length: 13 }, (_, i) => addDays(date, i * 7)).some(isFixedHoliday)) date = addDays(date, 1);
  return date;
}

describe('Per sees every date of his series before sending, and sends without the two that clash', () => {
  const browser = useBrowser();
  const first = firstWednesday(280);
  const series = Array.from({ length: 13 }, (_, i) => addDays(first, i * 7));
  const clashes = [series[3]!, series[8]!];
  /** The end of the time: an hour, or the venue's minimum when that is longer. */
  const end = () => clock(18 * 60 + minutes);
  let room: { id: number; displayName: string };
  let minutes: number;
  let per: { context: BrowserContext; page: Page };
  let bookingId: number;

  beforeAll(async () => {
    per = await newPage(browser());
  });
  afterAll(async () => {
    await per?.context.close();
  });

  it('Kari books two Wednesdays of the semester in Møterom (M2) at Stovner bydelshus', async () => {
    const { context, page } = await newPage(browser());
    const token = await loginToPortal(page, 'Kari Nordmann');
    const api = context.request;
    const location = await demoLocation(api, 'Stovner bydelshus');
    minutes = Math.max(60, location.minBookingDurationMinutes ?? 0);
    const rooms = (await (await api.get(`/api/location/${location.id}/bookableassets`)).json()) as {
      id: number;
      name: string;
      externalAssetNumber: string | null;
      displayName: string;
    }[];
    room = rooms.find((r) => r.displayName === 'Møterom (M2)')!;
    expect(room).toBeDefined();
    for (const date of clashes) {
      const created = await api.post('/api/booking', {
        headers: { Authorization: token },
        data: {
          availabilityData: {
            probablyAvailable: [
              {
                bookableAssetId: room.id,
                datesAndTimes: [{ date, startTime: '18:00:00', duration: `PT${minutes}M`, initialRepetitionDate: null }],
              },
            ],
          },
          isRepeating: false,
          bookingPortalClient: 'PUBLIC',
          bookingPurpose: 'PUBLICUSER_LOAN',
          formAnswers: {
            activity: 'Styremøte',
            purpose: 'Borettslaget',
            participants: 8,
            contactEmail: 'kari.nordmann@example.no',
            contactPhone: '41234567',
          },
        },
      });
      expect(created.status(), await created.text()).toBe(201);
    }
    await context.close();
  });

  it("chooses a weekly time over the semester; the calendar says 'Ledig 11 av 13' and names the two", async () => {
    const { page } = per;
    await page.goto(`/ressurs?ressurs=${room.id}`);
    await page.getByRole('grid', { name: /Møterom \(M2\), uke \d+/ }).waitFor({ timeout: 30_000 });
    await page.getByRole('radio', { name: 'Hver uke', exact: true }).check();
    await page.getByLabel('Sluttdato', { exact: true }).fill(norwegianDate(series.at(-1)!));
    await showWeekOf(page, first);
    for (let m = 18 * 60; m < 18 * 60 + minutes; m += 15) await calendarCell(page, first, clock(m)).click();
    await page.getByRole('button', { name: 'Legg til valgte tider' }).click();
    const added = page.getByRole('region', { name: 'Tider i søknaden' });
    await visible(added.getByText('Ledig 11 av 13 valgte datoer'));
    await expectNoAxeViolations(page);
    await added.getByRole('button', { name: 'Gå til søknad' }).click();
  });

  it('/send lists the 13 dates and names both clashes before sending; without the choice nothing is sent', async () => {
    const { page } = per;
    await page.getByRole('heading', { level: 1, name: 'Søknad om lån av lokale' }).waitFor();
    const warning = page.getByRole('heading', { level: 4, name: '2 datoer er ikke ledige' });
    await visible(warning);
    const notFree = page.locator('.lk-date-fates__not-free');
    // Each clash is named twice: in the warning and in the folded list of all the dates.
    await expect
      .poll(async () => [...new Set(await notFree.allTextContents())])
      .toEqual(clashes.map((d) => `${weekdayName(d)} ${norwegianDate(d)} kl. 18:00–${end()}: Opptatt`));
    await page.getByText('Alle datoene (13 datoer: 11 ledige, 2 ikke ledige)').click();
    await expect.poll(() => page.locator('.lk-date-fates li').count()).toBe(2 + 13);
    await fillApplication(page, { activity: 'Sjakktrening', participants: '10', email: 'per.hansen@example.no', phone: '47474747' });
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Send søknad (logg inn)' }).click();
    const choice = page.getByRole('checkbox', { name: 'Send søknaden uten datoene som ikke er ledige (2)' });
    await expect.poll(() => choice.evaluate((el) => el === document.activeElement)).toBe(true);
    await visible(page.getByText('Velg om du vil sende søknaden uten datoene som ikke er ledige, eller endre tidspunktene.'));
    expect(new URL(page.url()).pathname).toBe('/send');
    await expectNoAxeViolations(page);
    // The keyboard makes the choice: the focus is on the checkbox.
    await page.keyboard.press(' ');
    expect(await choice.isChecked()).toBe(true);
  });

  it('logs in as Per, sends without the two dates, and the receipt names them', async () => {
    const { page } = per;
    await page.getByRole('button', { name: 'Send søknad (logg inn)' }).click();
    await chooseTestPerson(page, 'Per Hansen');
    await page.getByRole('button', { name: 'Send søknad', exact: true }).waitFor({ timeout: 30_000 });
    // Back from the login with the choice kept.
    expect(await page.getByRole('checkbox', { name: 'Send søknaden uten datoene som ikke er ledige (2)' }).isChecked()).toBe(true);
    const posted = await heldBookingPost(page);
    await page.getByRole('button', { name: 'Send søknad', exact: true }).click();
    posted.release();
    const answer = await posted.response;
    expect(answer.status()).toBe(201);
    const request = answer.request().postDataJSON() as {
      sendWithoutOmitted?: boolean;
      availabilityData: { probablyAvailable: { datesAndTimes: unknown[] }[]; omitted?: { datesAndTimes: { date: string }[] }[] };
    };
    expect(request.sendWithoutOmitted).toBe(true);
    expect(request.availabilityData.probablyAvailable[0]!.datesAndTimes).toHaveLength(11);
    expect(request.availabilityData.omitted?.flatMap((e) => e.datesAndTimes.map((t) => t.date))).toEqual(clashes);
    ({ bookingId } = (await answer.json()) as { bookingId: number });
    await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
    await visible(page.getByRole('heading', { level: 2, name: 'Søknaden din er sendt' }));
    await visible(page.getByText('Søkt uten 2 datoer som ikke var ledige:'));
    for (const date of clashes) await visible(page.getByText(`Møterom (M2): ${weekdayName(date)} ${norwegianDate(date)} kl. 18:00`));
    await expectNoAxeViolations(page);
    await page.unroute('**/api/booking');
    // His booking page says the same.
    await page.getByRole('link', { name: 'Se søknaden under Mine bookinger' }).click();
    const own = await visible(page.getByRole('heading', { level: 2, name: 'Søkt uten 2 datoer' }));
    expect(await own.locator('xpath=ancestor::section[1]').getByRole('listitem').allTextContents()).toEqual(
      clashes.map((d) => `Møterom (M2): ${weekdayName(d)} ${norwegianDate(d)} kl. 18:00–${end()}`),
    );
    await expectNoAxeViolations(page);
  });

  it('Siri opens the application in the admin app and sees which dates were left out', async () => {
    const admin = await newPage(browser());
    const { page } = admin;
    try {
      await page.goto('/admin/');
      await page.getByRole('button', { name: 'Logg inn' }).click();
      await chooseTestPerson(page, 'Siri Saksbehandler');
      await visible(page.getByRole('heading', { level: 1, name: 'Mine lokaler' }));
      await page.goto(`/admin/soknader/${bookingId}`);
      const heading = await visible(page.getByRole('heading', { level: 2, name: 'Søkt uten 2 datoer' }));
      const items = await heading.locator('xpath=ancestor::section[1]').getByRole('listitem').allTextContents();
      expect(items).toEqual(clashes.map((d) => `Møterom (M2): ${weekdayName(d)} ${norwegianDate(d)} kl. 18:00–${end()}`));
      await expectNoAxeViolations(page);
    } finally {
      await admin.context.close();
    }
  });
});
