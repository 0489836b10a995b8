import type { ReservationsChangedResponse } from '@lokaler/domain/admin-reservation-change';
import { toBookingReservation } from '@lokaler/domain/booking-reservation';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { Db } from '../../db/client';
import { lockBookingToDecide } from '../../bookings';
import { takeBackTimes } from '../../bookings';
import { lockRoomsOfBookings } from '../../db/lock-rooms';
import { writeTransaction } from '../../db/write-transaction';

/** PUT /api/booking/{id}/rejectasset/{assetId}: every active time of one room taken out (AssetRejection). */
export async function rejectAsset({
  db,
  user,
  bookingId,
  assetId,
  comment,
  publicUrl,
}: {
  db: Db;
  user: AuthenticatedUser;
  bookingId: number;
  assetId: number;
  comment?: string | undefined;
  publicUrl: string;
}): Promise<ReservationsChangedResponse> {
  return writeTransaction(db, async (tx) => {
    const booking = await lockBookingToDecide(tx, bookingId, user);
    await lockRoomsOfBookings(tx, [bookingId]);
    const rows = await takeBackTimes({
      tx,
      booking,
      user,
      select: (r) => r.bookableAssetId === assetId,
      type: 'AssetRejection',
      comment,
      publicUrl,
    });
    return { bookingId, reservations: rows.map(toBookingReservation) };
  });
}
