import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectNoAxeViolations, launchBrowser, newPage } from './support/browser';

/**
 * Issue 4, acceptance point 3: the new portal's location page, from a search link through the
 * choice of room and time to the application and the registered booking (spec 01 §2, §5). Data this
 * spec owns: Tåsen skole's Klasserom (101) on a Thursday about 43 weeks ahead — past every demo
 * booking (they reach ~18 weeks) and every other spec's days.
 */

const osloToday = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Oslo' }).format(new Date());
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const weekday = (date: string) => ((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
/** Fixed-date holidays the demo closes on (Ascension and Whit Monday fall on Thursday/Monday: avoided by the window below). */
const holiday = (date: string) => ['01-01', '05-01', '05-17', '12-24', '12-25', '12-26', '12-31'].includes(date.slice(5));

/** The first Thursday from `days` ahead that is no holiday and no moving holiday (Ascension is a Thursday in May or June). */
function freeThursday(days: number): string {
  let date = addDays(osloToday(), days);
  while (weekday(date) !== 4 || holiday(date) || ['05', '06'].includes(date.slice(5, 7))) date = addDays(date, 1);
  return date;
}

/** Holds POST /api/booking until released, so the registration page can be checked before it moves on. */
async function heldBookingPost(page: Page) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/booking', async (route) => {
    if (route.request().method() === 'POST') await gate;
    await route.continue();
  });
  const response = page.waitForResponse((r) => r.url().endsWith('/api/booking') && r.request().method() === 'POST', { timeout: 30_000 });
  response.catch(() => undefined);
  return { release, response };
}

describe('a citizen books a room from the new location page', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('chooses a room and a time, is stopped without a time, goes to the application, logs in, sends and sees the booking', async () => {
    const date = freeThursday(300);
    const locations = (await (await context.request.get('/api/location')).json()) as { id: number; name: string }[];
    const school = locations.find((l) => l.name === 'Tåsen skole')!;

    await page.goto(`/lokale/${school.id}?loanType=singleLoan&date=${date}&duration=PT1H`);
    await page.getByRole('heading', { level: 1, name: 'Tåsen skole' }).waitFor();
    await page.getByRole('form', { name: 'Finn rom til lån eller leie' }).waitFor();
    expect(await page.getByLabel('Dato').inputValue()).toBe(date);
    const room = page.getByRole('article', { name: 'Klasserom (101)' });
    await room.getByText('Ledig', { exact: true }).waitFor();
    await expectNoAxeViolations(page);

    await room.getByRole('button', { name: 'Velg rom' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.getAll('ressurs')).toHaveLength(1);
    const times = room.getByRole('list', { name: 'Ledige tider for Klasserom (101)' });
    await times.getByRole('button').first().waitFor();
    // Spec 01 §9: nine first, then 'Vis flere' (the school is open longer than nine starts).
    expect(await times.getByRole('button').count()).toBe(9);
    await room.getByRole('button', { name: 'Vis flere' }).click();
    await expect.poll(() => times.getByRole('button').count()).toBeGreaterThan(9);

    // Without a time: the rule, at the room and below, and the focus on the room.
    await page.getByRole('button', { name: 'Gå til søknad' }).click();
    await room.getByText('Du må velge et tidspunkt').waitFor();
    await page.getByText('Legg til tidspunkt for alle valgte rom eller fjern dem fra listen.').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toMatch(/^rom-\d+$/);
    await expectNoAxeViolations(page);

    const time = times.getByRole('button', { name: /^\d\d:\d\d–\d\d:\d\d$/ }).nth(2);
    const label = (await time.textContent())!;
    await time.click();
    expect(await time.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.getByText('Du må velge et tidspunkt').count()).toBe(0);
    await page.getByRole('complementary', { name: 'Valgte rom' }).getByText(label).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Gå til søknad' }).click();

    // The calendar's own application page, with the chosen time.
    await page.getByRole('heading', { level: 1, name: 'Søknad om lån av lokale' }).waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/send');
    await page.getByRole('region', { name: 'Tider du søker om' }).getByText(new RegExp(`kl\\. ${label}$`)).waitFor();
    await page.getByRole('textbox', { name: 'Aktivitet', exact: true }).fill('Strikkekafé');
    await page.getByRole('textbox', { name: 'Hvem er aktiviteten for, og hva er formålet?', exact: true }).fill('Naboer som vil lære å strikke');
    await page.getByRole('textbox', { name: 'Forventet antall deltakere', exact: true }).fill('12');
    await page.getByRole('textbox', { name: 'E-post', exact: true }).fill('kari@example.no');
    await page.getByRole('textbox', { name: 'Telefon', exact: true }).fill('912 34 567');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Send søknad (logg inn)' }).click();
    await page.waitForURL(/\/idp\//, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Logg inn som Kari Nordmann' }).click();

    await page.getByRole('button', { name: 'Send søknad', exact: true }).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/send');
    expect(await page.getByRole('textbox', { name: 'Aktivitet', exact: true }).inputValue()).toBe('Strikkekafé');
    const posted = await heldBookingPost(page);
    await page.getByRole('button', { name: 'Send søknad', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Registrerer din booking' }).waitFor();
    await expectNoAxeViolations(page);
    posted.release();

    const answer = await posted.response;
    expect(answer.status()).toBe(201);
    const { bookingId } = (await answer.json()) as { bookingId: number };
    const booking = page.waitForResponse((r) => r.url().endsWith(`/api/user/booking/${bookingId}`), { timeout: 30_000 });
    await page.waitForURL(new RegExp(`/bookinger/${bookingId}$`), { timeout: 30_000 });
    const stored = (await (await booking).json()) as { status: string; location: { name: string }; reservations: { date?: string; startTime?: string }[]; formAnswers: Record<string, unknown> };
    expect(stored).toMatchObject({ status: 'UNPROCESSED', location: { name: 'Tåsen skole' }, formAnswers: { activity: 'Strikkekafé', participants: 12 } });
    expect(stored.reservations).toHaveLength(1);
    expect(JSON.stringify(stored.reservations[0])).toContain(date);
    expect(JSON.stringify(stored.reservations[0])).toContain(`${label.slice(0, 5)}`);
    expect(await page.evaluate(() => localStorage.getItem('lokaler.booking-draft.v1'))).toBeNull();
    await expectNoAxeViolations(page);
    await page.unroute('**/api/booking');
  });

  it('chooses a time per weekday for a weekly loan and books the whole series', async () => {
    // Three weeks from a Monday about 46 weeks ahead, Tuesdays and Thursdays, in Tåsen skole's gym.
    let from = addDays(osloToday(), 320);
    while (weekday(from) !== 1 || ['05', '06'].includes(from.slice(5, 7)) || [1, 3, 8, 10, 15, 17].some((d) => holiday(addDays(from, d)))) from = addDays(from, 1);
    const to = addDays(from, 20);
    const locations = (await (await context.request.get('/api/location')).json()) as { id: number; name: string }[];
    const school = locations.find((l) => l.name === 'Tåsen skole')!;

    await page.goto(`/lokale/${school.id}?loanType=recurringLoan&from=${from}&to=${to}&duration=PT1H&repetition=WEEKLYONWEEKDAY&daysOfWeek=TUESDAY&daysOfWeek=THURSDAY`);
    const room = page.getByRole('article', { name: 'Gymsal (G1)' });
    await room.getByText('Ledig alle 6 valgte datoer').waitFor();
    await room.getByRole('button', { name: 'Velg rom' }).click();
    // A time free on every date of its weekday has no 'Ledig {n} av {m} valgte datoer' note.
    const fullyFree = /^\d\d:\d\d–\d\d:\d\d$/;
    const tuesday = room.getByRole('list', { name: 'Ledige tider tirsdag for Gymsal (G1)' }).getByRole('button', { name: fullyFree }).first();
    const thursday = room.getByRole('list', { name: 'Ledige tider torsdag for Gymsal (G1)' }).getByRole('button', { name: fullyFree }).last();
    await tuesday.click();
    await thursday.click();
    const summary = page.getByRole('complementary', { name: 'Valgte rom' });
    await summary.getByText(/Tirsdag \d\d:\d\d–\d\d:\d\d, Torsdag \d\d:\d\d–\d\d:\d\d/).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Gå til søknad' }).click();

    await page.getByRole('heading', { level: 1, name: 'Søknad om lån av lokale' }).waitFor({ timeout: 15_000 });
    await page.getByRole('region', { name: 'Tider du søker om' }).getByText(/^6 tider, fra /).waitFor();
    await page.getByRole('textbox', { name: 'Aktivitet', exact: true }).fill('Volleyball for voksne');
    await page.getByRole('textbox', { name: 'Hvem er aktiviteten for, og hva er formålet?', exact: true }).fill('Mosjonister i bydelen');
    await page.getByRole('textbox', { name: 'Forventet antall deltakere', exact: true }).fill('14');
    await page.getByRole('textbox', { name: 'E-post', exact: true }).fill('kari@example.no');
    await page.getByRole('textbox', { name: 'Telefon', exact: true }).fill('91234567');
    // Logged in by the first test, the form sends at once; on its own, the login gate comes first.
    const gate = page.getByRole('button', { name: 'Send søknad (logg inn)' });
    if (await gate.isVisible()) {
      await gate.click();
      await page.getByRole('button', { name: 'Logg inn som Kari Nordmann' }).click();
    }
    const posted = page.waitForResponse((r) => r.url().endsWith('/api/booking') && r.request().method() === 'POST', { timeout: 30_000 });
    // The registration page moves on at once: listen for the booking page's call before sending.
    const booking = page.waitForResponse((r) => /\/api\/user\/booking\/\d+$/.test(r.url()), { timeout: 30_000 });
    await page.getByRole('button', { name: 'Send søknad', exact: true }).click();
    const answer = await posted;
    expect(answer.status()).toBe(201);
    const { bookingId } = (await answer.json()) as { bookingId: number };
    await page.waitForURL(new RegExp(`/bookinger/${bookingId}$`), { timeout: 30_000 });
    const stored = (await (await booking).json()) as { location: { name: string }; reservations: unknown[] };
    expect(stored.location.name).toBe('Tåsen skole');
    expect(stored.reservations).toHaveLength(6);
  });
});
