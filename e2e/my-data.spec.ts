import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, newPage, useBrowser } from './support/browser';
import { addDays, osloToday } from './support/dates';
import { applyThroughApi, demoLocation } from './support/demo-api';
import { logInAtMyBookings } from './support/portal-login';
import { visible } from './support/visible';

/**
 * Decision 057: 'Mine data'. Data this spec owns: Sofie Berg, the test citizen without demo data (no
 * other spec logs her in), her free-time alert at Bygdøy skole and her application there for an evening
 * 100–160 days ahead. No other spec touches Bygdøy skole. Her application is not over, so the deletion
 * keeps its contact details and says why; the alert goes.
 */
describe('my data', () => {
  const browser = useBrowser();

  it('Sofie opens Mine data from Mine bookinger, downloads her copy, asks for deletion and sees what was kept and why', async () => {
    const { context, page } = await newPage(browser());
    const token = await logInAtMyBookings(page, 'Sofie Berg');
    await expect.poll(token, { timeout: 15_000 }).toBeTruthy();
    const api = context.request;
    const school = await demoLocation(api, 'Bygdøy skole');
    const { caseNumber } = await applyThroughApi(api, {
      token: token()!,
      location: school,
      avoidRoom: '',
      firstDaysAhead: 100,
      lastDaysAhead: 160,
      startTime: '19:00:00',
      minutes: 60,
      formAnswers: {
        activity: 'Strikkeklubb',
        purpose: 'Nabolaget',
        participants: 8,
        contactEmail: 'sofie.berg@example.no',
        contactPhone: '46464646',
      },
    });
    const alert = await api.post('/api/user/free-slot-alerts', {
      headers: { Authorization: token()! },
      data: { locationId: school.id, fromDate: addDays(osloToday(), 1), toDate: addDays(osloToday(), 60) },
    });
    expect(alert.status(), await alert.text()).toBe(201);

    await page.reload();
    await page.getByRole('link', { name: 'Mine data' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Mine data' }));
    await expectNoAxeViolations(page);

    const json = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Last ned som JSON' }).click();
    const copy = await json;
    expect(copy.suggestedFilename()).toMatch(/^mine-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await copy.path())!, 'utf8')) as {
      profile: { name: string };
      bookings: { caseNumber: string }[];
      freeSlotAlerts: unknown[];
    };
    expect(data.profile.name).toBe('Sofie Berg');
    expect(data.bookings.map((b) => b.caseNumber)).toContain(caseNumber);
    expect(data.freeSlotAlerts).toHaveLength(1);

    const html = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Last ned oversikt' }).click();
    const summary = await html;
    expect(summary.suggestedFilename()).toMatch(/^mine-data-\d{4}-\d{2}-\d{2}\.html$/);
    expect(await readFile((await summary.path())!, 'utf8')).toContain('Sofie Berg');

    // Keyboard alone: the button, the confirmation and the answer, which takes the focus.
    await page.getByRole('button', { name: 'Slett dataene mine' }).focus();
    await page.keyboard.press('Enter');
    const dialog = await visible(page.getByRole('dialog'));
    await visible(dialog.getByText('Det vi sletter, kan ikke hentes tilbake.'));
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Ja, slett dataene mine' }).focus();
    await page.keyboard.press('Enter');

    const answer = await visible(page.getByRole('heading', { name: 'Svar på slettingen' }));
    await expect.poll(() => answer.evaluate((heading) => heading === document.activeElement)).toBe(true);
    await visible(page.getByText('Varsler om ledige tider (1)'));
    const kept = await visible(page.getByRole('listitem').filter({ hasText: 'i bookinger som ikke er gjennomført' }));
    expect(await kept.textContent()).toContain(caseNumber);
    expect(await kept.textContent()).toContain('for å gjennomføre avtalen');
    await expectNoAxeViolations(page);

    // The alert is gone; the application and its contact details are there.
    const after = await api.get('/api/user/my-data', { headers: { Authorization: token()! } });
    const left = (await after.json()) as {
      freeSlotAlerts: unknown[];
      bookings: { caseNumber: string; formAnswers: { contactEmail?: string } }[];
    };
    expect(left.freeSlotAlerts).toEqual([]);
    expect(left.bookings.find((b) => b.caseNumber === caseNumber)?.formAnswers.contactEmail).toBe('sofie.berg@example.no');
    await context.close();
  });
});
