import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../db/client';

/** The instant a booking's last time ends; null without times. */
const lastTimeEnds = (bookingId: ReturnType<typeof sql>) =>
  sql`(select max(upper(r.period)) from reservations r where r.booking_id = ${bookingId})`;

/** What anonymising a booking removes: the form's e-mail, phone and message, and whom it was made on behalf of. */
const anonymised = sql`form_answers = b.form_answers - 'contactEmail' - 'contactPhone' - 'message',
        on_behalf_of_name = case when b.on_behalf_of_name is null then null else 'Anonymisert' end,
        on_behalf_of_email = null`;
/** Only bookings that still hold something to remove: a second run changes nothing. */
const stillPersonal = sql`(b.form_answers ?| array['contactEmail', 'contactPhone', 'message'] or b.on_behalf_of_email is not null
          or (b.on_behalf_of_name is not null and b.on_behalf_of_name <> 'Anonymisert'))`;

/**
 * Decision 054: the contact details of every booking whose last time ended before `cutoff` — the
 * form's e-mail, phone and message, and the name and address it was made on behalf of. The booking,
 * its times, prices and cost category stay (statistics, the reimbursement report). Idempotent;
 * the bookings it changed.
 */
export async function anonymiseFinishedBookings(tx: DbOrTx, cutoff: Date): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`
      update bookings b set ${anonymised}
      where ${stillPersonal} and ${lastTimeEnds(sql`b.id`)} < ${cutoff.toISOString()}::timestamptz
      returning b.id`,
  );
  return rows.length;
}

/**
 * Decision 057: the same anonymisation of these bookings, on the person's own request (the caller
 * decided they are finished, privacy/my-data/deletion-rules.ts). The ids of those it changed.
 */
export async function anonymiseBookingsOf(tx: DbOrTx, bookingIds: readonly number[]): Promise<number[]> {
  if (bookingIds.length === 0) return [];
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`
      update bookings b set ${anonymised}
      where ${stillPersonal} and b.id = any(${`{${bookingIds.map((id) => Math.trunc(id)).join(',')}}`}::int[])
      returning b.id`,
  );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}
