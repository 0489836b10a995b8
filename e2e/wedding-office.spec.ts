import { afterAll, describe, expect, it } from 'vitest';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { weddingRejectionChoices } from '@lokaler/domain/admin-rejection';
import { expectNoAxeViolations, newPage, useBrowser } from './support/browser';
import { addDays, osloToday } from './support/dates';
import { applyThroughApi, demoLocation } from './support/demo-api';
import { chooseTestPerson, loginToPortal } from './support/portal-login';
import { visible } from './support/visible';

/**
 * Decision 013: Vigdis Vielseskontoret, the town hall's administrator in the demo data, handles
 * wedding applications in the admin app: she finds them marked 'Vielse' in her request list, reads
 * the couple's form, downloads the prøvingsattest, approves one (and sees when the info letter is
 * due) and rejects another with a wedding rejection choice.
 *
 * Data this spec owns: Per Hansen takes two times in Vielsesrommet (the smaller room, which the
 * demo's weddings and the portal's wedding spec leave alone) 13–22 weeks ahead at 14:00, through the
 * API with his own login, and sends the wedding form for each (the first with a certificate).
 */

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

interface Wedding {
  bookingId: number;
  caseNumber: string;
}

async function applyForWedding(
  api: APIRequestContext,
  token: string,
  options: { firstDaysAhead: number; certificate: boolean },
): Promise<Wedding> {
  const held = await applyThroughApi(api, {
    token,
    location: await demoLocation(api, 'Oslo rådhus'),
    avoidRoom: 'Seremonirommet',
    firstDaysAhead: options.firstDaysAhead,
    lastDaysAhead: options.firstDaysAhead + 40,
    startTime: '14:00:00',
    minutes: 30,
    formAnswers: {
      activity: 'Vielse',
      purpose: 'Vielse',
      participants: 10,
      contactEmail: 'per.hansen@example.no',
      contactPhone: '47474747',
    },
  });
  const sent = await api.post('/api/user/form/wedding', {
    headers: { Authorization: token },
    data: {
      bookingId: held.bookingId,
      applicantName: 'Per Hansen',
      applicantEmail: 'per.hansen@example.no',
      applicantPhoneNo: '47 47 47 47',
      applicantSsn: '',
      addressStreetName: 'Rådhusgata 5',
      addressPostCode: '0151',
      addressPostalName: 'Oslo',
      spouseName: 'Liv Hansen',
      spouseEmail: 'liv.hansen@example.no',
      spousePhoneNo: '+47 90 11 22 33',
      eventLanguage: 'engelsk',
      weddingInterpreterRequired: true,
      weddingInterpreterLanguage: 'tysk',
      preferredContactLanguage: 'norsk',
      weddingCulturalSegmentDesired: true,
      weddingCulturalSegment: 'Søsteren min synger en sang',
      needsAccommodation: false,
      accommodationDetails: '',
      extraInformation: '',
      submitProevingsattestNow: options.certificate,
      declarationAccepted: true,
      userReferenceId: '',
      proevingsattestFile: options.certificate ? `data:application/pdf;name=file;base64,${pdf.toString('base64')}` : '',
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  return { bookingId: held.bookingId, caseNumber: held.caseNumber };
}

/** Axe at the narrowest phone width and at a laptop's, then back to the laptop. */
async function expectAxeCleanAt320And1280(page: Page): Promise<void> {
  await page.setViewportSize({ width: 320, height: 720 });
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoAxeViolations(page);
}

/** From the town hall's request list, the application with this case number. */
async function openFromRequestList(page: Page, caseNumber: string): Promise<void> {
  await page.goto('/admin/');
  await page.getByRole('list', { name: 'Lokaler du administrerer' }).getByRole('link', { name: 'Oslo rådhus' }).click();
  await visible(page.getByRole('heading', { level: 1, name: 'Oslo rådhus' }));
  await page.getByRole('searchbox', { name: 'Søk i søknadene' }).fill(caseNumber);
  await page.keyboard.press('Enter');
  await page.waitForURL(/text=/);
  const row = page.getByRole('row').filter({ hasText: caseNumber });
  await visible(row);
  // The list says it is a wedding.
  await visible(row.getByText('Vielse', { exact: true }));
  await row.getByRole('link', { name: caseNumber }).click();
  await visible(page.getByRole('heading', { level: 1, name: `Søknad ${caseNumber}` }));
}

describe('the wedding office handles wedding applications', () => {
  const browser = useBrowser();
  let admin: { context: BrowserContext; page: Page };
  let approved: Wedding;
  let rejected: Wedding;

  afterAll(async () => {
    await admin?.context.close();
  });

  it('Per takes two wedding times and sends the form for each, the first with the certificate', async () => {
    const { context, page } = await newPage(browser());
    const token = await loginToPortal(page, 'Per Hansen');
    approved = await applyForWedding(context.request, token, { firstDaysAhead: 90, certificate: true });
    rejected = await applyForWedding(context.request, token, { firstDaysAhead: 130, certificate: false });
    await context.close();
  });

  it('Vigdis logs in, finds the wedding in her request list and reads the form and the certificate', async () => {
    admin = await newPage(browser());
    const { page } = admin;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/admin/');
    await page.getByRole('button', { name: 'Logg inn' }).click();
    await chooseTestPerson(page, 'Vigdis Vielseskontoret');
    await visible(page.getByRole('heading', { level: 1, name: 'Mine lokaler' }));

    await openFromRequestList(page, approved.caseNumber);
    const wedding = page.getByRole('region', { name: 'Vielse' });
    await visible(wedding);
    await visible(wedding.getByText('Liv Hansen'));
    await visible(wedding.getByText('liv.hansen@example.no'));
    await visible(wedding.getByText('Ja, tysk'));
    await visible(wedding.getByText('Søsteren min synger en sang'));
    await visible(wedding.getByText(/^Avbestillingsfrist: \d+ dager? før vielsen/));

    const link = wedding.getByRole('link', { name: 'Last ned prøvingsattest' });
    await visible(link);
    const download = page.waitForEvent('download');
    await link.click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('provingsattest.pdf');
    const path = await file.path();
    const { readFile } = await import('node:fs/promises');
    expect((await readFile(path)).equals(pdf)).toBe(true);

    await expectAxeCleanAt320And1280(page);
  });

  it('Vigdis approves it, and the booking shows when the info letter is due', async () => {
    const { page } = admin;
    await page.getByRole('link', { name: 'Godkjenn søknaden' }).click();
    await visible(page.getByRole('heading', { level: 1, name: `Godkjenn søknad ${approved.caseNumber}` }));
    // A town-hall wedding is approved free: no cost category to choose (decision 044).
    await visible(page.getByText(/En vielse i rådhuset er gratis/));
    await page.getByRole('button', { name: 'Godkjenn søknaden' }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByText('Er du sikker på at du vil godkjenne denne søknaden?'));
    await dialog.getByRole('button', { name: 'Ja, godkjenn' }).click();

    await page.waitForURL(new RegExp(`/admin/soknader/${approved.bookingId}(\\?|$)`));
    await visible(page.getByText('Søknaden er godkjent'));
    const due = addDays(osloToday(), 14).split('-').reverse().join('.');
    await visible(page.getByRole('region', { name: 'Vielse' }).getByText(`Infobrev sendes innen ${due}`));
    await expectAxeCleanAt320And1280(page);
  });

  it('Vigdis rejects the second with a wedding rejection choice; its text goes to the couple', async () => {
    const { page } = admin;
    await openFromRequestList(page, rejected.caseNumber);
    await visible(page.getByRole('region', { name: 'Vielse' }).getByText('Prøvingsattest er ikke lastet opp ennå.'));

    await page.getByRole('button', { name: 'Avslå søknaden' }).click();
    const dialog = page.getByRole('dialog', { name: 'Avslå søknaden om vielse' });
    await visible(dialog);
    const choice = weddingRejectionChoices.find((c) => c.key === 'VIELSE_PROEVINGSATTEST_MANGLER')!;
    await dialog.getByRole('radio', { name: choice.title }).check();
    const text = dialog.getByRole('textbox', { name: 'Tekst til paret' });
    expect(await text.inputValue()).toBe(choice.text);
    await expectAxeCleanAt320And1280(page);
    await dialog.getByRole('button', { name: 'Avslå søknaden' }).click();

    await visible(page.getByText('Søknaden er avslått'));
    await visible(page.getByText('Avslått', { exact: true }).first());
    const log = page.getByRole('region', { name: 'Endringslogg' });
    await visible(log.getByText(`Kommentar: ${choice.text}`));
    await expectAxeCleanAt320And1280(page);
  });
});
