import { screen } from '@testing-library/react';
import type { AvailabilityRequest, AvailabilityResponse, TimeWithAvailability } from '@lokaler/domain/booking-request';
import { addDays, weekStart } from '@lokaler/domain/scheduling/calendar-date';
import { formatDate } from '@lokaler/domain/scheduling/format-date';
import { todayInOslo } from '@lokaler/domain/scheduling/oslo-clock';
import { openingWeekOf } from '@lokaler/domain/scheduling/room-calendar-page';
import { buildLocation } from '../../testing/factories';
import { renderPortal, stubApi } from '../../testing/render-portal';
import { buildRoom, buildTimeslots } from '../../testing/room-factories';

/**
 * The fake API and the finders the room calendar's page tests share (room-page.test.tsx,
 * room-page-rules.test.tsx): the page's one request, the next weeks' schedules and the availability check.
 */

/** What the fake API hands an answer function. */
export type StubRequest = { url: URL; init: RequestInit | undefined };

export const today = todayInOslo(new Date());
/** A Monday three weeks ahead: the first bookable week. */
export const monday = weekStart(addDays(today, 21));
export const tuesday = addDays(monday, 1);
export const lastDate = addDays(monday, 120);
export const location = buildLocation({ id: 1, name: 'Tøyen skole' });
export const gym = buildRoom({ id: 11, name: 'Gymsal', displayName: 'Gymsal (G1)' });
export const classroom = buildRoom({ id: 12, name: 'Klasserom', displayName: 'Klasserom (101)', capacity: 1 });

export const time = (
  date: string,
  startTime: string,
  endTime: string,
  available = true,
  initialRepetitionDate: string | null = null,
): TimeWithAvailability => ({
  date,
  startTime,
  endTime,
  duration: 'PT30M',
  initialRepetitionDate,
  available,
  reason: available ? null : 'BOOKED',
  message: available ? null : 'Tidspunktet er ikke ledig',
});

export let availabilityRequests: AvailabilityRequest[];
/** fromInclusive of each GET /api/schedule (the opening week comes with the page). */
export let scheduleRequests: string[] = [];
export function stub({
  rooms = [gym, classroom],
  bounds = { firstDate: monday, lastDate },
  availability,
  place = location,
  closed = [],
  extra = {},
}: {
  rooms?: ReturnType<typeof buildRoom>[];
  bounds?: { firstDate: string; lastDate: string };
  availability?: (request: AvailabilityRequest) => Response;
  place?: typeof location;
  /** The location's closed dates, as the server answers them (their slots not bookable, named in closedDates). */
  closed?: { date: string; reason: string | null }[];
  extra?: Record<string, unknown>;
} = {}) {
  availabilityRequests = [];
  scheduleRequests = [];
  const scheduleOf = (ids: number[], from: string, to: string) =>
    ids.map((id: number) => {
      const closedDates = closed.filter((c) => from <= c.date && c.date <= to);
      const timeslotsByDate = buildTimeslots(from, to, { taken: [`${tuesday} 19:00:00`] });
      for (const { date } of closedDates) timeslotsByDate[date] = timeslotsByDate[date]!.map((s) => ({ ...s, bookingAllowed: false }));
      return { bookableAssetId: id, timeslotsByDate, ...(closedDates.length > 0 ? { closedDates } : {}) };
    });
  return stubApi({
    // The page's one request (GET /api/bookableasset/calendar): rooms, location, bounds and the opening week.
    '/api/bookableasset/calendar': ({ url }: StubRequest) => {
      const ids = url.searchParams
        .getAll('bookableAssetIds')
        .map(Number)
        .filter((id) => rooms.some((r) => r.id === id));
      if (ids.length === 0) return Response.json({ rooms: [], location: null, bounds: null, week: null, schedule: [] });
      const week = openingWeekOf(bounds, today);
      return Response.json({
        rooms: rooms.filter((r) => ids.includes(r.id)),
        location: place,
        bounds,
        week,
        schedule: week ? scheduleOf(ids, week.fromInclusive, week.toInclusive) : [],
      });
    },
    '/api/schedule': ({ url }: StubRequest) => {
      scheduleRequests.push(url.searchParams.get('fromInclusive')!);
      const ids = url.searchParams.getAll('bookableAssetIds').map(Number);
      return Response.json(scheduleOf(ids, url.searchParams.get('fromInclusive')!, url.searchParams.get('toInclusive')!));
    },
    '/api/booking/availability': ({ init }: StubRequest) => {
      const request = JSON.parse(String(init?.body)) as AvailabilityRequest;
      availabilityRequests.push(request);
      if (availability) return availability(request);
      const answer: AvailabilityResponse = {
        probablyAvailable: request.bookingCreationDtos.map((dto) => ({
          bookableAssetId: dto.bookableAssetId,
          datesAndTimes: dto.datesAndTimes.map((t) => time(t.date, t.startTime, '18:30:00')),
          violations: [],
        })),
        unavailable: [],
        errors: [],
      };
      return Response.json(answer);
    },
    ...extra,
  });
}

export const day = (date: string) => formatDate(date, 'EEEE d. MMMM');
export const slot = (date: string, clock: string) => screen.getByRole('gridcell', { name: new RegExp(`^${day(date)} kl\\. ${clock}–`) });
export const openCalendar = async (url = '/ressurs?ressurs=11&ressurs=12') => {
  const view = renderPortal(url);
  await screen.findByRole('grid', { name: /Gymsal \(G1\), uke/ });
  return view;
};
