import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { kidForInvoiceNumber } from '@lokaler/domain/invoices';
import { inspectPdf } from '../apps/server/test/pdf-inspection';
import { expectNoAxeViolations, newPage, useBrowser } from './support/browser';
import { addDays, norwegianDate } from './support/dates';
import { chooseTestPerson, loginToPortal } from './support/portal-login';
import { visible } from './support/visible';

/**
 * Invoices for rentals (decision 071): Siri Saksbehandler sends a month's invoices for a location from
 * its 'Faktura' page, and the citizen sees what he owes under Mine bookinger and downloads the PDF.
 *
 * Data this spec owns: Grünerløkka bydelshus's invoicing (its own switch, turned on here; no other spec
 * reads its invoice settings, basis or invoices) and the month of Ola Nordmann's demo party there
 * ('50-årsdag' in Selskapslokalet, market price 3 500 kr, a Saturday about a month ahead), which no other spec opens.
 * The run bills every priced booking of that month and the months before at the location: besides
 * Ola's, only background bookings of made-up applicants, which no spec reads. Ola's extra cleaning
 * line is added and held here. Amina's application at the same location (my-bookings.spec.ts) is
 * ~5 months ahead and never approved, so it has no invoice basis.
 */

const location = 'Grünerløkka bydelshus';
const monthNames = ['januar', 'februar', 'mars', 'april', 'mai', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'desember'];
/** '2026-12' → 'desember 2026', as both apps name a month. */
const monthName = (period: string) => `${monthNames[Number(period.slice(5, 7)) - 1]} ${period.slice(0, 4)}`;
/** The text of the <dd> after the <dt> with this text, inside `scope`. */
const fact = (scope: Locator, term: string) => scope.locator(`dt:text-is("${term}") + dd`);

interface Party {
  bookingId: number;
  caseNumber: string;
  /** 'YYYY-MM' of its day. */
  period: string;
}

/** Ola's approved party at Grünerløkka bydelshus, as his own list of bookings gives it. */
async function olasParty(context: BrowserContext, token: string): Promise<Party> {
  const response = await context.request.get('/api/user/booking', { headers: { Authorization: token } });
  expect(response.ok(), await response.text()).toBe(true);
  const bookings = (await response.json()) as {
    bookingId: number;
    status: string;
    locationName: string;
    caseNumber: string;
    periodDescription: string;
  }[];
  const party = bookings.find((b) => b.locationName === location && b.status === 'APPROVED');
  if (!party) throw new Error(`Ola has no approved booking at ${location} in the demo data`);
  // 'dd.MM.yyyy': one day.
  const day = /^\d{2}\.(\d{2})\.(\d{4})$/.exec(party.periodDescription);
  if (!day) throw new Error(`Ola's party is not one day: ${party.periodDescription}`);
  return { bookingId: party.bookingId, caseNumber: party.caseNumber, period: `${day[2]}-${day[1]}` };
}

describe('a case officer sends a month’s invoices, and the citizen sees his and downloads it', () => {
  const browser = useBrowser();
  let admin: { context: BrowserContext; page: Page };
  let party: Party;
  let invoiceNumber: number;

  afterAll(async () => {
    await admin?.context.close();
  });

  it('Ola’s priced party has no invoice yet: its page says one will come', async () => {
    const { context, page } = await newPage(browser());
    const token = await loginToPortal(page, 'Ola Nordmann');
    party = await olasParty(context, token);
    await page.goto(`/bookinger/${party.bookingId}`);
    await visible(page.getByRole('heading', { level: 1, name: `Din booking hos ${location}` }));
    const section = page.getByRole('region', { name: 'Faktura' });
    await visible(section.getByText('Det er ikke sendt noen faktura for bookingen ennå.', { exact: false }));
    await context.close();
  });

  it('Siri opens Faktura for the party’s month, turns the location’s invoicing on, adds a line and holds it with a reason', async () => {
    admin = await newPage(browser());
    const { page } = admin;
    await page.goto('/admin/');
    await page.getByRole('button', { name: 'Logg inn' }).click();
    await chooseTestPerson(page, 'Siri Saksbehandler');
    await page.getByRole('list', { name: 'Lokaler du administrerer' }).getByRole('link', { name: location }).click();
    await visible(page.getByRole('heading', { level: 1, name: location }));
    await page.getByRole('navigation', { name: 'Visning' }).getByRole('link', { name: 'Faktura' }).click();
    await page.waitForURL(/\/admin\/lokaler\/\d+\/faktura/);
    await visible(page.getByRole('heading', { level: 2, name: /^Fakturagrunnlag for / }));

    // The month by the chooser, as a case officer picks one.
    const month = monthName(party.period);
    await page.getByRole('form', { name: 'Velg måned' }).getByLabel('Måned').selectOption(party.period);
    await page.getByRole('form', { name: 'Velg måned' }).getByRole('button', { name: 'Vis' }).click();
    await page.waitForURL(new RegExp(`periode=${party.period}`));
    await visible(page.getByRole('heading', { level: 2, name: `Fakturagrunnlag for ${month}` }));

    const booking = page.getByRole('article', { name: new RegExp(`^${party.caseNumber} `) });
    await visible(booking);
    await expect.poll(() => fact(booking, 'Mottaker').textContent()).toBe('Privatperson (Ola Nordmann)');
    await visible(booking.getByRole('row').filter({ hasText: 'Leie, markedspris' }).getByText('3 500,00 kr'));

    // Grünerløkka bydelshus does not invoice persons until its own switch is on (decision 071).
    const settings = page.getByRole('form', { name: 'Fakturainnstillinger' });
    const enabled = settings.getByRole('checkbox', { name: 'Fakturer leie ved dette lokalet' });
    await enabled.waitFor({ state: 'visible' });
    if (!(await enabled.isChecked())) {
      expect(await fact(booking, 'Kanal').textContent()).toBe('Faktureres ikke');
      await enabled.check();
      await settings.getByRole('button', { name: 'Lagre' }).click();
      await visible(page.getByText('Innstillingene ble lagret'));
    }
    await expect.poll(() => fact(booking, 'Kanal').textContent()).toBe('Faktura fra kommunens økonomisystem');
    expect(await fact(booking, 'Denne måneden').textContent()).toBe('Til fakturering: 3 500,00 kr');
    await expectNoAxeViolations(page);

    // Extra cleaning is billed by the time used; the caretaker's hours are not in yet, so Siri holds it.
    await booking.getByRole('button', { name: `Legg til linje for ${party.caseNumber}` }).click();
    const add = await visible(page.getByRole('dialog', { name: `Legg til linje på ${party.caseNumber}` }));
    await add.getByLabel('Element').selectOption('EKSTRA_RENHOLD');
    await add.getByRole('textbox', { name: 'Beløp i kroner' }).fill('550');
    await add.getByRole('textbox', { name: 'Begrunnelse' }).fill('Ekstra renhold etter festen');
    await add.getByRole('button', { name: 'Legg til linjen' }).click();
    await visible(page.getByText('Linjen er lagt til'));
    const cleaning = booking.getByRole('row').filter({ hasText: 'Ekstra renhold' });
    await visible(cleaning.getByText('550,00 kr'));
    await expect.poll(() => fact(booking, 'Denne måneden').textContent()).toBe('Til fakturering: 4 050,00 kr');

    await cleaning.getByRole('button', { name: `Hold tilbake Ekstra renhold, ${party.caseNumber}` }).click();
    const hold = await visible(page.getByRole('dialog', { name: 'Hold tilbake ekstra renhold' }));
    // A hold needs its reason: refused in the dialog, nothing held.
    await hold.getByRole('button', { name: 'Hold tilbake' }).click();
    await visible(hold.getByText('Skriv hvorfor linjen holdes tilbake.'));
    await hold.getByRole('textbox', { name: 'Begrunnelse' }).fill('Venter på timelisten fra renholderen');
    await hold.getByRole('button', { name: 'Hold tilbake' }).click();
    await visible(page.getByText('Linjen holdes tilbake'));
    await visible(cleaning.getByText('Holdt tilbake: Venter på timelisten fra renholderen'));
    // The focus is back on the line's button, which now releases it.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toBe(`Slipp Ekstra renhold, ${party.caseNumber}`);
    await expect.poll(() => fact(booking, 'Denne måneden').textContent()).toBe('Til fakturering: 3 500,00 kr');
    await expectNoAxeViolations(page);
  });

  it('Siri sends the month’s invoices and sees what was made: Ola’s for 3 500 kr, the held line left open', async () => {
    const { page } = admin;
    const month = monthName(party.period);
    await page.getByRole('button', { name: `Send fakturaer for ${month}` }).click();
    const confirm = await visible(page.getByRole('dialog', { name: `Sende fakturaer for ${month}?` }));
    await visible(confirm.getByRole('list', { name: 'Dette sendes' }));
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Send fakturaene' }).click();

    const outcome = await visible(page.getByRole('heading', { level: 3, name: new RegExp(`^Laget \\d+ fakturaer? .*for ${month}$`) }));
    await expect.poll(() => outcome.evaluate((element) => element === document.activeElement)).toBe(true);
    const made = page.getByRole('table', { name: 'Laget nå' }).getByRole('row').filter({ hasText: 'Ola Nordmann' });
    await visible(made);
    expect(await made.getByRole('cell').allTextContents()).toEqual([
      expect.stringMatching(/^\d+$/),
      'Faktura',
      'Ola Nordmann',
      '3 500,00 kr',
      'Faktura fra kommunens økonomisystem',
    ]);
    invoiceNumber = Number(await made.getByRole('cell').first().textContent());

    // The basis: the market price invoiced, the held cleaning still open and held.
    const booking = page.getByRole('article', { name: new RegExp(`^${party.caseNumber} `) });
    await visible(booking.getByRole('row').filter({ hasText: 'Leie, markedspris' }).getByText(`Fakturert (faktura ${invoiceNumber})`));
    const cleaning = booking.getByRole('row').filter({ hasText: 'Ekstra renhold' });
    await visible(cleaning.getByText('Åpen', { exact: true }));
    await visible(cleaning.getByText('Holdt tilbake: Venter på timelisten fra renholderen'));

    // The month's invoices, with KID; the delivery job sends the ERP file within seconds.
    const row = page
      .getByRole('table', { name: `Fakturaer og kreditnotaer for ${month}` })
      .getByRole('row')
      .filter({ hasText: party.caseNumber });
    await visible(row);
    expect(await row.getByRole('cell').nth(6).textContent()).toBe(kidForInvoiceNumber(invoiceNumber));
    await expect
      .poll(
        async () => {
          await page.reload();
          return page
            .getByRole('table', { name: `Fakturaer og kreditnotaer for ${month}` })
            .getByRole('row')
            .filter({ hasText: party.caseNumber })
            .getByRole('cell')
            .nth(7)
            .textContent({ timeout: 30_000 });
        },
        { timeout: 60_000, interval: 3_000 },
      )
      .toBe('Sendt');
    await expectNoAxeViolations(page);
  });

  it('Ola sees the invoice under Mine bookinger → Faktura and on the booking, and downloads its PDF', async () => {
    const { context, page } = await newPage(browser());
    await loginToPortal(page, 'Ola Nordmann');
    await page.getByRole('link', { name: 'Faktura', exact: true }).click();
    await page.waitForURL(/\/bookinger\/faktura$/);
    await visible(page.getByRole('heading', { level: 1, name: 'Faktura' }));
    const kid = kidForInvoiceNumber(invoiceNumber);

    const card = page.getByRole('article', { name: `Faktura ${invoiceNumber}` });
    await visible(card);
    await visible(card.getByText('Sendt', { exact: true }));
    await visible(card.getByRole('link', { name: `${location}, saksnummer ${party.caseNumber}` }));
    expect(await fact(card, 'Periode').textContent()).toBe(monthName(party.period));
    expect(await fact(card, 'Beløp').textContent()).toBe('3 500,00 kr');
    // The KID in groups for reading, copied and read as digits.
    expect(await fact(card, 'KID').locator('.lk-digits').textContent()).toBe(kid);
    // Due 14 days after the invoice date (the location's terms unless set).
    const issued = (await fact(card, 'Fakturadato').textContent()) ?? '';
    const issueIso = `${issued.slice(6, 10)}-${issued.slice(3, 5)}-${issued.slice(0, 2)}`;
    expect(await fact(card, 'Forfallsdato').textContent()).toBe(norwegianDate(addDays(issueIso, 14)));
    await expectNoAxeViolations(page);

    // On the booking's page too, and the PDF from there.
    await card.getByRole('link', { name: `${location}, saksnummer ${party.caseNumber}` }).click();
    await page.waitForURL(new RegExp(`/bookinger/${party.bookingId}$`));
    const section = page.getByRole('region', { name: 'Faktura' });
    const onBooking = section.getByRole('article', { name: `Faktura ${invoiceNumber}` });
    await visible(onBooking);
    expect(await fact(onBooking, 'Beløp').textContent()).toBe('3 500,00 kr');
    expect(await fact(onBooking, 'KID').locator('.lk-digits').textContent()).toBe(kid);

    // The link reads 'Last ned faktura (PDF), nummer N' (the number for a screen reader only).
    const link = onBooking.getByRole('link', { name: `Last ned faktura (PDF), nummer ${invoiceNumber}` });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(`faktura-${invoiceNumber}.pdf`);
    const bytes = fs.readFileSync(await download.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await inspectPdf(bytes);
    const text = pdf.text.replace(/\s+/g, ' ');
    expect(text).toContain(`Fakturanummer: ${invoiceNumber}`);
    expect(text).toContain(`KID: ${kid}`);
    expect(text).toContain('Å betale: kr 3500,00');
    await context.close();
  });
});
