import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { formatDate } from '@lokaler/domain/scheduling/format-date';
import { expectNoAxeViolations, newPage, useBrowser } from './support/browser';
import { norwegianDate, osloToday } from './support/dates';
import { applyThroughApi, demoLocation, type DemoLocation } from './support/demo-api';
import { waitForMail } from './support/mailbox';
import { chooseTestPerson, loginToPortal } from './support/portal-login';
import { visible } from './support/visible';

/**
 * Decision 042: Siri closes a day at Bjølsen skole that Ola has a booking on.
 * She sees his booking first; cancelling sends Ola one e-mail with her message and logs
 * 'Stengt: Vannlekkasje'; on another day she keeps the booking, and the week calendar shows the day
 * closed with Ola's time still there, marked kept.
 *
 * Data this spec owns: two evening times Ola applies for ~7–8 months ahead (21:00, not the gym: out
 * of the other specs' way), the two closed days (removed again at the end).
 */

const olaMail = 'ola.nordmann@example.no';
const formAnswers = {
  activity: 'Styremøte i velforeningen',
  purpose: 'Velforeningens styre',
  participants: 8,
  contactEmail: olaMail,
  contactPhone: '92345678',
};

async function expectAxeCleanAt320And1280(page: Page): Promise<void> {
  await page.setViewportSize({ width: 320, height: 720 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoAxeViolations(page);
}

describe('closing a day that has bookings', () => {
  const browser = useBrowser();
  let admin: { context: BrowserContext; page: Page };
  let bjolsen: DemoLocation;
  let cancelled: { bookingId: number; caseNumber: string; date: string };
  let kept: { bookingId: number; caseNumber: string; roomId: number; date: string };

  afterAll(async () => {
    await admin?.context.close();
  });

  it('Ola has two bookings at Bjølsen skole', async () => {
    const { context, page } = await newPage(browser());
    const token = await loginToPortal(page, 'Ola Nordmann');
    bjolsen = await demoLocation(context.request, 'Bjølsen skole');
    const apply = (firstDaysAhead: number) =>
      applyThroughApi(context.request, {
        token,
        location: bjolsen,
        avoidRoom: 'Gymsal',
        firstDaysAhead,
        lastDaysAhead: firstDaysAhead + 40,
        startTime: '21:00:00',
        minutes: 60,
        formAnswers,
      });
    cancelled = await apply(215);
    const daysToFirst = Math.round((Date.parse(cancelled.date) - Date.parse(osloToday())) / 86_400_000);
    kept = await apply(daysToFirst + 7);
    await context.close();
  });

  it('Siri closes the first day: the booking is listed first, then cancelled with her message', async () => {
    admin = await newPage(browser());
    const { page } = admin;
    await page.goto('/admin/');
    await page.getByRole('button', { name: 'Logg inn' }).click();
    await chooseTestPerson(page, 'Siri Saksbehandler');
    await visible(page.getByRole('heading', { level: 1, name: 'Mine lokaler' }));

    await page.goto(`/admin/innstillinger/lokalet/apningstider/stengte-datoer?lokale=${bjolsen.id}`);
    await page.getByLabel('Fra og med dato', { exact: true }).fill(norwegianDate(cancelled.date));
    await page.getByLabel('Til og med dato', { exact: true }).fill(norwegianDate(cancelled.date));
    await page.getByLabel('Begrunnelse').fill('Vannlekkasje');
    await page.getByRole('button', { name: 'Legg til' }).click();

    const dialog = page.getByRole('dialog');
    await visible(dialog.getByText(`Lokalet stenges ${norwegianDate(cancelled.date)} (Vannlekkasje).`, { exact: false }));
    const listed = dialog.getByRole('list', { name: 'Bookinger som berøres' });
    await visible(listed.getByText(`sak ${cancelled.caseNumber}`, { exact: false }));
    await visible(listed.getByText(new RegExp(`${norwegianDate(cancelled.date)} 21:00–22:00`)));
    await expectAxeCleanAt320And1280(page);

    await dialog.getByRole('button', { name: 'Avlys tidene og send melding' }).click();
    await visible(dialog.getByText('Skriv en melding til dem som har booket'));
    await dialog.getByLabel('Melding til dem som har booket').fill('Beklager, vi har en vannlekkasje i kjelleren.');
    await dialog.getByRole('button', { name: 'Avlys tidene og send melding' }).click();
    await visible(page.getByText('Den stengte perioden ble lagt til. Tidene i perioden er avlyst, og søkerne har fått melding.'));
    await visible(page.getByRole('cell', { name: norwegianDate(cancelled.date), exact: true }));
  });

  it("Ola gets one e-mail with the message, and the booking's log says why", async () => {
    const mail = await waitForMail(olaMail, new RegExp(`er stengt[\\s\\S]*saksnummer ${cancelled.caseNumber}`));
    expect(mail).toContain(`Bjølsen skole er stengt ${norwegianDate(cancelled.date)} (Vannlekkasje)`);
    expect(mail).toContain('21:00–22:00');
    expect(mail).toContain('Melding fra lokalet: Beklager, vi har en vannlekkasje i kjelleren.');

    const { page } = admin;
    await page.goto(`/admin/soknader/${cancelled.bookingId}`);
    await visible(page.getByRole('heading', { name: 'Endringslogg' }));
    await visible(page.getByText('Stengt: Vannlekkasje'));
  });

  it('Siri closes the second day and keeps the booking: the week calendar shows the day closed and the time kept', async () => {
    const { page } = admin;
    await page.goto(`/admin/innstillinger/lokalet/apningstider/stengte-datoer?lokale=${bjolsen.id}`);
    await page.getByLabel('Fra og med dato', { exact: true }).fill(norwegianDate(kept.date));
    await page.getByLabel('Til og med dato', { exact: true }).fill(norwegianDate(kept.date));
    await page.getByLabel('Begrunnelse').fill('Strømbrudd');
    await page.getByRole('button', { name: 'Legg til' }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByText(`sak ${kept.caseNumber}`, { exact: false }));
    await dialog.getByRole('button', { name: 'Behold bookingene' }).click();
    await visible(page.getByText('Den stengte perioden ble lagt til. Bookingene i perioden er beholdt.'));

    await page.goto(`/admin/lokaler/${bjolsen.id}/kalender?uke=${kept.date}`);
    const week = page.getByRole('table', { name: /Reservasjoner per rom/ });
    await visible(week.getByText('Stengt: Strømbrudd').first());
    await visible(week.getByRole('link', { name: /21:00–22:00 .*\(beholdt\)/ }));
    await expectAxeCleanAt320And1280(page);

    // A citizen's calendar of the room says the day is closed, and why, instead of 'Ikke ledig'.
    const citizen = await newPage(browser());
    await citizen.page.goto(`/ressurs?ressurs=${kept.roomId}&dato=${kept.date}`);
    const grid = citizen.page.getByRole('grid', { name: /uke/ });
    const day = formatDate(kept.date, 'EEEE d. MMMM');
    await visible(grid.getByRole('button', { name: `${day}: Stengt: Strømbrudd` }));
    await visible(grid.getByRole('gridcell', { name: `${day} kl. 21:00–21:15, Stengt` }));
    await visible(citizen.page.getByText(`Stengt ${day}: Strømbrudd`));
    await citizen.context.close();
  });

  it('Siri opens both days again (the demo data stays as it was for other specs)', async () => {
    const { page } = admin;
    await page.goto(`/admin/innstillinger/lokalet/apningstider/stengte-datoer?lokale=${bjolsen.id}`);
    for (const date of [cancelled.date, kept.date]) {
      await page.getByRole('button', { name: `Fjern ${norwegianDate(date)}` }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Fjern' }).click();
      await visible(page.getByText('Den stengte perioden ble fjernet').first());
      await page.getByRole('button', { name: `Fjern ${norwegianDate(date)}` }).waitFor({ state: 'detached' });
    }
  });
});
