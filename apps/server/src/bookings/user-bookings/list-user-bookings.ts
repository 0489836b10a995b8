import type { UserBookingSummary } from '@lokaler/domain/user-booking';
import type { DbOrTx } from '../../db/client';
import { findRoundsOfBookings } from '../../rounds';
import type { EffectiveIdentity } from '../../people';
import { listVisibleBookings, loadRequirements, loadReservations } from './repository';
import { toSummary } from './to-user-booking';

/** GET /user/booking: the effective identity's bookings, newest first. Four queries, whatever the count. */
export async function listUserBookings({ db, identity }: { db: DbOrTx; identity: EffectiveIdentity }): Promise<UserBookingSummary[]> {
  const rows = await listVisibleBookings(db, identity);
  const ids = rows.map((b) => b.id);
  const [reservations, requirements] = [await loadReservations(db, ids), await loadRequirements(db, ids)];
  const reservationsOf = groupBy(reservations, (r) => r.bookingId);
  const requirementsOf = groupBy(requirements, (q) => q.bookingId);
  const rounds = await findRoundsOfBookings(db, ids);
  return rows.map((b) => toSummary(b, reservationsOf.get(b.id) ?? [], requirementsOf.get(b.id) ?? [], rounds.get(b.id) ?? null));
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
