import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { expectNoAxeViolations, newPage, useBrowser } from './support/browser';
import { applyThroughApi, demoLocation } from './support/demo-api';
import { chooseTestPerson, loginToPortal } from './support/portal-login';
import { norwegianDate } from './support/dates';
import { visible } from './support/visible';

/**
 * Siri Saksbehandler handles applications in the admin app, and the applicant sees the
 * decisions in the portal.
 *
 * Data this spec owns: the approval needs a location that writes both a vedtak and a contract; of
 * Siri's locations only Bjølsen skole does, and no demo application there belongs to someone who can
 * log in. So Ola Nordmann first applies there himself (through the API with his own login, for a
 * time ~11 weeks ahead that nothing else books). The rejection is of Ola's demo application at
 * Rosenhoff skole ('Bordtennistrening'), which no other spec touches.
 */

/** Ola applies for one evening hour in a room of Bjølsen skole, on the first free weekday ~11 weeks ahead. */
async function applyAtBjolsen(
  context: BrowserContext,
  token: string,
): Promise<{ bookingId: number; caseNumber: string; date: string; roomId: number }> {
  const api = context.request;
  return applyThroughApi(api, {
    token,
    location: await demoLocation(api, 'Bjølsen skole'),
    // Kari's weekly volleyball is in the gym; another room keeps this spec out of her way.
    avoidRoom: 'Gymsal',
    firstDaysAhead: 77,
    lastDaysAhead: 120,
    startTime: '20:00:00',
    minutes: 60,
    formAnswers: {
      activity: 'Foreldremøte for 4. trinn',
      purpose: 'Foreldre på trinnet',
      participants: 30,
      contactEmail: 'ola.nordmann@example.no',
      contactPhone: '92345678',
    },
  });
}

describe('an administrator handles applications, and the applicant sees the decisions', () => {
  const browser = useBrowser();
  let admin: { context: BrowserContext; page: Page };
  let approved: { bookingId: number; caseNumber: string; date: string; roomId: number };
  let rejectedId: number;
  let rejectionText: string;

  afterAll(async () => {
    await admin?.context.close();
  });

  it('Ola applies for a time at Bjølsen skole', async () => {
    const { context, page } = await newPage(browser());
    const token = await loginToPortal(page, 'Ola Nordmann');
    approved = await applyAtBjolsen(context, token);
    await context.close();
  });

  it("Siri logs in, filters Bjølsen skole's unprocessed list and opens the application", async () => {
    admin = await newPage(browser());
    const { page } = admin;
    await page.goto('/admin/');
    await visible(page.getByRole('heading', { level: 1, name: 'Lokaler administrasjon' }));
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Logg inn' }).click();
    await page.waitForURL(/\/idp\//);
    await expectNoAxeViolations(page);
    await chooseTestPerson(page, 'Siri Saksbehandler');
    await visible(page.getByRole('heading', { level: 1, name: 'Mine lokaler' }));
    await expectNoAxeViolations(page);

    await page.getByRole('list', { name: 'Lokaler du administrerer' }).getByRole('link', { name: 'Bjølsen skole' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Bjølsen skole' }));
    await visible(page.getByRole('table'));
    expect(await page.getByRole('radio', { name: /^Venter på behandling \(\d+\)$/ }).isChecked()).toBe(true);
    await expectNoAxeViolations(page);

    await page.getByRole('searchbox', { name: 'Søk i søknadene' }).fill(approved.caseNumber);
    await page.getByRole('button', { name: 'Søk', exact: true }).click();
    await page.waitForURL(/text=/);
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: /søknad/ })
          .textContent(),
      )
      .toBe('1 søknad');
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: approved.caseNumber }).click();

    await visible(page.getByRole('heading', { level: 1, name: `Søknad ${approved.caseNumber}` }));
    await visible(page.getByText('Foreldremøte for 4. trinn'));
    await visible(page.getByRole('heading', { name: 'Endringslogg' }));
    await expectNoAxeViolations(page);

    // The work queue (decision 065): Siri takes the case, and the list names her on its row.
    await page.getByRole('button', { name: 'Ta saken' }).click();
    await visible(page.getByText(/^Du har saken/));
    await page.goBack();
    await visible(page.getByRole('row').filter({ hasText: approved.caseNumber }).getByText('Siri Saksbehandler'));
    await page.goForward();
    await visible(page.getByRole('heading', { level: 1, name: `Søknad ${approved.caseNumber}` }));
  });

  it('Siri approves it with cost-based prices after seeing the vedtak and the contract', async () => {
    const { page } = admin;
    await page.getByRole('link', { name: 'Godkjenn søknaden' }).click();
    await visible(page.getByRole('heading', { level: 1, name: `Godkjenn søknad ${approved.caseNumber}` }));
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Godkjenn søknaden' }).click();
    await visible(page.getByText('Vennligst velg et alternativ'));

    await page.getByRole('radio', { name: 'Selvkost' }).check();
    const firstPrice = page.getByRole('textbox', { name: /Lokalkategori 1/ });
    await firstPrice.waitFor({ state: 'visible' });
    // Prefilled from the location's selvkost prices when it has them; otherwise Siri types them.
    const noPrices = page.getByText('Lokalet har ingen selvkostpriser ennå', { exact: false });
    await expect.poll(async () => (await firstPrice.inputValue()) !== '' || (await noPrices.isVisible()), { timeout: 15_000 }).toBe(true);
    for (const [label, kroner] of [
      [/Lokalkategori 1/, '150'],
      [/Lokalkategori 2/, '250'],
      [/Lokalkategori 3/, '400'],
      [/semesterlån/, '1000'],
      [/engangsutleie/, '500'],
      [/Tilsynsvakt, kr/, '450'],
      [/Ekstra renhold/, '390'],
    ] as const) {
      const field = page.getByRole('textbox', { name: label });
      if ((await field.inputValue()) === '') await field.fill(kroner);
    }
    const vedtak = page.getByRole('region', { name: 'Vedtaket' });
    const contract = page.getByRole('region', { name: 'Kontrakten' });
    await vedtak.waitFor({ state: 'visible', timeout: 30_000 });
    await contract.waitFor({ state: 'visible', timeout: 30_000 });
    expect((await vedtak.textContent())?.length).toBeGreaterThan(50);
    expect((await contract.textContent())?.length).toBeGreaterThan(50);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Godkjenn søknaden' }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByText('Er du sikker på at du vil godkjenne denne søknaden?'));
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Ja, godkjenn' }).click();

    await page.waitForURL(new RegExp(`/admin/soknader/${approved.bookingId}(\\?|$)`));
    await visible(page.getByRole('button', { name: 'Angre godkjenning' }));
    await visible(page.getByText('Søknaden er godkjent'));
    await visible(page.getByText('Godkjent', { exact: true }));
    await expectNoAxeViolations(page);

    // The week calendar of the location shows the approved time in its room.
    await page.getByRole('link', { name: 'Søknader for Bjølsen skole' }).click();
    await page.getByRole('navigation', { name: 'Visning' }).getByRole('link', { name: 'Kalender' }).click();
    await visible(page.getByRole('button', { name: 'Neste uke' }));
    await page.goto(`/admin/lokaler/${new URL(page.url()).pathname.split('/')[3]}/kalender?uke=${approved.date}`);
    const time = page.getByRole('link', { name: /^20:00–21:00 .*Godkjent$/ });
    await visible(time);
    await expectNoAxeViolations(page);

    // The month view shows it too (decision 067); then the time moves a quarter later with the keyboard's 'Flytt' dialog.
    await page.getByRole('button', { name: 'Måned' }).click();
    await page.waitForURL(/visning=maaned/);
    const ours = (scope: Page) =>
      scope.locator('.lk-calendar-entry').filter({ has: scope.locator(`a[href$="/soknader/${approved.bookingId}"]`) });
    await visible(ours(page).getByRole('link', { name: /^20:00–21:00 .*Godkjent$/ }));
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Uke' }).click();
    await page.waitForURL(/uke=/);
    await ours(page)
      .getByRole('button', { name: /^Flytt 20:00–21:00 / })
      .press('Enter');
    const moveDialog = page.getByRole('dialog', { name: 'Flytt tid' });
    await moveDialog.getByLabel('Ny starttid').fill('20:15');
    await moveDialog.getByLabel('Ny sluttid').fill('21:00');
    await moveDialog.getByRole('button', { name: 'Flytt tiden' }).press('Enter');
    await visible(page.getByText('Endringene ble lagret'));
    const moved = ours(page).getByRole('link', { name: /^20:15–21:00 .*Godkjent$/ });
    await visible(moved);
    await moved.click();
    await page.waitForURL(new RegExp(`/admin/soknader/${approved.bookingId}$`));
  });

  it("Siri's new booking is judged by the server's schema: an e-mail it refuses is refused, an internal activity needs no title", async () => {
    const { page } = admin;
    await page.goto(`/admin/soknader/${approved.bookingId}`);
    await page.getByRole('link', { name: 'Søknader for Bjølsen skole' }).click();
    await page.waitForURL(/\/admin\/lokaler\/\d+\//);
    await page.goto(`/admin/lokaler/${new URL(page.url()).pathname.split('/')[3]}/kalender?uke=${approved.date}`);
    await page.getByRole('link', { name: 'Ny booking' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Ny booking' }));
    await page.locator(`option[value="${approved.roomId}"]`).waitFor({ state: 'attached' });
    await page.getByLabel('Rom', { exact: true }).selectOption(String(approved.roomId));
    await page.getByLabel('Dato', { exact: true }).fill(norwegianDate(approved.date));
    await page.getByLabel('Starttid', { exact: true }).fill('20:00');

    await page.getByLabel('Navn på den du booker for').fill('Kari Nordmann');
    const email = page.getByLabel('E-postadresse til den du booker for');
    await email.fill('kari..nordmann@example.no');
    await page.getByRole('button', { name: 'Opprett booking' }).click();
    // The error summary takes the focus; its link takes it on to the field.
    const summary = page.getByRole('group', { name: 'For å lagre må du rette opp følgende feil:' });
    await visible(summary);
    await expect.poll(() => summary.evaluate((element) => element === document.activeElement)).toBe(true);
    await expectNoAxeViolations(page);
    await summary.getByRole('link', { name: 'Skriv inn en gyldig e-postadresse til den du booker for' }).click();
    await expect.poll(() => email.evaluate((input) => input === document.activeElement)).toBe(true);

    // Without a title the form goes on to the check, which finds Ola's approved hour taken; nothing is saved.
    await page.getByRole('radio', { name: 'Intern aktivitet' }).check();
    await page.getByRole('button', { name: 'Opprett booking' }).click();
    await visible(page.getByText('Noen av tidene er ikke ledige. Ingenting er lagret.'));
    expect(new URL(page.url()).pathname).toMatch(/\/ny-booking$/);
  });

  it("Siri opens Bjølsen skole's 'Statistikk' tab: the figures, axe-clean at 1280 and 320 px (decision 068)", async () => {
    const { page } = admin;
    await page.goto(`/admin/soknader/${approved.bookingId}`);
    await page.getByRole('link', { name: 'Søknader for Bjølsen skole' }).click();
    await page.getByRole('navigation', { name: 'Visning' }).getByRole('link', { name: 'Statistikk' }).click();
    await page.waitForURL(/\/admin\/lokaler\/\d+\/statistikk/);
    await visible(page.getByRole('heading', { level: 1, name: 'Bjølsen skole' }));
    // The figures are there when their CSV links are (the first one, the utilisation's).
    await visible(page.getByRole('link', { name: /^Last ned CSV/ }));
    await expectNoAxeViolations(page);
  });

  it("Siri rejects Ola's application at Rosenhoff skole with a prepared reason", async () => {
    const { page } = admin;
    await page.goto('/admin/');
    await page.getByRole('link', { name: 'Rosenhoff skole' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Rosenhoff skole' }));
    await page.getByRole('searchbox', { name: 'Søk i søknadene' }).fill('Bordtennistrening');
    await page.keyboard.press('Enter');
    await page.waitForURL(/text=Bordtennistrening/);
    const row = page.getByRole('row').filter({ hasText: 'Ola Nordmann' });
    await visible(row);
    await row.first().getByRole('link').click();
    await page.waitForURL(/\/admin\/soknader\/\d+(\?|$)/);
    rejectedId = Number(new URL(page.url()).pathname.split('/').at(-1));
    await visible(page.getByText('Bordtennistrening'));

    await page.getByRole('button', { name: 'Avslå søknaden' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: 'Lokalet er opptatt' }).check();
    rejectionText = await dialog.getByRole('textbox', { name: 'Tekst til søkeren' }).inputValue();
    expect(rejectionText.length).toBeGreaterThan(10);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Avslå søknaden' }).click();

    await visible(page.getByText('Søknaden er avslått'));
    await visible(page.getByText('Avslått', { exact: true }));
    await expectNoAxeViolations(page);
  });

  it("Ola sees 'Godkjent', the vedtak and 'Kontrakten må signeres', and the rejection with its reason", async () => {
    const { context, page } = await newPage(browser());
    await loginToPortal(page, 'Ola Nordmann');

    await page.goto(`/bookinger/${approved.bookingId}`);
    await visible(page.getByRole('heading', { level: 1, name: 'Din booking hos Bjølsen skole' }));
    await visible(page.getByText('Godkjent', { exact: true }));
    await visible(page.getByText('Kontrakten må signeres'));
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Vedtak' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Vedtak for bookingen hos Bjølsen skole' }));
    await expectNoAxeViolations(page);
    // The vedtak as PDF/A (decision 055): the link downloads it with Ola's login, under its case number.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Last ned vedtaket som PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`vedtak-${approved.caseNumber}.pdf`);
    const pdf = fs.readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The XMP metadata is stored uncompressed (PDF/A): its claim and the title are readable in the bytes.
    const xmp = pdf.toString('utf8');
    expect(xmp).toContain('<pdfaid:part>2</pdfaid:part>');
    expect(xmp).toContain(`Vedtak om lån av lokale, saksnummer ${approved.caseNumber}`);

    await page.goto(`/bookinger/${rejectedId}`);
    await visible(page.getByRole('heading', { level: 1, name: 'Din booking hos Rosenhoff skole' }));
    await visible(page.getByText('Avslått', { exact: true }));
    await visible(page.getByText(rejectionText.trim().slice(0, 60)));
    await expectNoAxeViolations(page);
    await context.close();
  });
});
