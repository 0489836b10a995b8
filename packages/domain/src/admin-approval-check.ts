import { z } from 'zod';
import { bookingReservation } from './booking-reservation';

/**
 * GET /api/booking/{id}/approval-check: the times an approval of the application would approve (its
 * active times, in date order), each with whether it is still free. A time is no longer free when a
 * blocked time or another booking's active time overlaps it now: the approval would be refused (409
 * BOOKING_CONFLICT) until it is changed or deleted. The approval page lists them above the prices
 * (decision 066).
 */
export const approvalCheckTime = bookingReservation.extend({ noLongerFree: z.boolean() });
export type ApprovalCheckTime = z.infer<typeof approvalCheckTime>;

export const approvalCheck = z.object({
  bookingId: z.number().int(),
  times: z.array(approvalCheckTime),
  /** How many of the times are no longer free. */
  noLongerFreeCount: z.number().int(),
});
export type ApprovalCheck = z.infer<typeof approvalCheck>;

/** What the approval page says of a time that is no longer free. */
export const NO_LONGER_FREE = 'Ikke lenger ledig';
