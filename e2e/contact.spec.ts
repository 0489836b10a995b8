import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoAxeViolations, newPage, useBrowser } from './support/browser';
import { demoLocation } from './support/demo-api';

/**
 * The contact form (spec 01 §2 Contact page, §5 Contact form). Anonymous, on the demo's
 * CONTACT_US=ENABLED; each test sends its own inquiry, so nothing is shared with other specs.
 */
/** Fills in the e-mail and the message, sends, and returns the body the form posted (answered 201). */
async function sendInquiry(page: Page, email: string, message: string): Promise<unknown> {
  await page.getByRole('textbox', { name: 'E-post' }).fill(email);
  await page.getByRole('textbox', { name: 'Melding' }).fill(message);
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/support'));
  await page.getByRole('button', { name: 'Send' }).click();
  const answer = await sent;
  expect(answer.status()).toBe(201);
  return JSON.parse(answer.request().postData() ?? '{}') as unknown;
}

describe('a visitor contacts the municipality', () => {
  const browser = useBrowser();

  it('is told what is missing, then sends a question about the venue they came from', async () => {
    const { context, page } = await newPage(browser());
    const venue = await demoLocation(context.request, 'Deichman Torshov');

    await page.goto(`/kontakt-oss?referringPage=${encodeURIComponent(`/sted/${venue.id}`)}`);
    await page.getByRole('heading', { level: 1, name: 'Kontakt oss' }).waitFor();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Send' }).click();
    // The error summary takes the focus and lists what is missing, each a link to its field.
    const summary = page.getByRole('group', { name: 'For å sende må du rette opp følgende:' });
    await summary.waitFor();
    await expect.poll(() => summary.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await summary.getByRole('link').allTextContents()).toEqual(['Velg et alternativ', 'Feltet er påkrevd', 'Feltet er påkrevd']);
    expect(await page.getByText('Feltet er påkrevd').count()).toBe(4);
    await summary.getByRole('link').nth(1).click();
    expect(await page.getByRole('textbox', { name: 'E-post' }).evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.type('kari@');
    await page.getByRole('button', { name: 'Send' }).click();
    await summary.getByRole('link', { name: 'Vennligst skriv inn en gyldig e-postadresse' }).waitFor();
    await expectNoAxeViolations(page);

    await page.getByRole('radio', { name: 'Spørsmål om et lokale' }).check();
    // The venue the visitor came from is chosen already.
    expect(await page.getByRole('combobox', { name: 'Lokale' }).locator('option:checked').textContent()).toBe('Deichman Torshov');
    expect(await sendInquiry(page, 'kari.nordmann@example.no', 'Har møterommet projektor?')).toEqual({
      category: 'LOCATION',
      userEmail: 'kari.nordmann@example.no',
      message: 'Har møterommet projektor?',
      locationId: venue.id,
    });

    await page.getByRole('heading', { level: 1, name: 'Takk for henvendelsen!' }).waitFor();
    await page.getByText('Meldingen din er sendt til Deichman Torshov. Du får svar på e-post, vanligvis innen 5 virkedager.').waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Gå til startsiden' }).click();
    await page.getByRole('heading', { level: 1, name: 'Finn lokaler til lån og leie' }).waitFor();
    await context.close();
  });

  it('reports a technical problem with the page it came from, and hears back within 1–3 days', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/kontakt-oss?referringPage=%2Fressurs%3Fressurs%3D1');
    await page.getByRole('radio', { name: 'Tekniske problemer med nettsiden' }).check();
    expect(await page.getByRole('combobox', { name: 'Lokale' }).count()).toBe(0);
    expect(await sendInquiry(page, 'ola@example.no', 'Kalenderen viser ingen tider.')).toEqual({
      category: 'TECHNICAL',
      userEmail: 'ola@example.no',
      message: 'Kalenderen viser ingen tider.',
      referringPage: '/ressurs?ressurs=1',
    });
    await page.getByRole('heading', { level: 1, name: 'Takk for at du tok kontakt!' }).waitFor();
    await page.getByText(/vanligvis innen 1–3 virkedager/).waitFor();
    await expectNoAxeViolations(page);
    await context.close();
  });
});
