import type { OslonokkelenInfo } from '@lokaler/domain/oslonokkelen';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import type { EffectiveIdentity } from '../../people';
import { findVisibleBooking } from '../../bookings';
import { keyInfo } from './get-key-info';
import { sharingMessages } from './key-sharing-messages';
import { lockShownPermission, queueRevocation, updatePermission } from './repository';
import { writeTransaction } from '../../db/write-transaction';

/** Takes the key away from a number: its grant is withdrawn and the number disappears (DELETED). */
export async function removeKeyNumber({
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
    const permission = await lockShownPermission(tx, booking.id, phoneNumber);
    if (!permission) throw new AppError('NOT_FOUND', 'No such number on the booking', sharingMessages.unknownNumber);
    if (permission.grantId) await queueRevocation(tx, permission.grantId);
    await updatePermission(tx, permission.id, {
      status: 'DELETED',
      grantId: null,
      grantedTimesHash: null,
      grantGeneration: permission.grantId ? permission.grantGeneration + 1 : permission.grantGeneration,
    });
    return keyInfo(tx, booking);
  });
}
