import { and, eq, ne } from 'drizzle-orm';
import type { OslonokkelenInfo } from '@lokaler/domain/oslonokkelen';
import { overallKeyStatus } from '@lokaler/domain/oslonokkelen';
import type { DbOrTx, Tx } from '../../db/client';
import { oslonokkelenPermissions } from '../../db/schema/after-application';
import { AppError } from '../../errors';
import type { EffectiveIdentity } from '../impersonation/effective-identity';
import { findVisibleBooking, type BookingRow } from '../user-bookings/booking-access';
import { bookingHasKeyRoom, listShownPermissions, loadKeyBookingStates, queueRevocation, updatePermission, upsertPermission } from './repository';
import { syncKeyAccess } from './sync-key-access';

/** At most this many numbers per booking: enough for a club's volunteers, not a mailing list. */
export const MAX_KEY_NUMBERS = 20;

const sharingMessages = {
  noKey: 'Ingen av rommene i denne bookingen har Oslonøkkelen.',
  closed: 'Bookingen er avsluttet, så nøkkelen kan ikke deles.',
  duplicate: 'Telefonnummeret er allerede lagt til.',
  tooMany: `Du kan dele nøkkelen med høyst ${MAX_KEY_NUMBERS} telefonnumre.`,
  unknownNumber: 'Fant ikke telefonnummeret på denne bookingen.',
} as const;

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

/**
 * Shares the key with a number (already normalised to 8 digits). The number starts as
 * NOT_REQUESTED; the key job pushes it when the booking allows access. 409 when the booking has no
 * key room or is closed, when the number is there already, or when there are too many.
 */
export async function addKeyNumber({ db, identity, bookingId, phoneNumber }: { db: DbOrTx; identity: EffectiveIdentity; bookingId: number; phoneNumber: string }): Promise<OslonokkelenInfo> {
  return db.transaction(async (tx) => {
    const booking = await findVisibleBooking(tx, identity, bookingId, { lock: true });
    await assertSharingAllowed(tx, booking);
    const shown = await listShownPermissions(tx, booking.id);
    if (shown.some((p) => p.phoneNumber === phoneNumber)) throw conflict('Number already shared', sharingMessages.duplicate);
    if (shown.length >= MAX_KEY_NUMBERS) throw conflict('Too many numbers', sharingMessages.tooMany);
    await upsertPermission(tx, booking.id, phoneNumber);
    await syncKeyAccess(tx, booking.id);
    return keyInfo(tx, booking);
  });
}

/** Takes the key away from a number: its grant is withdrawn and the number disappears (DELETED). */
export async function removeKeyNumber({ db, identity, bookingId, phoneNumber }: { db: DbOrTx; identity: EffectiveIdentity; bookingId: number; phoneNumber: string }): Promise<OslonokkelenInfo> {
  return db.transaction(async (tx) => {
    const booking = await findVisibleBooking(tx, identity, bookingId, { lock: true });
    const [permission] = await tx.select().from(oslonokkelenPermissions)
      .where(and(eq(oslonokkelenPermissions.bookingId, booking.id), eq(oslonokkelenPermissions.phoneNumber, phoneNumber), ne(oslonokkelenPermissions.status, 'DELETED')))
      .for('update');
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

async function assertSharingAllowed(tx: Tx, booking: BookingRow): Promise<void> {
  if (!(await bookingHasKeyRoom(tx, booking.id))) throw conflict('The booking has no key room', sharingMessages.noKey);
  if (booking.status !== 'UNPROCESSED' && booking.status !== 'APPROVED') throw conflict(`Booking is ${booking.status}`, sharingMessages.closed);
}

function conflict(msg: string, userMsg: string): AppError {
  return new AppError('CONFLICT', msg, userMsg);
}
