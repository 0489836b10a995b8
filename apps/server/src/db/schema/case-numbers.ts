import { pgSequence } from 'drizzle-orm/pg-core';

/**
 * Running number of the case numbers of new bookings ('LOK-<year>-<number>', see
 * bookings/apply-for-booking/repository.ts). A sequence never hands out a value twice, also across
 * concurrent transactions and server processes. It starts at 10001 so that new numbers do not meet
 * the demo data's (LOK-<year>-00001 … in creation order); the generator still skips any number that
 * is taken.
 */
export const bookingCaseNumberSeq = pgSequence('booking_case_number_seq', { startWith: 10001, minValue: 1, increment: 1 });
