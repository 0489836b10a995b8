import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoAxeViolations, newPage, useBrowser } from './support/browser';
import { watchBearerToken } from './support/portal-login';
import { visible } from './support/visible';
import { chooseWeddingTime, fillWeddingApplication, sendAndOpenWizard, weddingDay, weddingRoom } from './support/wedding-slot';

/**
 * Decision 038: a couple's wedding time survives a reload. A reload on each step
 * comes back to the step with the answers and the time; leaving inside the app asks first (the spec's
 * unsaved-changes guard); a page left without 'Avbryt' shows on the booking page as not sent, with
 * the way back; closing the tab still lets the time go (after the e2e server's 20 s grace).
 *
 * Data this spec owns: Oslo rådhus' Vielsesrommet on a Tuesday, Wednesday and Thursday about 38 weeks
 * ahead (after wedding-citizen.spec.ts's days).
 */

const WAIT = 30_000;
const kari = { name: 'Kari Nordmann', email: 'kari.nordmann@example.no', phone: '41234567' };
const ola = { name: 'Ola Nordmann', email: 'ola.nordmann@example.no', phone: '92345678' };
const per = { name: 'Per Hansen', email: 'per.hansen@example.no', phone: '47474747' };

const stepHeading = (page: Page, n: number, title: string) =>
  visible(page.getByRole('heading', { level: 2, name: `Steg ${n} av 3: ${title}` }));
const group = (page: Page, legend: RegExp) => page.getByRole('group', { name: legend });

interface HeldBooking {
  status: string;
  weddingHold: { expiresAtUtc: string; held: boolean } | null;
}

/** The booking as the couple's API shows it (status and the wedding hold). */
function bookingOf(page: Page, bookingId: number, token: () => string | undefined) {
  return async () =>
    (await (await page.request.get(`/api/user/booking/${bookingId}`, { headers: { Authorization: token()! } })).json()) as HeldBooking;
}

/** F5: the browser asks (beforeunload, accepted), the page loads again, and the new page tells the server it holds the time. */
async function reload(page: Page): Promise<void> {
  const opened = page.waitForResponse((r) => r.url().includes('/wizard-open') && r.request().method() === 'PUT', { timeout: WAIT });
  await page.reload();
  expect((await opened).status()).toBe(200);
}

describe("a couple's wedding time survives a reload", () => {
  const browser = useBrowser();

  it('a reload on each step comes back to the step with the answers, the time still held; then Kari sends', async () => {
    const { context, page } = await newPage(browser());
    page.on('dialog', (dialog) => void dialog.accept());
    const token = watchBearerToken(page);
    const room = await weddingRoom(page.request);
    const day = weddingDay(266, 2);
    await chooseWeddingTime(page, room.id, day, '11:00');
    await fillWeddingApplication(page, kari);
    const bookingId = await sendAndOpenWizard(page);
    await expect.poll(token).toBeTruthy();
    const booking = bookingOf(page, bookingId, token);
    const { weddingHold: hold } = await booking();
    expect(hold).toMatchObject({ held: true });

    // Step 1, half filled.
    await page.getByRole('textbox', { name: 'Adresse', exact: true }).fill('Storgata 1');
    await page.getByRole('textbox', { name: 'Postnummer', exact: true }).fill('0155');
    await reload(page);
    await stepHeading(page, 1, 'Informasjon');
    expect(await page.getByRole('textbox', { name: 'Adresse', exact: true }).inputValue()).toBe('Storgata 1');
    expect(await page.getByRole('textbox', { name: 'Postnummer', exact: true }).inputValue()).toBe('0155');
    await page.getByRole('textbox', { name: 'Poststed', exact: true }).fill('Oslo');
    await page.getByRole('textbox', { name: 'Navn på kommende ektefelle' }).fill('Ola Nordmann');
    await page.getByRole('textbox', { name: 'E-post til kommende ektefelle' }).fill('ola@example.no');
    await page.getByRole('textbox', { name: 'Telefonnummer til kommende ektefelle' }).fill('98 76 54 32');
    await page.getByRole('button', { name: 'Neste' }).click();

    // Step 2, half filled.
    await stepHeading(page, 2, 'Gjennomføring');
    await group(page, /^Hvilket språk skal vielsen være på\?/)
      .getByLabel('Norsk')
      .check();
    await group(page, /^Trenger dere tolk\?/)
      .getByLabel('Ja')
      .check();
    await page.getByLabel('Språk for tolken').selectOption('polsk');
    await reload(page);
    await stepHeading(page, 2, 'Gjennomføring');
    expect(new URL(page.url()).pathname).toBe('/ny-booking/vielse/gjennomforing');
    expect(await page.getByLabel('Språk for tolken').inputValue()).toBe('polsk');
    expect(
      await group(page, /^Hvilket språk skal vielsen være på\?/)
        .getByLabel('Norsk')
        .isChecked(),
    ).toBe(true);
    await group(page, /^Hvilket språk vil dere at vi kontakter dere på\?/)
      .getByLabel('Norsk')
      .check();
    await group(page, /^Ønsker dere et kulturelt innslag/)
      .getByLabel('Nei')
      .check();
    await group(page, /^Trenger dere tilrettelegging\?/)
      .getByLabel('Nei')
      .check();
    await group(page, /^Vil du sende prøvingsattesten nå\?/)
      .getByLabel('Nei')
      .check();
    await page.getByRole('button', { name: 'Neste' }).click();

    // Step 3.
    await stepHeading(page, 3, 'Oppsummering');
    await reload(page);
    await stepHeading(page, 3, 'Oppsummering');
    await visible(page.getByText('Ja, polsk'));
    await visible(page.getByText('Storgata 1, 0155 Oslo'));
    await expectNoAxeViolations(page); // at 1280 and 320 px

    // Past the grace: every reload's release was cleared, the hold is the one the take gave.
    await page.waitForTimeout(21_000);
    expect(await booking()).toEqual(expect.objectContaining({ status: 'UNPROCESSED', weddingHold: hold }));

    await page.getByLabel(/Jeg bekrefter at opplysningene er riktige/).check();
    const submitted = page.waitForResponse((r) => r.url().endsWith('/api/user/form/wedding') && r.request().method() === 'POST', {
      timeout: WAIT,
    });
    await page.getByRole('button', { name: 'Send søknad' }).click();
    expect((await submitted).status()).toBe(201);
    await page.waitForURL(new RegExp(`/bookinger/${bookingId}$`), { timeout: WAIT });
    await visible(page.getByText('Venter på behandling').first());
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('lokaler.vielse.')))).toEqual([]);
    await context.close();
  });

  it("the logo asks first ('Du bør lagre endringer før du går ut'): staying keeps the time, leaving lets it go", async () => {
    const { context, page } = await newPage(browser());
    const token = watchBearerToken(page);
    const room = await weddingRoom(page.request);
    const day = weddingDay(266, 3);
    await chooseWeddingTime(page, room.id, day, '12:00');
    await fillWeddingApplication(page, ola);
    const bookingId = await sendAndOpenWizard(page);
    await expect.poll(token).toBeTruthy();
    const booking = bookingOf(page, bookingId, token);
    await page.getByRole('textbox', { name: 'Adresse', exact: true }).fill('Markveien 2');

    const logo = page.getByRole('banner').getByRole('link', { name: /Oslo kommune/ });
    await logo.click();
    const dialog = page.getByRole('dialog', { name: 'Ulagrede endringer' });
    await visible(dialog.getByText('Du bør lagre endringer før du går ut'));
    await visible(dialog.getByText('Søknaden er ikke sendt. Går du ut nå, blir tidspunktet for vielsen ledig for andre.'));
    await expectNoAxeViolations(page); // the dialog, at 1280 and 320 px
    await page.setViewportSize({ width: 1280, height: 720 });
    await dialog.getByRole('button', { name: 'Bli på siden' }).click();
    await stepHeading(page, 1, 'Informasjon');
    expect(await page.getByRole('textbox', { name: 'Adresse', exact: true }).inputValue()).toBe('Markveien 2');
    expect((await booking()).status).toBe('UNPROCESSED');

    // Keyboard: the logo again, and leave.
    await logo.focus();
    await page.keyboard.press('Enter');
    const released = page.waitForResponse((r) => r.url().endsWith(`/api/user/booking/${bookingId}/autoreject`), { timeout: WAIT });
    await dialog.getByRole('button', { name: 'Gå ut uten å lagre' }).click();
    expect((await released).status()).toBe(200);
    await page.waitForURL((url) => url.pathname === '/', { timeout: WAIT });
    expect((await booking()).status).toBe('AUTOREJECTED');
    await context.close();
  });

  it('a wizard left without Avbryt: the booking page says it is not sent, until when, and leads back into the wizard with the answers and the time', async () => {
    const { context, page } = await newPage(browser());
    page.on('dialog', (dialog) => void dialog.accept());
    const token = watchBearerToken(page);
    const room = await weddingRoom(page.request);
    const day = weddingDay(266, 4);
    await chooseWeddingTime(page, room.id, day, '13:00');
    await fillWeddingApplication(page, per);
    const bookingId = await sendAndOpenWizard(page);
    await expect.poll(token).toBeTruthy();
    const booking = bookingOf(page, bookingId, token);
    await page.getByRole('textbox', { name: 'Adresse', exact: true }).fill('Thorvald Meyers gate 3');

    // Typed into the address bar: the page goes (pagehide), not a leave the app could ask about.
    await page.goto(`/bookinger/${bookingId}`);
    await visible(page.getByRole('heading', { level: 2, name: 'Søknaden er ikke sendt ennå' }));
    await visible(page.getByText(/^Tidspunktet er holdt av til deg – fullfør innen \d\d:\d\d, ellers blir det ledig for andre\.$/));
    await visible(page.getByText('Ikke sendt', { exact: true }));
    expect(await page.getByText('Venter på behandling').count()).toBe(0);
    await expectNoAxeViolations(page); // at 1280 and 320 px
    await page.setViewportSize({ width: 1280, height: 720 });

    const opened = page.waitForResponse((r) => r.url().includes('/wizard-open'), { timeout: WAIT });
    await page.getByRole('link', { name: 'Fullfør søknaden om vielse' }).click();
    expect((await opened).status()).toBe(200);
    await stepHeading(page, 1, 'Informasjon');
    expect(await page.getByRole('textbox', { name: 'Adresse', exact: true }).inputValue()).toBe('Thorvald Meyers gate 3');
    await page.waitForTimeout(21_000);
    expect(await booking()).toMatchObject({ status: 'UNPROCESSED', weddingHold: { held: true } });

    // Done with it: Avbryt lets the time go at once (Per takes another time in the wedding office's spec).
    const released = page.waitForResponse((r) => r.url().endsWith('/autoreject'), { timeout: WAIT });
    await page.getByRole('button', { name: 'Avbryt' }).click();
    expect((await released).status()).toBe(200);
    await context.close();
  });
});
