import type { ChangeLogEntry } from '@lokaler/domain/change-log';
import { changeLogLabel } from '@lokaler/domain/change-log';
import type { UserBooking, UserBookingSummary } from '@lokaler/domain/user-booking';
import type { DbOrTx } from '../../db/client';
import type { EffectiveIdentity } from '../impersonation/effective-identity';
import { listShownPermissions } from '../oslonokkelen/repository';
import type { BookingRow } from './booking-access';
import {
  currentDocumentKinds, firstActiveStart, listVisibleBookings, loadChangeLog, loadDecisionMessages, loadLocation, loadRequirements,
  loadReservations, loadUser,
} from './repository';
import { toSummary, toUserBooking } from './to-user-booking';

/** GET /user/booking: the effective identity's bookings, newest first. Three queries, whatever the count. */
export async function listUserBookings({ db, identity }: { db: DbOrTx; identity: EffectiveIdentity }): Promise<UserBookingSummary[]> {
  const rows = await listVisibleBookings(db, identity);
  const ids = rows.map((b) => b.id);
  const [reservations, requirements] = [await loadReservations(db, ids), await loadRequirements(db, ids)];
  const reservationsOf = groupBy(reservations, (r) => r.bookingId);
  const requirementsOf = groupBy(requirements, (q) => q.bookingId);
  return rows.map((b) => toSummary(b, reservationsOf.get(b.id) ?? [], requirementsOf.get(b.id) ?? []));
}

/** GET /user/booking/{id} for a booking the caller sees (the route checked it). */
export async function getUserBooking({ db, booking, now }: { db: DbOrTx; booking: BookingRow; now: Date }): Promise<UserBooking> {
  return toUserBooking({
    booking,
    location: await loadLocation(db, booking.locationId),
    creator: await loadUser(db, booking.userId),
    reservations: await loadReservations(db, [booking.id]),
    requirements: await loadRequirements(db, [booking.id]),
    decisionMessages: await loadDecisionMessages(db, booking.id),
    changeLog: await loadChangeLog(db, booking.id),
    documentKinds: await currentDocumentKinds(db, booking.id),
    permissions: await listShownPermissions(db, booking.id),
    firstActiveStart: await firstActiveStart(db, booking.id),
    now,
  });
}

/** GET /user/booking/{id}/changes: the timeline, oldest first, every type with its label. */
export async function getUserBookingChanges({ db, booking }: { db: DbOrTx; booking: BookingRow }): Promise<ChangeLogEntry[]> {
  const entries = await loadChangeLog(db, booking.id);
  return entries.map((e) => ({
    type: e.type,
    label: changeLogLabel(e.type),
    loggedUtc: e.loggedAt.toISOString(),
    reservationTimes: e.reservationTimes ?? null,
    newReservationTimes: e.newReservationTimes ?? null,
    user: e.userName,
    comment: e.comment,
  }));
}

function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const item of items) {
    const list = map.get(key(item));
    if (list) list.push(item);
    else map.set(key(item), [item]);
  }
  return map;
}
