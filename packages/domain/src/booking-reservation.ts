import { z } from 'zod';
import { assetDisplayName } from './bookable-asset';
import { requirementType, type RequirementType } from './booking';
import { reservationStatus, type ReservationStatus } from './reservation';
import { wallClockTime } from './scheduling/api-primitives';
import { formatDuration } from './scheduling/iso-duration';
import { reservationEndTime } from './scheduling/time-of-day';

/**
 * One time of a booking and one requirement of it (spec 02 §3 Reservation, Requirement), the same
 * for the applicant (GET /user/booking/{id}) and the administrator (GET /booking/{id}, the answers of
 * every reservation change, the calendar). The server builds both with the functions below.
 *
 * Midnight: spec 02 §3 gives startTime as 'HH:mm:ss' and endTime beside it as a time of day, and the
 * spec's own example of a time ending at midnight reads "15:00-00:00" (01 §9). So endTime is a wall
 * clock in the same form as startTime: a time ending at midnight ends at '00:00:00' — never
 * '24:00:00', which the schema refuses — and one running past midnight at its time on the next day.
 * `date` + `startTime` + `duration` say when it ends; endTime is for showing it.
 */

export const bookingReservation = z.object({
  reservationId: z.number().int(),
  bookableAssetId: z.number().int(),
  bookableAssetName: z.string(),
  /** The room number (externalAssetNumber), null when the room has none. */
  bookableAssetNumber: z.string().nullable(),
  /** 'Name (number)', as lists show a room. */
  displayName: z.string(),
  /** 'YYYY-MM-DD', Europe/Oslo. */
  date: z.string(),
  /** 'HH:mm:ss', Europe/Oslo. */
  startTime: wallClockTime,
  /** 'HH:mm:ss' wall-clock end: '00:00:00' when the time ends at midnight (see above). */
  endTime: wallClockTime,
  /** ISO duration, e.g. PT1H30M. */
  duration: z.string(),
  initialRepetitionDate: z.string().nullable(),
  status: reservationStatus,
});
export type BookingReservation = z.infer<typeof bookingReservation>;

export const bookingRequirement = z.object({
  type: requirementType,
  isFulfilled: z.boolean(),
  /** Who fulfilled it (signed the contract). */
  userName: z.string().nullable(),
  fulfillmentTimeUtc: z.string().nullable(),
});
export type BookingRequirement = z.infer<typeof bookingRequirement>;

/** A reservation as it is stored (date, start time, duration) with its room. */
export interface StoredReservation {
  id: number;
  bookableAssetId: number;
  roomName: string;
  roomNumber: string | null;
  date: string;
  startTime: string;
  durationMinutes: number;
  initialRepetitionDate: string | null;
  status: ReservationStatus;
}

export function toBookingReservation(r: StoredReservation): BookingReservation {
  return {
    reservationId: r.id,
    bookableAssetId: r.bookableAssetId,
    bookableAssetName: r.roomName,
    bookableAssetNumber: r.roomNumber,
    displayName: assetDisplayName(r.roomName, r.roomNumber),
    date: r.date,
    startTime: r.startTime,
    endTime: reservationEndTime(r.startTime, r.durationMinutes),
    duration: formatDuration(r.durationMinutes),
    initialRepetitionDate: r.initialRepetitionDate,
    status: r.status,
  };
}

export function toBookingRequirement(q: {
  type: RequirementType;
  isFulfilled: boolean;
  fulfilledByName: string | null;
  fulfillmentTime: Date | null;
}): BookingRequirement {
  return {
    type: q.type,
    isFulfilled: q.isFulfilled,
    userName: q.fulfilledByName,
    fulfillmentTimeUtc: q.fulfillmentTime?.toISOString() ?? null,
  };
}
