import type { ReservationStatus } from '@lokaler/domain/reservation';
import { addDays } from '@lokaler/domain/scheduling/calendar-date';
import { osloClock } from '@lokaler/domain/scheduling/oslo-clock';
import type { DbOrTx } from '../../src/db/client';
import { insertReservations } from '../../src/bookings/bookings';
import { bookingFlows } from '../../src/db/schema/assets';
import { locationAdmins } from '../../src/db/schema/locations';
import { blockedTimes, closedDates, openingHours } from '../../src/db/schema/schedule';
import type { BookingFlowTheme } from '@lokaler/domain/booking-flow';
import { createBooking } from './places';

/** Today in Oslo and a date `days` after it. */
export function osloToday(): string {
  return osloClock(new Date()).today;
}
export function inDays(days: number): string {
  return addDays(osloToday(), days);
}

/** The same hours on every weekday (or the given ones) for a location, or only for one room. */
export async function setOpeningHours(
  db: DbOrTx,
  locationId: number,
  opens: string,
  closes: string,
  options: { bookableAssetId?: number; weekdays?: number[] } = {},
) {
  const weekdays = options.weekdays ?? [1, 2, 3, 4, 5, 6, 7];
  await db
    .insert(openingHours)
    .values(weekdays.map((weekday) => ({ locationId, bookableAssetId: options.bookableAssetId ?? null, weekday, opens, closes })));
}

export async function addClosedDate(db: DbOrTx, locationId: number, date: string, reason: string | null = 'Stengt') {
  await db.insert(closedDates).values({ locationId, date, reason });
}

export async function addBlockedTime(db: DbOrTx, bookableAssetId: number, date: string, startTime: string, durationMinutes: number) {
  await db.insert(blockedTimes).values({ bookableAssetId, date, startTime, durationMinutes });
}

export async function addFlow(db: DbOrTx, theme: BookingFlowTheme) {
  const [flow] = await db
    .insert(bookingFlows)
    .values({ name: `Flyt ${theme}`, theme })
    .returning();
  return flow!;
}

export async function addLocationAdmin(db: DbOrTx, locationId: number, email: string) {
  await db.insert(locationAdmins).values({ locationId, email: email.toLowerCase() }).onConflictDoNothing();
}

/** A booking of this user with one reservation; returns the reservation's id. */
export async function addReservation(
  db: DbOrTx,
  options: {
    locationId: number;
    userId: number;
    bookableAssetId: number;
    date: string;
    startTime: string;
    durationMinutes: number;
    status?: ReservationStatus;
  },
): Promise<{ bookingId: number; reservationId: number }> {
  const booking = await createBooking(db, options.locationId, options.userId);
  const [reservation] = await insertReservations(db, [
    {
      bookingId: booking.id,
      bookableAssetId: options.bookableAssetId,
      date: options.date,
      startTime: options.startTime,
      durationMinutes: options.durationMinutes,
      status: options.status ?? 'UNPROCESSED',
    },
  ]);
  return { bookingId: booking.id, reservationId: reservation!.id };
}
