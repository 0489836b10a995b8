import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoAxeViolations, newPage, useBrowser } from './support/browser';
import { chooseTestPerson, loginToPortal, watchBearerToken } from './support/portal-login';
import { visible } from './support/visible';
import { calendarCell } from './support/room-calendar';
import { chooseWeddingTime, fillWeddingApplication, sendAndOpenWizard, weddingDay, weddingRoom } from './support/wedding-slot';

/**
 * Decision 014, the couple's side: taking a wedding time in the town hall's calendar, the three-step
 * wizard, the certificate, leaving (autoreject), and two couples racing for one time. Reloads: wedding-reload.spec.ts.
 *
 * Data this spec owns: Oslo rådhus' Vielsesrommet on a Tuesday, Wednesday and Thursday about 37 weeks
 * ahead (past every demo booking and every other spec's days).
 */

const WAIT = 30_000;
const kari = { name: 'Kari Nordmann', email: 'kari.nordmann@example.no', phone: '41234567' };
const ola = { name: 'Ola Nordmann', email: 'ola.nordmann@example.no', phone: '92345678' };
const amina = { name: 'Amina Hassan', email: 'amina.hassan@example.no', phone: '98765432' };
const per = { name: 'Per Hansen', email: 'per.hansen@example.no', phone: '47474747' };

const stepHeading = (page: Page, n: number, title: string) =>
  visible(page.getByRole('heading', { level: 2, name: `Steg ${n} av 3: ${title}` }));
const group = (page: Page, legend: RegExp) => page.getByRole('group', { name: legend });

/** axe on the step as it is (with its errors shown), narrow and wide. */
/** At 320 px the page must not scroll sideways (the footer's long e-mail address once made it 331 px wide). */
async function expectNoSidewaysScrollAt320(page: Page): Promise<void> {
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
}

/** A tiny but real PDF (the server checks the %PDF- signature). */
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe('a couple applies for a wedding', () => {
  const browser = useBrowser();
  /** Kari's sent wedding application, which Vigdis approves in the next test. */
  let karisBooking: number | undefined;

  it('Kari takes a wedding time, fills the three steps (interpreter, cultural segment), uploads the certificate, sends, and her booking waits for processing', async () => {
    const { context, page } = await newPage(browser());
    const room = await weddingRoom(page.request);
    const day = weddingDay(259, 2);

    await chooseWeddingTime(page, room.id, day, '11:00');
    // A second time is refused in the calendar.
    await page.getByRole('grid', { name: /Vielsesrommet/ }).waitFor();
    await calendarCell(page, day, '13:00').click();
    await page.getByRole('button', { name: 'Legg til valgte tider' }).click();
    await visible(page.getByText('Du kan bare søke om ett tidspunkt for vielse.'));
    await page.getByRole('button', { name: 'Fjern valgte tider' }).click();

    await fillWeddingApplication(page, kari);
    const bookingId = await sendAndOpenWizard(page);

    // The time applied for, above every step.
    await visible(page.getByText(/Vielsesrommet, Oslo rådhus: .* kl\. 11:00–11:30/));
    // Step 1: the prefill is there; Next with the rest empty shows the errors.
    expect(await page.getByRole('textbox', { name: 'Navn', exact: true }).inputValue()).toBe('Kari Nordmann');
    expect(await page.getByRole('textbox', { name: 'Telefonnummer', exact: true }).inputValue()).toBe('41234567');
    await page.getByRole('button', { name: 'Neste' }).click();
    await visible(page.getByText('For å gå videre må du rette opp følgende feil:'));
    await visible(page.getByRole('link', { name: 'Du må fylle inn adresse' }));
    await expectNoAxeViolations(page); // at 1280 and 320 px
    // The summary's link takes the keyboard to the field.
    await page.getByRole('link', { name: 'Du må fylle inn adresse' }).press('Enter');
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Adresse', exact: true }).evaluate((e) => e === document.activeElement))
      .toBe(true);
    await page.keyboard.type('Storgata 1');
    await page.getByRole('textbox', { name: 'Postnummer', exact: true }).fill('0155');
    await page.getByRole('textbox', { name: 'Poststed', exact: true }).fill('Oslo');
    await page.getByRole('textbox', { name: 'Navn på kommende ektefelle' }).fill('Ola Nordmann');
    await page.getByRole('textbox', { name: 'E-post til kommende ektefelle' }).fill('ola@example.no');
    await page.getByRole('textbox', { name: 'Telefonnummer til kommende ektefelle' }).fill('98 76 54 32');
    await page.getByRole('button', { name: 'Neste' }).click();

    // Step 2: its own address; Next empty shows its errors.
    await stepHeading(page, 2, 'Gjennomføring');
    expect(new URL(page.url()).pathname).toBe('/ny-booking/vielse/gjennomforing');
    await page.getByRole('button', { name: 'Neste' }).click();
    await visible(page.getByRole('link', { name: 'Du må velge språk for vielsen' }));
    await expectNoSidewaysScrollAt320(page);
    await expectNoAxeViolations(page); // at 1280 and 320 px
    await group(page, /^Hvilket språk skal vielsen være på\?/)
      .getByLabel('Norsk')
      .check();
    await group(page, /^Trenger dere tolk\?/)
      .getByLabel('Ja')
      .check();
    await page.getByLabel('Språk for tolken').selectOption('polsk');
    await group(page, /^Hvilket språk vil dere at vi kontakter dere på\?/)
      .getByLabel('Norsk')
      .check();
    await group(page, /^Ønsker dere et kulturelt innslag/)
      .getByLabel('Ja')
      .check();
    await page.getByRole('textbox', { name: 'Beskriv det kulturelle innslaget' }).fill('En venn synger én sang');
    await group(page, /^Trenger dere tilrettelegging\?/)
      .getByLabel('Nei')
      .check();
    await group(page, /^Vil du sende prøvingsattesten nå\?/)
      .getByLabel('Ja')
      .check();
    await page
      .getByLabel('Prøvingsattest (PDF, høyst 10 MB)')
      .setInputFiles({ name: 'provingsattest.pdf', mimeType: 'application/pdf', buffer: pdf });
    await visible(page.getByText('Valgt fil: provingsattest.pdf'));
    await page.getByRole('button', { name: 'Neste' }).click();

    // Step 3: every answer; sending without the declaration shows its error.
    await stepHeading(page, 3, 'Oppsummering');
    await visible(page.getByText('Ja, polsk'));
    await visible(page.getByText('Ja: En venn synger én sang'));
    await visible(page.getByText('Sendes nå: provingsattest.pdf'));
    // The browser's back goes to step 2 with the answers kept, forward comes back.
    await page.goBack();
    await stepHeading(page, 2, 'Gjennomføring');
    expect(await page.getByLabel('Språk for tolken').inputValue()).toBe('polsk');
    await page.goForward();
    await stepHeading(page, 3, 'Oppsummering');
    await page.getByRole('button', { name: 'Send søknad' }).click();
    await visible(page.getByRole('link', { name: 'Du må bekrefte erklæringen for å sende søknaden' }));
    await expectNoAxeViolations(page); // at 1280 and 320 px
    await page.getByLabel(/Jeg bekrefter at opplysningene er riktige/).check();
    const submitted = page.waitForResponse((r) => r.url().endsWith('/api/user/form/wedding') && r.request().method() === 'POST', {
      timeout: WAIT,
    });
    await page.getByRole('button', { name: 'Send søknad' }).click();
    expect((await submitted).status()).toBe(201);

    await page.waitForURL(new RegExp(`/bookinger/${bookingId}$`), { timeout: WAIT });
    await visible(page.getByText('Venter på behandling').first());
    await visible(page.getByText(/Lastet opp: provingsattest\.pdf/));
    // The couple downloads what they sent: the very bytes, under the stored name.
    const download = page.waitForEvent('download', { timeout: WAIT });
    await page.getByRole('link', { name: 'Last ned prøvingsattest' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('provingsattest.pdf');
    const chunks: Buffer[] = [];
    for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(pdf)).toBe(true);
    karisBooking = bookingId;
    await context.close();
  });

  it("Vigdis approves Kari's wedding in the admin app, and Kari sees it approved", async () => {
    expect(karisBooking, "Kari's application from the test before").toBeDefined();
    const admin = await newPage(browser());
    await admin.page.setViewportSize({ width: 1280, height: 800 });
    await admin.page.goto('/admin/');
    await admin.page.getByRole('button', { name: 'Logg inn' }).click();
    await chooseTestPerson(admin.page, 'Vigdis Vielseskontoret');
    await visible(admin.page.getByRole('heading', { level: 1, name: 'Mine lokaler' }));
    await admin.page.goto(`/admin/soknader/${karisBooking}`);
    const wedding = admin.page.getByRole('region', { name: 'Vielse' });
    await visible(wedding.getByText('Ja, polsk'));
    await visible(wedding.getByRole('link', { name: 'Last ned prøvingsattest' }));
    await admin.page.getByRole('link', { name: 'Godkjenn søknaden' }).click();
    // A town-hall wedding is approved free: no cost category to choose (decision 044).
    await visible(admin.page.getByText(/En vielse i rådhuset er gratis/));
    await admin.page.getByRole('button', { name: 'Godkjenn søknaden' }).click();
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Ja, godkjenn' }).click();
    await admin.page.waitForURL(new RegExp(`/admin/soknader/${karisBooking}$`), { timeout: WAIT });
    await visible(admin.page.getByText('Søknaden er godkjent'));
    await admin.context.close();

    const { context, page } = await newPage(browser());
    await loginToPortal(page, 'Kari Nordmann');
    await page.goto(`/bookinger/${karisBooking}`);
    await visible(page.getByText('Godkjent', { exact: true }).first());
    await context.close();
  });

  it('Ola takes a time and leaves at step 2 with Avbryt: his booking is "Automatisk avslått" and Amina can take the same time', async () => {
    const { context, page } = await newPage(browser());
    const room = await weddingRoom(page.request);
    const day = weddingDay(260, 3);

    await chooseWeddingTime(page, room.id, day, '12:00');
    await fillWeddingApplication(page, ola);
    const bookingId = await sendAndOpenWizard(page);
    // Keyboard only: the fields in order, Enter is Next.
    await page.getByRole('textbox', { name: 'Adresse', exact: true }).focus();
    await page.keyboard.type('Markveien 2');
    await page.keyboard.press('Tab');
    await page.keyboard.type('0554');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Oslo');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Kari Hansen');
    await page.keyboard.press('Tab');
    await page.keyboard.type('kari.h@example.no');
    await page.keyboard.press('Tab');
    await page.keyboard.type('45678901');
    await page.keyboard.press('Enter');
    await stepHeading(page, 2, 'Gjennomføring');
    const autoreject = page.waitForResponse((r) => r.url().endsWith(`/api/user/booking/${bookingId}/autoreject`), { timeout: WAIT });
    await page.getByRole('button', { name: 'Avbryt' }).click();
    expect((await autoreject).status()).toBe(200);
    await page.waitForURL(/\/bookinger$/, { timeout: WAIT });
    await page.goto(`/bookinger/${bookingId}`);
    await visible(page.getByText('Automatisk avslått').first());
    await context.close();

    // Amina takes the very same time at once.
    const second = await newPage(browser());
    const token = await loginToPortal(second.page, amina.name);
    const taken = await second.page.request.post('/api/booking', {
      headers: { Authorization: token },
      data: {
        availabilityData: {
          probablyAvailable: [
            {
              bookableAssetId: room.id,
              datesAndTimes: [{ date: day, startTime: '12:00:00', duration: 'PT30M', initialRepetitionDate: null }],
            },
          ],
        },
        isRepeating: false,
        bookingPortalClient: 'PUBLIC',
        bookingPurpose: 'PUBLICUSER_LOAN',
        formAnswers: { participants: 8, contactEmail: amina.email, contactPhone: amina.phone },
      },
    });
    expect(taken.status(), await taken.text()).toBe(201);
    const { bookingId: aminas } = (await taken.json()) as { bookingId: number };
    await second.page.request.put(`/api/user/booking/${aminas}/autoreject`, { headers: { Authorization: token } });
    await second.context.close();
  });

  it('two couples send for the same time at once: exactly one gets it, the other is told it is taken', async () => {
    const day = weddingDay(261, 4);
    const couples = await Promise.all(
      [per, amina].map(async (person) => {
        const { context, page } = await newPage(browser());
        await loginToPortal(page, person.name);
        const room = await weddingRoom(page.request);
        await chooseWeddingTime(page, room.id, day, '10:00');
        await fillWeddingApplication(page, person);
        return { context, page };
      }),
    );

    const answers = couples.map(({ page }) =>
      page.waitForResponse((r) => r.url().endsWith('/api/booking') && r.request().method() === 'POST', { timeout: WAIT }),
    );
    await Promise.all(couples.map(({ page }) => page.getByRole('button', { name: 'Send søknad', exact: true }).click()));
    const statuses = (await Promise.all(answers)).map((r) => r.status());
    expect([...statuses].sort()).toEqual([201, 409]);

    const winner = couples[statuses.indexOf(201)]!;
    const loser = couples[statuses.indexOf(409)]!;
    await winner.page.waitForURL(/\/ny-booking\/vielse\/informasjon\?bookingId=\d+$/, { timeout: WAIT });
    await visible(loser.page.getByRole('heading', { level: 1, name: 'Det oppsto en feil ved registrering av din booking' }));
    await visible(loser.page.getByText(/Tidspunktet er ikke lenger ledig/).first());
    // Leave no time held: a held time keeps its couple from taking another (one hold per person), and
    // Per applies again in the wedding office's spec, which may run after this one on the same server.
    const released = winner.page.waitForResponse((r) => r.url().endsWith('/autoreject') && r.request().method() === 'PUT', {
      timeout: WAIT,
    });
    await winner.page.getByRole('button', { name: 'Avbryt' }).click();
    expect((await released).ok()).toBe(true);
    for (const { context } of couples) await context.close();
  });

  it('closing the tab in the wizard lets the time go (a keepalive request on pagehide; the server waits the short grace for a reload that does not come)', async () => {
    const { context, page } = await newPage(browser());
    const token = watchBearerToken(page);
    const room = await weddingRoom(page.request);
    const day = weddingDay(259, 2);
    await chooseWeddingTime(page, room.id, day, '14:00');
    await fillWeddingApplication(page, amina);
    const bookingId = await sendAndOpenWizard(page);
    await expect.poll(token).toBeTruthy();
    const bearer = token()!;

    // The browser asks before the page goes (beforeunload); the couple goes on.
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.accept();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
    const booking = async () =>
      (await (await context.request.get(`/api/user/booking/${bookingId}`, { headers: { Authorization: bearer } })).json()) as {
        status: string;
        weddingHold: { expiresAtUtc: string } | null;
      };
    // Decision 038: the page's keepalive 'wizard-left' set the time to go 20 s later (the e2e server's grace)…
    await expect
      .poll(async () => Date.parse((await booking()).weddingHold?.expiresAtUtc ?? '') - Date.now(), { timeout: 10_000 })
      .toBeLessThan(21_000);
    // …and the job (every 15 s) lets it go.
    await expect.poll(async () => (await booking()).status, { timeout: 60_000, interval: 1_000 }).toBe('AUTOREJECTED');
    await context.close();
  });
});
