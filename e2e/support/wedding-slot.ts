import type { APIRequestContext, Page } from 'playwright-core';
import { addDays, isFixedHoliday, isoWeekday, osloToday } from './dates';
import { demoLocation } from './demo-api';
import { chooseTestPerson } from './portal-login';
import { calendarCell, showWeekOf } from './room-calendar';

/**
 * Taking a wedding time as a couple does (decision 012): the town hall's calendar, one half-hour
 * time, the short application form (guests and contact), login when needed, and the registration
 * that lands in the wedding wizard.
 */

export const weddingVenueName = 'Oslo rådhus';

/** The town hall's wedding room (Vielsesrommet) as the public API lists it. */
export async function weddingRoom(api: APIRequestContext): Promise<{ id: number; name: string }> {
  const venue = await demoLocation(api, weddingVenueName);
  const rooms = (await (await api.get(`/api/location/${venue.id}/bookableassets`)).json()) as { id: number; name: string }[];
  const room = rooms.find((r) => r.name === 'Vielsesrommet') ?? rooms[0];
  if (!room) throw new Error(`${weddingVenueName} has no rooms`);
  return room;
}

/** The first date on `weekday` (1 = Monday) from `days` ahead that is not a fixed holiday. */
export function weddingDay(days: number, weekday: number): string {
  let date = addDays(osloToday(), days);
  while (isoWeekday(date) !== weekday || isFixedHoliday(date)) date = addDays(date, 1);
  return date;
}

/** In the wedding room's calendar: chooses the half hour from `clock` and adds it; the check says it is free. */
export async function chooseWeddingTime(page: Page, roomId: number, date: string, clock: string): Promise<void> {
  await page.goto(`/ressurs?ressurs=${roomId}`);
  await page.getByRole('grid', { name: /Vielsesrommet/ }).waitFor({ timeout: 30_000 });
  await showWeekOf(page, date);
  const [hour, minute] = clock.split(':').map(Number) as [number, number];
  const next = `${String(hour + (minute === 45 ? 1 : 0)).padStart(2, '0')}:${String((minute + 15) % 60).padStart(2, '0')}`;
  await calendarCell(page, date, clock).click();
  await calendarCell(page, date, next).click();
  await page.getByRole('button', { name: 'Legg til valgte tider' }).click();
  await page.getByRole('region', { name: 'Tider i søknaden' }).getByText('Tiden er ledig.').waitFor({ timeout: 15_000 });
}

/** From the added time to the wedding form: guests and contact on /send; logs in first if needed. Stops before sending. */
export async function fillWeddingApplication(page: Page, person: { name: string; email: string; phone: string }): Promise<void> {
  await page.getByRole('region', { name: 'Tider i søknaden' }).getByRole('button', { name: 'Gå til søknad' }).click();
  await page.getByRole('heading', { level: 1, name: 'Søknad om lån av lokale' }).waitFor();
  await page.getByRole('textbox', { name: 'Antall gjester', exact: true }).fill('12');
  await page.getByRole('textbox', { name: 'E-post', exact: true }).fill(person.email);
  await page.getByRole('textbox', { name: 'Telefon', exact: true }).fill(person.phone);
  const gate = page.getByRole('button', { name: 'Send søknad (logg inn)' });
  if (await gate.isVisible()) {
    await gate.click();
    await chooseTestPerson(page, person.name);
  }
  await page.getByRole('button', { name: 'Send søknad', exact: true }).waitFor({ timeout: 30_000 });
}

/** Sends the form and waits for the wedding wizard's first step; returns the new booking's id. */
export async function sendAndOpenWizard(page: Page): Promise<number> {
  await page.getByRole('button', { name: 'Send søknad', exact: true }).click();
  await page.waitForURL(/\/ny-booking\/vielse\/informasjon\?bookingId=\d+$/, { timeout: 30_000 });
  await page.getByRole('heading', { level: 2, name: 'Steg 1 av 3: Informasjon' }).waitFor();
  return Number(new URL(page.url()).searchParams.get('bookingId'));
}
