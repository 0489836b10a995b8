import type { OslonokkelenInfo } from '@lokaler/domain/oslonokkelen';
import type { DbOrTx, Tx } from '../../db/client';
import type { EffectiveIdentity } from '../../people';
import { findVisibleBooking, type BookingRow } from '../../bookings';
import { keyInfo } from './get-key-info';
import { MAX_KEY_NUMBERS, sharingConflict, sharingMessages } from './key-sharing-messages';
import { bookingHasKeyRoom, listShownPermissions, upsertPermission } from './repository';
import { syncKeyAccess } from './sync-key-access';
import { writeTransaction } from '../../db/write-transaction';

/**
 * Shares the key with a number (already normalised to 8 digits). The number starts as
 * NOT_REQUESTED; the key job pushes it when the booking allows access. 409 when the booking has no
 * key room or is closed, when the number is there already, or when there are too many.
 */
export async function addKeyNumber({
  db,
  identity,
  bookingId,
  phoneNumber,
}: {
  db: DbOrTx;
  identity: EffectiveIdentity;
  bookingId: number;
  phoneNumber: string;
}): Promise<OslonokkelenInfo> {
  return writeTransaction(db, async (tx) => {
    const booking = await findVisibleBooking(tx, identity, bookingId, { lock: true });
    await assertSharingAllowed(tx, booking);
    const shown = await listShownPermissions(tx, booking.id);
    if (shown.some((p) => p.phoneNumber === phoneNumber)) throw sharingConflict('Number already shared', sharingMessages.duplicate);
    if (shown.length >= MAX_KEY_NUMBERS) throw sharingConflict('Too many numbers', sharingMessages.tooMany);
    await upsertPermission(tx, booking.id, phoneNumber);
    await syncKeyAccess(tx, booking.id);
    return keyInfo(tx, booking);
  });
}

async function assertSharingAllowed(tx: Tx, booking: BookingRow): Promise<void> {
  if (!(await bookingHasKeyRoom(tx, booking.id))) throw sharingConflict('The booking has no key room', sharingMessages.noKey);
  if (booking.status !== 'UNPROCESSED' && booking.status !== 'APPROVED')
    throw sharingConflict(`Booking is ${booking.status}`, sharingMessages.closed);
}
