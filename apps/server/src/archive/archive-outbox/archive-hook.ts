import type { BookingStatusHook } from '../../bookings';
import { insertArchiveRow } from './repository';

/**
 * The archive's step in a booking's life (decision 056), registered with the bookings writer in
 * areas.ts: each journal post is queued in the transaction of the change it records, so it is sent
 * only if that change commits. The application opens the case; a decision (approval or rejection by a
 * case officer or a round, not an abandoned hold's AUTOREJECTED) adds the vedtak; a signature adds the
 * signed contract. With the archive off, nothing is queued.
 */
export function archiveHook(enabled: boolean): BookingStatusHook {
  if (!enabled) return { name: 'archive' };
  return {
    name: 'archive',
    afterApplication: (tx, { bookingId }) => insertArchiveRow(tx, { bookingId, kind: 'application' }),
    afterChange: async (tx, { bookingId, type }) => {
      if (type === 'BookingApproval' || type === 'BookingRejection')
        await insertArchiveRow(tx, { bookingId, kind: 'vedtak', onlyIn: ['APPROVED', 'REJECTED'] });
      else if (type === 'CONTRACT') await insertArchiveRow(tx, { bookingId, kind: 'contract' });
    },
  };
}
