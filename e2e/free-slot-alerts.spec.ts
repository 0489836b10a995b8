import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoAxeViolations, newPage, useBrowser } from './support/browser';
import { demoLocation } from './support/demo-api';
import { waitForMail } from './support/mailbox';
import { logInAtMyBookings } from './support/portal-login';
import { fillApplication, registeredBooking } from './support/send-application';
import { visible } from './support/visible';

/**
 * Decision 022: 'Varsle meg når en tid blir ledig'. Data this spec owns: Kari Nordmann's
 * unprocessed demo application for one Tuesday evening (18:00–20:00) in Sagene skole's gym, which she
 * cancels here, and the hour from 18:00 that Amina Hassan then books. No other spec touches Sagene skole.
 */

const longDay = (date: string) =>
  new Intl.DateTimeFormat('nb-NO', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
const cell = (page: Page, date: string, clock: string) =>
  page.getByRole('gridcell', { name: new RegExp(`^${longDay(date)} kl\\. ${clock}–`) });
const isoFromNorwegian = (value: string) => value.split('.').reverse().join('-');

describe('free-time alerts', () => {
  const browser = useBrowser();

  it("Amina subscribes to the gym on Tuesday evenings; Kari cancels her Tuesday; Amina follows the e-mail's link and books the time", async () => {
    // Kari's Tuesday in Sagene skole's gym (demo data).
    const kari = await newPage(browser());
    const kariToken = await logInAtMyBookings(kari.page, 'Kari Nordmann');
    await expect.poll(kariToken, { timeout: 15_000 }).toBeTruthy();
    const bookings = (await (await kari.context.request.get('/api/user/booking', { headers: { Authorization: kariToken()! } })).json()) as {
      bookingId: number;
      status: string;
      locationName: string;
      periodDescription: string;
    }[];
    const kariBooking = bookings.find((b) => b.locationName === 'Sagene skole' && b.status === 'UNPROCESSED');
    expect(kariBooking, JSON.stringify(bookings)).toBeDefined();
    const tuesday = isoFromNorwegian(kariBooking!.periodDescription);
    const school = await demoLocation(kari.context.request, 'Sagene skole');
    const rooms = (await (await kari.context.request.get(`/api/location/${school.id}/bookableassets`)).json()) as {
      id: number;
      name: string;
    }[];
    const gym = rooms.find((r) => r.name === 'Gymsal')!;

    // Amina, on the gym's calendar, asks to be told about Tuesday evenings — by keyboard.
    const amina = await newPage(browser());
    const { page } = amina;
    await logInAtMyBookings(page, 'Amina Hassan');
    await page.goto(`/ressurs?ressurs=${gym.id}`);
    await page.getByRole('grid', { name: /Gymsal/ }).waitFor({ timeout: 30_000 });
    const open = page.getByRole('button', { name: 'Varsle meg når en tid blir ledig' });
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = await visible(page.getByRole('dialog', { name: 'Varsle meg når en tid blir ledig' }));
    await expectNoAxeViolations(page);
    await dialog.getByRole('checkbox', { name: 'Tirsdag' }).focus();
    await page.keyboard.press('Space');
    await dialog.getByLabel('Fra klokken').fill('17:00');
    await dialog.getByLabel('Til klokken').fill('16:00');
    await dialog.getByRole('button', { name: 'Lagre varsel' }).click();
    // The shared rules speak before anything is sent.
    await visible(dialog.getByText('Til-klokkeslettet må være etter fra-klokkeslettet.').first());
    await expectNoAxeViolations(page);
    await dialog.getByLabel('Til klokken').fill('21:00');
    await dialog.getByRole('button', { name: 'Lagre varsel' }).focus();
    await page.keyboard.press('Enter');
    await visible(dialog.getByText('Varselet er lagret. Du får en e-post når en tid som passer blir ledig.'));
    await expectNoAxeViolations(page);
    await dialog.getByRole('link', { name: 'Se varslene dine under Mine bookinger' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Varsler om ledige tider' }));
    const listed = await visible(page.getByRole('list', { name: 'Aktive varsler' }).getByRole('listitem'));
    expect(await listed.textContent()).toMatch(/Gymsal \(G1\), Sagene skole: .*tirsdag, kl\. 17:00–21:00/);
    await expectNoAxeViolations(page);

    // Kari cancels her Tuesday.
    await kari.page.goto(`/bookinger/${kariBooking!.bookingId}`);
    await kari.page.getByRole('link', { name: 'Kanseller bookingen' }).click();
    await kari.page.getByRole('button', { name: 'Ja, kanseller bookingen' }).click();
    await visible(kari.page.getByText('Kansellert', { exact: true }));
    await kari.context.close();

    // One e-mail, with a link straight to the freed time.
    const mail = await waitForMail('amina.hassan@example.no', /Ledig tid|ledige tider/);
    expect(mail).toContain(`Gymsal (G1), Sagene skole: tirsdag ${tuesday.split('-').reverse().join('.')} 18:00–20:00`);
    const link = /(https?:\/\/\S+\/ressurs\?\S+)/.exec(mail)![1]!;
    expect(new URL(link).searchParams.get('dato')).toBe(tuesday);
    const unsubscribe = /(https?:\/\/\S+\/varsler\/avslutt\?\S+)/.exec(mail)![1]!;

    await page.goto(new URL(link).pathname + new URL(link).search);
    await visible(page.getByText(/Ledig tid fra varselet ditt: .* kl\. 18:00/));
    await page.getByRole('grid', { name: /Gymsal/ }).waitFor({ timeout: 30_000 });
    await cell(page, tuesday, '18:00').waitFor({ timeout: 30_000 });
    const minutes = Math.max(60, school.minBookingDurationMinutes ?? 0);
    for (let m = 0; m < minutes; m += 15)
      await cell(page, tuesday, `${String(18 + Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`).click();
    await page.getByRole('button', { name: 'Legg til valgte tider' }).click();
    const added = page.getByRole('region', { name: 'Tider i søknaden' });
    await added.getByText(/ledig/).first().waitFor({ timeout: 15_000 });
    await added.getByRole('button', { name: 'Gå til søknad' }).click();
    await page.getByRole('heading', { level: 1, name: 'Søknad om lån av lokale' }).waitFor({ timeout: 15_000 });
    await fillApplication(page, {
      activity: 'Basket for jenter',
      purpose: 'Trening for nabolagets jenter',
      participants: '12',
      email: 'amina.hassan@example.no',
      phone: '98765432',
    });
    const posted = page.waitForResponse((r) => r.url().endsWith('/api/booking') && r.request().method() === 'POST', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Send søknad', exact: true }).click();
    const { stored } = await registeredBooking<{ location: { name: string }; reservations: { date: string; startTime: string }[] }>(
      page,
      posted,
    );
    expect(stored.location.name).toBe('Sagene skole');
    expect(JSON.stringify(stored.reservations)).toContain(tuesday);

    // The e-mail's one-click link ends the alert without asking anything more.
    await page.goto(new URL(unsubscribe).pathname + new URL(unsubscribe).search);
    await visible(page.getByText('Varselet er avsluttet. Du får ikke flere e-poster om ledige tider fra det.'));
    await expectNoAxeViolations(page);
    await page.goto('/bookinger/varsler');
    await visible(page.getByText('Du har ingen aktive varsler.'));
    await amina.context.close();
  });
});
