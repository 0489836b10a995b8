import { z } from 'zod';
import { bookingReservation } from './booking-reservation';
import { assetTimesToBook } from './booking-request';
import { idParam, jsonId } from './id-param';
import { durationOrHours, isoDate, requiredRepeatedParam, wallClockTime } from './scheduling/api-primitives';

/**
 * The administrator's changes to single times of a booking (spec 02 §3 "Reservation change", §7):
 * PUT /api/reservation/{id}, DELETE /api/reservation?id=…&id=…, POST /api/booking/{id}/reservations.
 * Each is checked against the no-double-booking rule and logged with its before and after.
 */

export const reservationChangeMessages = {
  notActive: 'Tiden er allerede endret, slettet eller avslått.',
  bookingClosed: 'Søknaden er avslått, kansellert eller avsluttet, så tidene kan ikke endres.',
  oneBooking: 'Tidene som slettes må høre til samme søknad.',
  allTimes: 'Du kan ikke slette alle tidene i søknaden. Avslå hele søknaden i stedet.',
  notBookable: 'Noen av de nye tidene kan ikke bookes',
  otherLocation: 'Rommet hører ikke til søknadens lokale.',
} as const;

const MAX_NEW_TIMES = 50;

export const updateReservation = z.object({ newDate: isoDate, newStartTime: wallClockTime, newDuration: durationOrHours });
export type UpdateReservation = z.infer<typeof updateReservation>;

/**
 * PUT /api/reservation/{id}: the reservation is replaced by these times (one, or several when the
 * time is split), in the same room or, with newBookableAssetId, in another room of the booking's
 * location (the calendar's move, decision 067). The old row becomes REPLACED and the new ones take
 * its status, so the change log and the applicant see what it was and what it became.
 */
export const changeReservationBody = z.object({
  updateReservations: z.array(updateReservation).min(1).max(MAX_NEW_TIMES),
  newBookableAssetId: jsonId.optional(),
  comment: z.string().trim().max(5000).optional(),
});
export type ChangeReservationBody = z.infer<typeof changeReservationBody>;

/** DELETE /api/reservation?id=1&id=2&comment=… (ids of one booking). */
export const deleteReservationsQuery = z.object({
  id: requiredRepeatedParam(z.array(idParam).min(1, 'Velg minst én tid').max(1000)),
  comment: z.string().trim().max(5000).optional(),
});
export type DeleteReservationsQuery = z.infer<typeof deleteReservationsQuery>;

/**
 * POST /api/booking/{id}/reservations: times to add, as the admin availability check answered them
 * (availabilityData.probablyAvailable, expanded with initialRepetitionDate).
 */
export const addReservationsBody = z.object({
  availabilityData: z.object({ probablyAvailable: z.array(assetTimesToBook).min(1).max(20) }),
  isRepeating: z.boolean(),
  includeBlockedSlots: z.boolean().optional(),
  includeClosedDates: z.boolean().optional(),
  comment: z.string().trim().max(5000).optional(),
});
export type AddReservationsBody = z.infer<typeof addReservationsBody>;

/** The answer of every reservation change: the booking's reservations after it. */
export const reservationsChangedResponse = z.object({ bookingId: z.number().int(), reservations: z.array(bookingReservation) });
export type ReservationsChangedResponse = z.infer<typeof reservationsChangedResponse>;
