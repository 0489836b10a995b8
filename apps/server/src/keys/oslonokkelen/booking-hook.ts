import type { BookingStatusHook } from '../../bookings';
import { syncKeyAccess } from './sync-key-access';

/**
 * Digital keys follow the booking: after every recorded change (approval, undo, rejection,
 * cancellation, a moved, added or removed time) key access is brought in line with the state just
 * written, in the same transaction. Registered with the bookings module by the composition root.
 */
export const keyAccessHook: BookingStatusHook = { name: 'digital-keys', afterChange: (tx, change) => syncKeyAccess(tx, change.bookingId) };
