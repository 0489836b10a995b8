import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { APIRequestContext } from 'playwright-core';
import { expectNoAxeViolations, newPage, useBrowser } from './support/browser';
import { applyThroughApi, demoLocation } from './support/demo-api';
import { chooseTestPerson, logInAtMyBookings } from './support/portal-login';
import { visible } from './support/visible';

/**
 * Decision 024, second journey: Kari adds her calendar feed URL; the feed (fetched over HTTP, as a
 * calendar app would, without a login) lists her approved and pending bookings; after she cancels one
 * in the portal, its event is STATUS:CANCELLED with a higher SEQUENCE. Then she makes a new link and
 * the old one answers 404.
 *
 * Data this spec owns: an application Kari sends herself (through the API with her own login) for a
 * weekday at 17:00 ~8 months ahead at Deichman Torshov, which she cancels; and her feed's URL. It only
 * reads her demo bookings (the approved ones stay approved).
 */

const WAIT = 30_000;

interface FeedEvent {
  uid: string;
  sequence: number;
  status: string;
  url: string;
  summary: string;
}

async function fetchFeed(api: APIRequestContext, path: string, headers: Record<string, string> = {}) {
  const response = await api.get(path, { headers });
  return { status: response.status(), headers: response.headers(), text: response.status() === 200 ? await response.text() : '' };
}

function eventsOf(text: string): FeedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('Europe/Oslo');
  return calendar.getAllSubcomponents('vevent').map((c) => {
    const event = new ICAL.Event(c);
    return {
      uid: event.uid,
      sequence: event.sequence,
      status: String(c.getFirstPropertyValue('status')),
      url: String(c.getFirstPropertyValue('url')),
      summary: event.summary,
    };
  });
}

describe('calendar feeds (decision 024)', () => {
  const browser = useBrowser();

  it('Kari subscribes to her bookings; a cancellation reaches the feed as CANCELLED with a higher SEQUENCE; a new link retires the old', async () => {
    const { context, page } = await newPage(browser());
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const token = await logInAtMyBookings(page, 'Kari Nordmann');
    await expect.poll(token, { timeout: 15_000 }).toBeTruthy();
    const venue = await demoLocation(context.request, 'Deichman Torshov');
    const { bookingId } = await applyThroughApi(context.request, {
      token: token()!,
      location: venue,
      avoidRoom: '',
      firstDaysAhead: 230,
      lastDaysAhead: 290,
      startTime: '17:00:00',
      minutes: Math.max(60, Math.ceil((venue.minBookingDurationMinutes ?? 0) / 15) * 15),
      formAnswers: {
        activity: 'Strikkeklubb',
        purpose: 'Strikking for naboer',
        participants: 6,
        contactEmail: 'kari.nordmann@example.no',
        contactPhone: '41234567',
      },
    });

    // From 'Mine bookinger' to the subscription page.
    await page.reload();
    await page.getByRole('link', { name: 'Legg bookingene i kalenderen din' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Legg bookingene i kalenderen din' }));
    const own = page.getByRole('region', { name: 'Dine egne bookinger' });
    const field = own.getByRole('textbox', { name: /Lenke til kalenderen/ });
    await visible(field);
    await visible(page.getByRole('region', { name: 'Sagene Sjakklubb' }));
    await expectNoAxeViolations(page);
    await own.getByRole('button', { name: 'Kopier lenke' }).click();
    await visible(own.getByText(/Lenken er (kopiert|markert)/));
    const feedUrl = await field.inputValue();
    expect(feedUrl).toMatch(/\/api\/calendar\/\d+-[\w-]{43}\.ics$/);
    const feedPath = new URL(feedUrl).pathname;

    // The calendar app's first fetch: no cookie, no token.
    const first = await fetchFeed(context.request, feedPath);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const before = eventsOf(first.text);
    const mine = before.find((e) => e.url.endsWith(`/bookinger/${bookingId}`));
    expect(mine?.status).toBe('TENTATIVE');
    expect(mine?.summary).toMatch(/^Søkt: .*Deichman Torshov$/);
    expect(before.some((e) => e.status === 'CONFIRMED')).toBe(true);
    expect(first.text).not.toContain('Nordmann');
    expect((await fetchFeed(context.request, feedPath, { 'if-none-match': first.headers.etag! })).status).toBe(304);

    // Kari cancels the application in the portal.
    await page.goto(`/bookinger/${bookingId}`);
    await page.getByRole('link', { name: 'Kanseller bookingen' }).click();
    await page.getByRole('button', { name: 'Ja, kanseller bookingen' }).click();
    await page.waitForURL(new RegExp(`/bookinger/${bookingId}$`), { timeout: WAIT });
    await visible(page.getByText('Kansellert', { exact: true }));

    const second = await fetchFeed(context.request, feedPath, { 'if-none-match': first.headers.etag! });
    expect(second.status).toBe(200);
    const cancelled = eventsOf(second.text).find((e) => e.uid === mine!.uid);
    expect(cancelled?.status).toBe('CANCELLED');
    expect(cancelled!.sequence).toBeGreaterThan(mine!.sequence);

    // A new link: the old one stops working at once.
    // By keyboard: Enter opens the question, Escape leaves it without a change, Enter on 'Ja' makes the link.
    await page.goto('/bookinger/kalenderabonnement');
    const rotate = own.getByRole('button', { name: 'Lag ny lenke' });
    await rotate.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Lag ny lenke?' });
    await visible(dialog.getByText(/Den gamle lenken slutter å virke med en gang/));
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect((await fetchFeed(context.request, feedPath)).status).toBe(200);
    await rotate.focus();
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Ja, lag ny lenke' }).focus();
    await page.keyboard.press('Enter');
    await visible(own.getByText('Ny lenke er laget. Den gamle lenken virker ikke lenger.'));
    await expect.poll(() => field.inputValue(), { timeout: WAIT }).not.toBe(feedUrl);
    const newPath = new URL(await field.inputValue()).pathname;
    expect((await fetchFeed(context.request, feedPath)).status).toBe(404);
    expect((await fetchFeed(context.request, newPath)).status).toBe(200);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it("Siri finds Bjølsen skole's feed under its week calendar: valid, every booking's time, no private person's name or contact", async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/admin/');
    await page.getByRole('button', { name: 'Logg inn' }).click();
    await chooseTestPerson(page, 'Siri Saksbehandler');
    await page.getByRole('list', { name: 'Lokaler du administrerer' }).getByRole('link', { name: 'Bjølsen skole' }).click();
    await page.getByRole('navigation', { name: 'Visning' }).getByRole('link', { name: 'Kalender' }).click();
    const summary = page.getByText('Abonner på lokalets kalender');
    await visible(summary);
    await summary.focus();
    await page.keyboard.press('Enter');
    const region = page.getByRole('region', { name: 'Lokalets kalender' });
    const field = region.getByRole('textbox', { name: /Lenke til kalenderen/ });
    await visible(field);
    await expectNoAxeViolations(page);
    const feed = await fetchFeed(context.request, new URL(await field.inputValue()).pathname);
    expect(feed.status).toBe(200);
    const events = eventsOf(feed.text);
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => /\/admin\/soknader\/\d+$/.test(e.url))).toBe(true);
    expect(feed.text).toContain('X-WR-CALNAME:Bjølsen skole – Lokaler');
    for (const personal of ['Kari', 'Ola', 'Nordmann', 'Hassan', '@example.no', 'Volleyball for voksne'])
      expect(feed.text).not.toContain(personal);
    await context.close();
  });
});
