import type { APIRequestContext } from 'playwright-core';
import { expect } from 'vitest';
import { addDays, isoWeekday, osloToday } from './dates';

/** The public API as a spec uses it to find its demo data and to apply without the forms. */

export interface DemoLocation {
  id: number;
  name: string;
  minBookingDurationMinutes: number | null;
}

/** A location of the demo data, by name. */
export async function demoLocation(api: APIRequestContext, name: string): Promise<DemoLocation> {
  const locations = (await (await api.get('/api/location')).json()) as DemoLocation[];
  const location = locations.find((l) => l.name === name);
  if (!location) throw new Error(`${name} is not in the demo data`);
  return location;
}

export interface ApplicationThroughApi {
  /** The applicant's 'Bearer …' token. */
  token: string;
  location: DemoLocation;
  /** The room someone else's booking uses there: the spec applies for another. */
  avoidRoom: string;
  /** Weekdays from this many days ahead (up to `lastDaysAhead`, not included) are tried in turn. */
  firstDaysAhead: number;
  lastDaysAhead: number;
  startTime: string;
  minutes: number;
  formAnswers: { activity: string; purpose: string; participants: number; contactEmail: string; contactPhone: string };
}

/**
 * Applies as a citizen (the same calls as the application form) for one time on the first weekday
 * where it is free, and returns the new booking. A time taken meanwhile (409) moves on to the next day.
 */
export async function applyThroughApi(
  api: APIRequestContext,
  application: ApplicationThroughApi,
): Promise<{ bookingId: number; caseNumber: string; roomId: number; date: string }> {
  const { location, token } = application;
  const rooms = (await (await api.get(`/api/location/${location.id}/bookableassets`)).json()) as { id: number; name: string }[];
  const room = rooms.find((r) => r.name !== application.avoidRoom) ?? rooms[0];
  if (!room) throw new Error(`${location.name} has no rooms`);

  for (let offset = application.firstDaysAhead; offset < application.lastDaysAhead; offset++) {
    const date = addDays(osloToday(), offset);
    if (isoWeekday(date) > 5) continue;
    const time = { date, startTime: application.startTime, duration: `PT${application.minutes}M` };
    const check = await api.put('/api/booking/availability', {
      data: { bookingCreationDtos: [{ bookableAssetId: room.id, datesAndTimes: [time], repetition: null }] },
    });
    const answer = (await check.json()) as { probablyAvailable: { datesAndTimes: unknown[] }[] };
    if (!check.ok() || !answer.probablyAvailable.some((a) => a.datesAndTimes.length > 0)) continue;
    const created = await api.post('/api/booking', {
      headers: { Authorization: token },
      data: {
        availabilityData: { probablyAvailable: [{ bookableAssetId: room.id, datesAndTimes: [{ ...time, initialRepetitionDate: null }] }] },
        isRepeating: false,
        bookingPortalClient: 'PUBLIC',
        bookingPurpose: 'PUBLICUSER_LOAN',
        formAnswers: application.formAnswers,
      },
    });
    if (created.status() === 409) continue;
    expect(created.status(), await created.text()).toBe(201);
    const { bookingId, caseNumber } = (await created.json()) as { bookingId: number; caseNumber: string };
    return { bookingId, caseNumber, roomId: room.id, date };
  }
  throw new Error(
    `no free ${application.startTime} at ${location.name} ${application.firstDaysAhead}–${application.lastDaysAhead} days ahead`,
  );
}
