import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { newLocationStepTitles, newLocationSteps } from '@lokaler/domain/admin-location';
import { expectNoAxeViolations, newPage, useBrowser } from './support/browser';
import { addDays, isFixedHoliday, isoWeekday, norwegianDate, osloToday } from './support/dates';
import { demoLocation } from './support/demo-api';
import { waitForMail } from './support/mailbox';
import { chooseTestPerson, loginToPortal } from './support/portal-login';
import { fillApplication, passLoginGateIfShown, registeredBooking } from './support/send-application';
import { visible } from './support/visible';
import { calendarCell, showWeekOf } from './support/room-calendar';

/**
 * Decision 015, end to end: Bente Byadmin, the city-wide administrator, creates 'Testskolen' and invites
 * Nora Nyadmin by e-mail; Nora follows the link from the dev mailbox and completes the seven steps of
 * the wizard with two rooms, and publishes it; Kari finds Testskolen in the new search and on the map,
 * applies for a room, and Nora approves it. Then Nora closes a date and blocks a time, and the portal's
 * calendar shows both at once. axe at 320 px and 1280 px on every wizard step and settings page.
 *
 * Data this spec owns: the location Testskolen, which it creates (no other spec knows it).
 */

const bente = { name: 'Bente Byadmin' };
const nora = { name: 'Nora Nyadmin', email: 'nora.nyadmin@oslo.kommune.no' };

/** Axe at the narrowest phone width (no sideways scroll) and at a laptop's, then back to the laptop. */
async function expectAxeCleanAt320And1280(page: Page): Promise<void> {
  await page.setViewportSize({ width: 320, height: 720 });
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `sideways scroll at 320 px on ${page.url()}`).toBeLessThanOrEqual(
    320,
  );
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoAxeViolations(page);
}

/** Logs in to the admin app from wherever the page is (a login button on the page) as `name`. */
async function loginToAdmin(page: Page, name: string): Promise<void> {
  await page
    .getByRole('main')
    .getByRole('button', { name: 'Logg inn' })
    .or(page.getByRole('button', { name: 'Logg inn' }))
    .first()
    .click();
  await chooseTestPerson(page, name);
}

/** The first weekday from `days` ahead that is not a fixed holiday. */
function weekdayFrom(days: number): string {
  let date = addDays(osloToday(), days);
  while (isoWeekday(date) > 5 || isFixedHoliday(date)) date = addDays(date, 1);
  return date;
}

/** dd.MM as the blocked-times grid names its cells. */
const dayMonth = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}`;
const weekdayName = (date: string) =>
  new Intl.DateTimeFormat('nb-NO', { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));

describe('a city sets up a new location, end to end (decision 015)', () => {
  const browser = useBrowser();
  let admin: { context: BrowserContext; page: Page };
  let citizen: { context: BrowserContext; page: Page };
  let link = '';
  let locationId = 0;
  let gymId = 0;
  let bookingId = 0;
  const applyDate = weekdayFrom(12);
  const closedDate = weekdayFrom(15);
  const blockedDate = weekdayFrom(19);

  afterAll(async () => {
    await admin?.context.close();
    await citizen?.context.close();
  });

  it('Bente, the city-wide administrator, creates Testskolen and invites Nora by e-mail', async () => {
    const { page } = await newPage(browser());
    await page.goto('/admin/innstillinger/nye-lokaler');
    await loginToAdmin(page, bente.name);
    await visible(page.getByRole('heading', { level: 1, name: 'Nye lokaler' }));
    await visible(page.getByRole('heading', { level: 2, name: 'Opprett lokale og inviter administrator' }));
    await expectAxeCleanAt320And1280(page);

    await page.getByRole('textbox', { name: 'Navn på lokalet' }).fill('Testskolen');
    await page.getByLabel('Type lokale').selectOption('SCHOOLS');
    await page.getByLabel('Bydel').selectOption({ label: 'Sagene' });
    await page.getByRole('textbox', { name: 'E-postadresse til administratoren' }).fill(nora.email);
    await page.getByRole('button', { name: 'Opprett og send invitasjon' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Testskolen' });
    await visible(row);
    await visible(row.getByText(nora.email));
    await expectAxeCleanAt320And1280(page);
    const first = /\/nytt-lokale\/([A-Za-z0-9_-]+)/.exec(await waitForMail(nora.email, /\/nytt-lokale\//))![1]!;

    // Sent again (decision 039): a new link replaces the first one, and Nora follows the new one below.
    await row.getByRole('button', { name: 'Send invitasjonen på nytt for Testskolen' }).click();
    await visible(page.getByText('Invitasjonen er sendt på nytt. Den forrige lenken virker ikke lenger.', { exact: false }));
    await page.context().close();

    const mail = await waitForMail(nora.email, new RegExp(`/nytt-lokale/(?!${first})[A-Za-z0-9_-]+`));
    link = /(https?:\/\/\S+\/nytt-lokale\/[A-Za-z0-9_-]+)/.exec(mail)![1]!;
    expect(link).not.toContain(first);
    expect(new URL(link).pathname).toMatch(/^\/admin\/nytt-lokale\/[A-Za-z0-9_-]{20,}$/);
  });

  it('Nora follows the link, completes the seven steps with two rooms, and publishes Testskolen', async () => {
    admin = await newPage(browser());
    const { page } = admin;
    const url = new URL(link);
    await page.goto(url.pathname);
    await loginToAdmin(page, nora.name);
    const steps = page.getByRole('navigation', { name: 'Steg i oppsettet' });
    await visible(steps);
    const saveAndGoOn = () => page.getByRole('button', { name: 'Lagre og gå videre' }).click();
    const atStep = async (index: number) => {
      const step = newLocationSteps[index]!;
      await page.waitForURL(new RegExp(`/nytt-lokale/[^/]+/${step}$`));
      await visible(steps.getByRole('link', { name: `${index + 1}. ${newLocationStepTitles[step]}` }));
      await expectAxeCleanAt320And1280(page);
    };

    // 1. Informasjon om lokalet: the name Bente gave, the address, contact and the position.
    await atStep(0);
    expect(await page.getByRole('textbox', { name: 'Navn på lokalet' }).inputValue()).toBe('Testskolen');
    await page.getByRole('textbox', { name: 'Gateadresse' }).fill('Testveien 1');
    await page.getByRole('textbox', { name: 'Postnummer' }).fill('0456');
    await page.getByRole('textbox', { name: 'Poststed' }).fill('Oslo');
    await page.getByRole('textbox', { name: 'E-post' }).fill('testskolen@oslo.kommune.no');
    await page.getByRole('textbox', { name: 'Breddegrad' }).fill('59.9301');
    await page.getByRole('textbox', { name: 'Lengdegrad' }).fill('10.7551');
    await saveAndGoOn();

    // 2. Tilganger: Nora is the administrator already.
    await atStep(1);
    await visible(page.getByText(nora.email));
    await saveAndGoOn();

    // 3. Innstillinger: the defaults.
    await atStep(2);
    await saveAndGoOn();

    // 4. Åpningstider: every weekday 08:00–16:00 (a new interval's default).
    await atStep(3);
    for (const day of ['mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag']) {
      await page
        .getByRole('button', { name: `Legg til tidsrom ${day}` })
        .first()
        .click();
    }
    await saveAndGoOn();

    // 5. Stengte datoer: none yet.
    await atStep(4);
    await saveAndGoOn();

    // 6. Legg til rom: two rooms.
    await atStep(5);
    for (const [name, capacity] of [
      ['Gymsal', '60'],
      ['Klasserom 1', '28'],
    ] as const) {
      await page.getByRole('button', { name: 'Legg til rom' }).click();
      await page.getByLabel('Navn', { exact: true }).fill(name);
      await page.getByLabel('Kapasitet (antall personer)').fill(capacity);
      await page.getByRole('group', { name: 'Egnet til' }).getByRole('checkbox', { name: 'Møte' }).check();
      await page.getByRole('button', { name: 'Lagre rommet' }).click();
      await visible(page.getByRole('heading', { name }));
    }
    await expectAxeCleanAt320And1280(page);
    await saveAndGoOn();

    // 7. Om lån og leie: the standard texts.
    await atStep(6);
    await saveAndGoOn();

    // The publish section is on the last step already; it says so once the last step's save has landed.
    await visible(page.getByText('Alle stegene er lagret.', { exact: false }));
    await page.getByRole('button', { name: 'Publiser lokalet' }).click();
    await visible(page.getByRole('link', { name: 'Innstillinger for lokalet' }));
    await expectAxeCleanAt320And1280(page);
    locationId = Number(
      /lokale=(\d+)/.exec((await page.getByRole('link', { name: 'Innstillinger for lokalet' }).getAttribute('href'))!)![1],
    );
    expect(locationId).toBeGreaterThan(0);
  });

  it('Kari finds Testskolen in the new search and on the map, and applies for its gym', async () => {
    citizen = await newPage(browser());
    const { page } = citizen;
    const testskolen = await demoLocation(page.request, 'Testskolen');
    expect(testskolen.id).toBe(locationId);

    await page.goto('/portal');
    await page.getByRole('heading', { level: 1, name: 'Finn lokaler etter ønsket aktivitet' }).waitFor();
    await page.getByLabel('Dato', { exact: true }).fill(norwegianDate(applyDate));
    await page.getByRole('button', { name: 'Søk' }).click();
    const list = page.getByRole('list', { name: 'Ledige rom', exact: true });
    await list.getByRole('article').first().waitFor();
    await page.getByRole('searchbox', { name: /Søk i resultatene/ }).fill('Testskolen');
    await visible(list.getByRole('article').filter({ hasText: 'Testskolen' }).filter({ hasText: 'Gymsal' }));
    await page.getByRole('link', { name: 'Vis i kart' }).click();
    await page.waitForURL((u) => u.searchParams.get('searchType') === 'map');
    await visible(
      page.getByRole('list', { name: 'Ledige rom', exact: true }).getByRole('article').filter({ hasText: 'Testskolen' }).first(),
    );

    const rooms = (await (await page.request.get(`/api/location/${locationId}/bookableassets`)).json()) as { id: number; name: string }[];
    gymId = rooms.find((r) => r.name === 'Gymsal')!.id;
    await loginToPortal(page, 'Kari Nordmann');
    await page.goto(`/ressurs?ressurs=${gymId}`);
    await page.getByRole('grid', { name: /Gymsal/ }).waitFor({ timeout: 30_000 });
    await showWeekOf(page, applyDate);
    for (const clock of ['10:00', '10:15', '10:30', '10:45']) await calendarCell(page, applyDate, clock).click();
    await page.getByRole('button', { name: 'Legg til valgte tider' }).click();
    await page.getByRole('region', { name: 'Tider i søknaden' }).getByText('Tiden er ledig.').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Gå til søknad' }).click();
    await fillApplication(page, {
      activity: 'Foreldremøte på Testskolen',
      participants: '30',
      email: 'kari@example.no',
      phone: '91234567',
    });
    await passLoginGateIfShown(page, 'Kari Nordmann');
    const posted = page.waitForResponse((r) => r.url().endsWith('/api/booking') && r.request().method() === 'POST', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Send søknad', exact: true }).click();
    ({ bookingId } = await registeredBooking<unknown>(page, posted));
  });

  it("Nora approves Kari's application", async () => {
    const { page } = admin;
    await page.goto(`/admin/soknader/${bookingId}`);
    await page.getByRole('link', { name: 'Godkjenn søknaden' }).click();
    await page.getByRole('radio', { name: 'Gratis' }).check();
    await page.getByRole('button', { name: 'Godkjenn søknaden' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Ja, godkjenn' }).click();
    await page.waitForURL(new RegExp(`/admin/soknader/${bookingId}$`));
    await visible(page.getByText('Søknaden er godkjent'));

    const { page: portal } = citizen;
    await portal.goto(`/bookinger/${bookingId}`);
    await visible(portal.getByText('Godkjent', { exact: true }).first());
  });

  it('Nora closes a date and blocks a time: the portal calendar shows both at once', async () => {
    const { page: portal } = citizen;
    const stateAt = async (date: string, clock: string) => {
      await showWeekOf(portal, date);
      return (await calendarCell(portal, date, clock).getAttribute('aria-label'))!.split(', ').pop();
    };
    await portal.goto(`/ressurs?ressurs=${gymId}`);
    await portal.getByRole('grid', { name: /Gymsal/ }).waitFor({ timeout: 30_000 });
    expect(await stateAt(closedDate, '10:00')).toBe('Ledig');
    expect(await stateAt(blockedDate, '10:00')).toBe('Ledig');

    const { page } = admin;
    await page.goto(`/admin/innstillinger/lokalet/apningstider/stengte-datoer?lokale=${locationId}`);
    await page.getByLabel('Fra og med dato', { exact: true }).fill(norwegianDate(closedDate));
    await page.getByLabel('Til og med dato', { exact: true }).fill(norwegianDate(closedDate));
    await page.getByLabel('Begrunnelse').fill('Planleggingsdag');
    await page.getByRole('button', { name: 'Legg til' }).click();
    await visible(page.getByText('Planleggingsdag'));
    await expectAxeCleanAt320And1280(page);

    await page.goto(`/admin/innstillinger/lokalet/blokkerte-tider?lokale=${locationId}&rom=${gymId}&uke=${blockedDate}`);
    await page.getByRole('button', { name: `Blokker ${weekdayName(blockedDate)} ${dayMonth(blockedDate)} kl. 10:00` }).click();
    await page.getByRole('button', { name: 'Blokker valgte' }).click();
    await visible(page.getByText('De valgte tidene ble blokkert'));
    await expectAxeCleanAt320And1280(page);

    // The portal's next request obeys both: the closed day is 'Stengt' all day, the blocked quarter is taken, the next one free.
    await portal.goto(`/ressurs?ressurs=${gymId}`);
    await portal.getByRole('grid', { name: /Gymsal/ }).waitFor({ timeout: 30_000 });
    for (const clock of ['08:00', '10:00', '15:45']) expect(await stateAt(closedDate, clock)).toBe('Stengt');
    // With the reason Nora gave, which the closed-dates form says the applicants see.
    await visible(portal.getByText(/: Planleggingsdag$/).first());
    expect(await stateAt(blockedDate, '10:00')).toBe('Ikke ledig');
    expect(await stateAt(blockedDate, '10:15')).toBe('Ledig');
  });

  it('every settings page of Testskolen is axe-clean at 320 px and 1280 px', async () => {
    const { page } = admin;
    for (const section of [
      'informasjon',
      'innstillinger',
      'apningstider/apningstider',
      'rom',
      'tilganger',
      'om-lan-og-leie',
      'refusjon',
      'endringslogg',
    ]) {
      await page.goto(`/admin/innstillinger/lokalet/${section}?lokale=${locationId}`);
      await visible(page.getByRole('heading', { level: 1 }));
      await page.waitForLoadState('networkidle');
      await expectAxeCleanAt320And1280(page);
    }
  });
});
