import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { expectNoAxeViolations, newPage, useBrowser } from './support/browser';
import { addDays, isFixedHoliday, isoWeekday, norwegianDate, osloToday } from './support/dates';
import { demoLocation } from './support/demo-api';
import { answersTo, waitForMail } from './support/mailbox';
import { chooseTestPerson, loginToPortal } from './support/portal-login';
import { fillApplication } from './support/send-application';
import { visible } from './support/visible';
import { calendarCell, showWeekOf } from './support/room-calendar';

/**
 * Decision 029: three clubs apply for the same gym on Tuesdays; the administrator sees the clash,
 * allocates two of them to other hours and one to the asked time, closes the round; each club sees
 * its decision.
 *
 * Data this spec owns: Hasle skole (Grünerløkka, administered by Siri Saksbehandler; no other spec
 * books there) and its round, Tuesdays from ~20 weeks ahead (past every demo booking, which lie
 * within ~17 weeks) in its Gymsal, 18:00–19:00. Kari applies for Sagene Sjakklubb through the
 * portal's form; Ola (Tøyen Sportsklubb) and Amina (Holmlia Kulturforening) send the same request
 * through the API, each acting for the club as the portal does.
 */

const WEEKS = 6;
const ROUND = 'Hasle skole, e2e-semesteret';

/** The first Tuesday from `days` ahead whose WEEKS weeks hold no fixed holiday. */
function firstTuesday(days: number): string {
  let date = addDays(osloToday(), days);
  while (isoWeekday(date) !== 2 || Array.from({ length: WEEKS }, (_, i) => addDays(date, i * 7)).some(isFixedHoliday))
    date = addDays(date, 1);
  return date;
}

/** Acts for the organisation from now on, as the portal's 'Logg inn som organisasjon' does (the cookie is the context's). */
async function actFor(api: APIRequestContext, token: string, orgNo: string, orgName: string) {
  const answer = await api.post('/api/user/impersonation', { headers: { Authorization: token }, data: { orgNo, orgName } });
  expect(answer.ok(), await answer.text()).toBe(true);
  const who = (await (await api.get('/api/user/impersonation/effectiveuser', { headers: { Authorization: token } })).json()) as {
    name: string;
  };
  expect(who.name).toBe(orgName);
}

async function typeDate(page: Page, label: string, date: string) {
  await page.getByRole('textbox', { name: label, exact: true }).fill(norwegianDate(date));
}

interface Club {
  person: string;
  email: string;
  orgNo: string;
  orgName: string;
  activity: string;
  bookingId?: number;
  caseNumber?: string;
}

const clubs = {
  kari: {
    person: 'Kari Nordmann',
    email: 'kari.nordmann@example.no',
    orgNo: '998877660',
    orgName: 'Sagene Sjakklubb',
    activity: 'Sjakktrening for barn',
  },
  ola: {
    person: 'Ola Nordmann',
    email: 'ola.nordmann@example.no',
    orgNo: '997766555',
    orgName: 'Tøyen Sportsklubb',
    activity: 'Innebandy',
  },
  amina: {
    person: 'Amina Hassan',
    email: 'amina.hassan@example.no',
    orgNo: '995544334',
    orgName: 'Holmlia Kulturforening',
    activity: 'Dansegruppe',
  },
} satisfies Record<string, Club>;
const club = (c: Club) => c as Required<Club>;

describe('a semester round: three clubs, one gym, Tuesdays', () => {
  const browser = useBrowser();
  const today = osloToday();
  const first = firstTuesday(140);
  const tuesdays = Array.from({ length: WEEKS }, (_, i) => addDays(first, i * 7));
  const semesterStart = addDays(first, -1);
  const semesterEnd = addDays(tuesdays.at(-1)!, 4);
  const deadline = addDays(today, 3);
  let admin: { context: BrowserContext; page: Page };
  let roundUrl: string;
  let gymId: number;
  let kariRequest: Record<string, unknown>;

  beforeAll(async () => {
    admin = await newPage(browser());
  });
  afterAll(async () => {
    await admin?.context.close();
  });

  it("Siri opens a round for Hasle skole in the admin app ('Søknadsrunder' → 'Ny søknadsrunde')", async () => {
    const { page } = admin;
    await page.goto('/admin/');
    await page.getByRole('button', { name: 'Logg inn' }).click();
    await chooseTestPerson(page, 'Siri Saksbehandler');
    await visible(page.getByRole('heading', { level: 1, name: 'Mine lokaler' }));
    await page.getByRole('link', { name: 'Søknadsrunder' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Søknadsrunder' }));
    await page.getByRole('link', { name: 'Ny søknadsrunde' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Ny søknadsrunde' }));
    await page.getByRole('textbox', { name: /Navn på runden/ }).fill(ROUND);
    await typeDate(page, 'Søknadsperioden starter', today);
    await typeDate(page, 'Søknadsfrist', deadline);
    await typeDate(page, 'Semesteret starter', semesterStart);
    await typeDate(page, 'Semesteret slutter', semesterEnd);
    await page
      .getByRole('group', { name: /Steder/ })
      .getByRole('checkbox', { name: 'Hasle skole' })
      .check();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Opprett søknadsrunde' }).click();
    await visible(page.getByRole('heading', { level: 1, name: ROUND }));
    await visible(page.getByText('Tar imot søknader', { exact: true }));
    roundUrl = page.url();
    expect(new URL(roundUrl).pathname).toMatch(/^\/admin\/soknadsrunder\/\d+$/);
  });

  it('Kari applies for Sagene Sjakklubb through the form, with the age group, and her booking says Mottatt and the deadline', async () => {
    const { context, page } = await newPage(browser());
    try {
      const token = await loginToPortal(page, clubs.kari.person);
      const api = context.request;
      await actFor(api, token, clubs.kari.orgNo, clubs.kari.orgName);
      const school = await demoLocation(api, 'Hasle skole');
      const rooms = (await (await api.get(`/api/location/${school.id}/bookableassets`)).json()) as { id: number; name: string }[];
      gymId = rooms.find((r) => r.name === 'Gymsal')!.id;

      await page.goto(`/ressurs?ressurs=${gymId}`);
      await page.getByRole('grid', { name: /Gymsal.*uke \d+/ }).waitFor({ timeout: 30_000 });
      await page.getByRole('radio', { name: 'Hver uke', exact: true }).check();
      await page.getByLabel('Sluttdato', { exact: true }).fill(norwegianDate(tuesdays.at(-1)!));
      await showWeekOf(page, first);
      for (const clock of ['18:00', '18:15', '18:30', '18:45']) await calendarCell(page, first, clock).click();
      await page.getByRole('button', { name: 'Legg til valgte tider' }).click();
      const added = page.getByRole('region', { name: 'Tider i søknaden' });
      await visible(added.getByText(`Alle ${WEEKS} tidene er ledige.`));
      await added.getByRole('button', { name: 'Gå til søknad' }).click();

      await visible(page.getByRole('heading', { level: 1, name: 'Søknad om lån av lokale' }));
      await visible(page.getByText(`Søknadsfrist ${norwegianDate(deadline)}`));
      await fillApplication(page, {
        activity: clubs.kari.activity,
        purpose: 'Trening for klubbens barneparti',
        participants: '16',
        email: clubs.kari.email,
        phone: '41234567',
      });
      await page.getByRole('combobox', { name: /Aldersgruppe/ }).selectOption({ label: 'Barn (under 13 år)' });
      await expectNoAxeViolations(page);
      const posted = page.waitForResponse((r) => r.url().endsWith('/api/booking') && r.request().method() === 'POST', { timeout: 30_000 });
      await page.getByRole('button', { name: 'Send søknad', exact: true }).click();
      const answer = await posted;
      expect(answer.status(), await answer.text()).toBe(201);
      kariRequest = answer.request().postDataJSON() as Record<string, unknown>;
      expect((kariRequest.formAnswers as { ageGroup?: string }).ageGroup).toBe('CHILDREN');
      Object.assign(clubs.kari, (await answer.json()) as { bookingId: number; caseNumber: string });

      await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
      await page.getByRole('link', { name: 'Se søknaden under Mine bookinger' }).click();
      await visible(page.getByRole('heading', { level: 1, name: 'Din booking hos Hasle skole' }));
      await visible(page.getByText('Mottatt', { exact: true }));
      await visible(page.getByText(`Søknadsfrist ${norwegianDate(deadline)}`));
      await expectNoAxeViolations(page);
    } finally {
      await context.close();
    }
  });

  it('Ola (Tøyen Sportsklubb) and Amina (Holmlia Kulturforening) ask for the same Tuesdays through the API', async () => {
    for (const c of [clubs.ola, clubs.amina]) {
      const { context, page } = await newPage(browser());
      try {
        const token = await loginToPortal(page, c.person);
        await actFor(context.request, token, c.orgNo, c.orgName);
        const created = await context.request.post('/api/booking', {
          headers: { Authorization: token },
          data: {
            ...kariRequest,
            formAnswers: {
              activity: c.activity,
              purpose: 'Ukentlig trening',
              participants: 20,
              ageGroup: 'YOUTH',
              contactEmail: c.email,
              contactPhone: '92345678',
            },
          },
        });
        expect(created.status(), await created.text()).toBe(201);
        Object.assign(c, (await created.json()) as { bookingId: number; caseNumber: string });
      } finally {
        await context.close();
      }
    }
  });

  it("Siri ends the application period early with 'Endre runden': the deadline moves to yesterday", async () => {
    const { page } = admin;
    await page.goto(roundUrl);
    await visible(page.getByRole('heading', { level: 1, name: ROUND }));
    await page.getByRole('link', { name: 'Endre runden' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Endre søknadsrunden' }));
    expect(await page.getByRole('textbox', { name: /Navn på runden/ }).inputValue()).toBe(ROUND);
    await typeDate(page, 'Søknadsperioden starter', addDays(today, -2));
    await typeDate(page, 'Søknadsfrist', addDays(today, -1));
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Lagre endringene' }).click();
    await visible(page.getByRole('heading', { level: 1, name: ROUND }));
    await visible(page.getByText(`Søknadsfrist ${norwegianDate(addDays(today, -1))}`));
    await visible(page.getByText('Fordeling', { exact: true }));
  });

  it('Siri sees the three clashing wishes for the Gymsal and allocates them with the keyboard', async () => {
    const { page } = admin;
    const gym = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Gymsal' }) });
    await visible(gym.getByText('3 søknader, 3 i konflikt, 3 ikke fordelt'));
    await expectNoAxeViolations(page);
    await gym.getByRole('link', { name: 'Gymsal' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Fordeling av Gymsal (G1), Hasle skole' }));
    const week = page.getByRole('region', { name: 'Uke med søknadene til Gymsal' });
    for (const c of [clubs.kari, clubs.ola, clubs.amina])
      await visible(week.getByRole('button', { name: new RegExp(`^Tirsdag ${c.orgName}\\s+Konflikt 18:00–19:00`) }));
    await expectNoAxeViolations(page);

    /** Opens the club's panel from its bar with the keyboard, chooses and saves. */
    const allocate = async (c: Club, choose: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) => {
      await week.getByRole('button', { name: new RegExp(`^Tirsdag ${c.orgName}\\b`) }).focus();
      await page.keyboard.press('Enter');
      const dialog = await visible(page.getByRole('dialog', { name: c.orgName }));
      await choose(dialog);
      await dialog.getByRole('button', { name: 'Lagre' }).press('Enter');
      await visible(page.getByRole('status').getByText(new RegExp(`^Lagret: ${c.orgName}`)));
    };

    await allocate(clubs.kari, async (dialog) => {
      await dialog.getByRole('radio', { name: 'Som søkt' }).focus();
      await page.keyboard.press('Space');
      await expectNoAxeViolations(page);
    });
    await allocate(clubs.ola, async (dialog) => {
      await dialog.getByRole('radio', { name: 'Annen tid eller rom' }).focus();
      await page.keyboard.press('Space');
      await dialog.getByRole('combobox', { name: 'Fra' }).selectOption('19:00');
      await dialog.getByRole('combobox', { name: 'Til' }).selectOption('20:00');
      await dialog.getByRole('textbox', { name: 'Hvorfor en annen tid?' }).fill('Barna har treningen kl. 18.');
      await expectNoAxeViolations(page);
    });
    await allocate(clubs.amina, async (dialog) => {
      await dialog.getByRole('radio', { name: 'Annen tid eller rom' }).focus();
      await page.keyboard.press('Space');
      await dialog.getByRole('combobox', { name: 'Ukedag' }).selectOption({ label: 'torsdag' });
      await dialog.getByRole('combobox', { name: 'Fra' }).selectOption('18:00');
      await dialog.getByRole('combobox', { name: 'Til' }).selectOption('19:00');
      await dialog.getByRole('textbox', { name: 'Hvorfor en annen tid?' }).fill('Tirsdagen er tildelt barneidrett.');
    });
    // Every wish is allocated; the clash stays, since it is of the asked times.
    await visible(page.getByText('3 søknader, 3 i konflikt, 0 ikke fordelt'));
    await visible(week.getByRole('button', { name: /^Tirsdag Sagene Sjakklubb\s+Konflikt 18:00–19:00\s*Tildelt som søkt$/ }));
    await visible(
      week.getByRole('button', { name: /^Tirsdag Tøyen Sportsklubb\s+Konflikt 18:00–19:00\s*Tildelt annen tid: tirsdag 19:00–20:00$/ }),
    );
    await visible(
      week.getByRole('button', {
        name: /^Tirsdag Holmlia Kulturforening\s+Konflikt 18:00–19:00\s*Tildelt annen tid: torsdag 18:00–19:00$/,
      }),
    );
    await expectNoAxeViolations(page);
  });

  it("Siri closes the round ('Lukk runden og send svar') and sees the counts", async () => {
    const { page } = admin;
    await page.goto(roundUrl);
    await visible(page.getByRole('heading', { level: 1, name: ROUND }));
    await page.getByRole('button', { name: 'Lukk runden og send svar' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Lukke runden og sende svar?' }));
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Lukk runden og send svar' }).click();
    // An application given another time is approved, its times changed ('Endret'); 'delvis godkjent' is for refused dates.
    await visible(
      page.getByText('Runden er lukket, og søkerne har fått svar på e-post. 3 søknader godkjent, 0 delvis godkjent og 0 avslått.'),
    );
    await visible(page.getByText('Lukket', { exact: true }));
    expect(await page.getByRole('link', { name: 'Endre runden' }).count()).toBe(0);
    await expectNoAxeViolations(page);
  });

  it('each club sees its decision on its booking page and gets one answer by e-mail', async () => {
    const thursdays = tuesdays.map((d) => addDays(d, 2));
    const expected = [
      { c: club(clubs.kari), times: tuesdays.map((d) => `tirsdag ${norwegianDate(d)} kl. 18:00–19:00`), changed: false },
      { c: club(clubs.ola), times: tuesdays.map((d) => `tirsdag ${norwegianDate(d)} kl. 19:00–20:00`), changed: true },
      { c: club(clubs.amina), times: thursdays.map((d) => `torsdag ${norwegianDate(d)} kl. 18:00–19:00`), changed: true },
    ];
    for (const { c, times, changed } of expected) {
      const { context, page } = await newPage(browser());
      try {
        const token = await loginToPortal(page, c.person);
        await actFor(context.request, token, c.orgNo, c.orgName);
        await page.goto(`/bookinger/${c.bookingId}`);
        await visible(page.getByRole('heading', { level: 1, name: 'Din booking hos Hasle skole' }));
        await visible(page.getByText('Godkjent', { exact: true }));
        expect(await page.getByText('Mottatt', { exact: true }).count()).toBe(0);
        expect(await page.getByText(/^Søknadsfrist /).count()).toBe(0);
        // The times granted, every date of them (Amina's in the same gym, on Thursdays).
        const granted = await visible(page.getByRole('list', { name: 'Tider i Gymsal (G1)' }));
        expect(await granted.getByRole('listitem').allTextContents()).toEqual(times);
        // A changed time is named as the landlord's change, from the asked time to the granted one.
        const changes = page.getByRole('heading', { name: 'Endringer fra utleier' });
        if (changed) {
          await visible(changes);
          await visible(
            page
              .getByRole('listitem')
              .filter({
                hasText: new RegExp(
                  `^Gymsal \\(G1\\): ${norwegianDate(first)} 18:00–19:00, .* → ${norwegianDate(c === clubs.ola ? first : addDays(first, 2))} ${c === clubs.ola ? '19:00' : '18:00'}`,
                ),
              }),
          );
        } else {
          expect(await changes.count()).toBe(0);
        }
        await expectNoAxeViolations(page);
        const mail = await waitForMail(c.email, new RegExp(`Hasle skole i ${ROUND} er (delvis )?godkjent`));
        expect(mail).toContain(c.caseNumber);
        expect(await answersTo(c.email, c.caseNumber)).toBe(1);
      } finally {
        await context.close();
      }
    }
  });
});
