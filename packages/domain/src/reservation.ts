import { z } from 'zod';

/**
 * Spec 02 §4 Reservation status, and IN_ROUND (decision 029): a date a semester application wishes while its
 * round collects and allocates. It holds no time (the round decides between wishes); closing the round
 * turns it into APPROVED, REPLACED or REJECTED.
 */
export const reservationStatuses = [
  'UNPROCESSED',
  'APPROVED',
  'REJECTED',
  'REPLACED',
  'UNAVAILABLE',
  'CANCELLED',
  'AUTOREJECTED',
  'IN_ROUND',
] as const;
export const reservationStatus = z.enum(reservationStatuses);
export type ReservationStatus = z.infer<typeof reservationStatus>;

/**
 * Reservations that hold their time: only these take part in the no-double-booking constraint
 * (the migration's WHERE clause lists the same two values).
 */
export const activeReservationStatuses = ['UNPROCESSED', 'APPROVED'] as const satisfies readonly ReservationStatus[];
