import { overallKeyStatus, type OslonokkelenInfo } from '@lokaler/domain/oslonokkelen';
import type { DbOrTx } from '../../db/client';
import type { BookingRow } from '../../bookings';
import { bookingHasKeyRoom, listShownPermissions, loadKeyBookingStates } from './repository';

/** Key info of a booking the caller sees (GET /oslonokkelen/{bookingId}/info). */
export async function keyInfo(db: DbOrTx, booking: BookingRow): Promise<OslonokkelenInfo> {
  const [hasOslonokkelen, permissions, states] = [
    await bookingHasKeyRoom(db, booking.id),
    await listShownPermissions(db, booking.id),
    await loadKeyBookingStates(db, [booking.id]),
  ];
  const contractSigned = states.get(booking.id)?.contractSigned ?? null;
  return {
    bookingId: booking.id,
    bookingStatus: booking.status,
    hasOslonokkelen,
    oslonokkelenStatus: overallKeyStatus(permissions.map((p) => p.oslonokkelenRequestStatus)),
    oslonokkelenPermissions: permissions,
    allowOslonokkelenKeySharing: hasOslonokkelen && (booking.status === 'UNPROCESSED' || booking.status === 'APPROVED'),
    contractRequirement: contractSigned === null ? null : { isFulfilled: contractSigned },
  };
}
