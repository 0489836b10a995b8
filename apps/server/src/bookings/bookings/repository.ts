import { and, eq, inArray, sql } from 'drizzle-orm';
import type { BookingStatus, CostCategory } from '@lokaler/domain/booking';
import type { ReservationStatus } from '@lokaler/domain/reservation';
import type { Tx } from '../../db/client';
import { bookings, changeLog, reservations } from '../../db/schema/bookings';

/** Fields of a booking that may change with its status (an approval's terms, a wedding hold ending). */
export type BookingFields = Partial<Pick<typeof bookings.$inferInsert, 'costCategory' | 'marketPriceOre' | 'holdExpiresAt'>>;

export type NewChangeLogEntry = typeof changeLog.$inferInsert;

/** The booking's status, its row locked for the rest of the transaction (callers locked it already; this is cheap then). */
export async function lockBookingStatus(tx: Tx, bookingId: number): Promise<BookingStatus | undefined> {
  const [row] = await tx.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId)).for('update');
  return row?.status;
}

/** The booking's reservations chosen by id and/or by status, locked, in id order. */
export async function lockReservationStatuses(
  tx: Tx,
  bookingId: number,
  pick: { ids?: readonly number[] | undefined; from?: readonly ReservationStatus[] | undefined },
): Promise<{ id: number; status: ReservationStatus }[]> {
  if (pick.ids?.length === 0 || pick.from?.length === 0) return [];
  const where = and(
    eq(reservations.bookingId, bookingId),
    pick.ids ? inArray(reservations.id, [...pick.ids]) : undefined,
    pick.from ? inArray(reservations.status, [...pick.from]) : undefined,
  );
  return tx
    .select({ id: reservations.id, status: reservations.status })
    .from(reservations)
    .where(where)
    .orderBy(reservations.id)
    .for('update');
}

export async function writeBookingStatus(
  tx: Tx,
  bookingId: number,
  status: BookingStatus,
  fields: BookingFields,
  now: Date,
): Promise<void> {
  await tx
    .update(bookings)
    .set({ ...fields, status, updatedAt: now })
    .where(eq(bookings.id, bookingId));
}

export async function writeReservationStatus(tx: Tx, ids: readonly number[], status: ReservationStatus, now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(reservations)
    .set({ status, updatedAt: now })
    .where(inArray(reservations.id, [...ids]));
}

/** Marks the booking as changed now (the lists sort and show by it). */
export async function touchBookingRow(tx: Tx, bookingId: number, now: Date): Promise<void> {
  await tx.update(bookings).set({ updatedAt: now }).where(eq(bookings.id, bookingId));
}

export async function insertChangeLogEntry(tx: Tx, entry: NewChangeLogEntry): Promise<void> {
  await tx.insert(changeLog).values(entry);
}

/** The bookings' statuses, their rows locked (the round's closer locked them already), by id. */
export async function lockBookingStatuses(tx: Tx, bookingIds: readonly number[]): Promise<Map<number, BookingStatus>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: bookings.id, status: bookings.status })
    .from(bookings)
    .where(inArray(bookings.id, [...bookingIds]))
    .orderBy(bookings.id)
    .for('update');
  return new Map(rows.map((r) => [r.id, r.status]));
}

/** These reservations' bookings and statuses, locked, by id. */
export async function lockReservationsById(
  tx: Tx,
  ids: readonly number[],
): Promise<Map<number, { bookingId: number; status: ReservationStatus }>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: reservations.id, bookingId: reservations.bookingId, status: reservations.status })
    .from(reservations)
    .where(inArray(reservations.id, [...ids]))
    .orderBy(reservations.id)
    .for('update');
  return new Map(rows.map((r) => [r.id, { bookingId: r.bookingId, status: r.status }]));
}

/**
 * Many reservations' new statuses in one statement (one run of the reservations' statement
 * triggers), marked changed at the database's clock, as the round's closing always wrote them.
 */
export async function writeReservationStatuses(tx: Tx, statuses: readonly { id: number; to: ReservationStatus }[]): Promise<void> {
  if (statuses.length === 0) return;
  const values = sql.join(
    statuses.map((s) => sql`(${s.id}::int, ${s.to}::text)`),
    sql`, `,
  );
  await tx.execute(
    sql`update reservations r set status = v.status::reservation_status, updated_at = now() from (values ${values}) v(id, status) where r.id = v.id`,
  );
}

/** Many bookings' new statuses in one statement; a cost category given replaces the booking's, none keeps it. */
export async function writeBookingStatuses(
  tx: Tx,
  statuses: readonly { bookingId: number; to: BookingStatus; costCategory?: CostCategory | undefined }[],
  now: Date,
): Promise<void> {
  if (statuses.length === 0) return;
  const values = sql.join(
    statuses.map((s) => sql`(${s.bookingId}::int, ${s.to}::text, ${s.costCategory ?? null}::text)`),
    sql`, `,
  );
  await tx.execute(sql`update bookings b set status = v.status::booking_status, cost_category = coalesce(v.cost::cost_category, b.cost_category), updated_at = ${now.toISOString()}::timestamptz
    from (values ${values}) v(id, status, cost) where b.id = v.id`);
}

export async function insertChangeLogEntries(tx: Tx, entries: readonly NewChangeLogEntry[]): Promise<void> {
  if (entries.length) await tx.insert(changeLog).values([...entries]);
}

/** A booking's fields other than its status and identity (owner, internal note and title, a wedding hold). */
export type BookingDetails = Omit<Partial<typeof bookings.$inferInsert>, 'id' | 'status' | 'updatedAt' | 'caseNumber'>;

/** Writes the fields and marks the booking as changed at `now` (the lists sort and show by it). */
export async function writeBookingDetails(tx: Tx, bookingId: number, fields: BookingDetails, now: Date): Promise<void> {
  await tx
    .update(bookings)
    .set({ ...fields, updatedAt: now })
    .where(eq(bookings.id, bookingId));
}
