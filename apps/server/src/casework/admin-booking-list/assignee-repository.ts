import { sql } from 'drizzle-orm';
import type { CaseAssignee } from '@lokaler/domain/work-queue';
import { queryRows, type DbOrTx, type Tx } from '../../db/client';
import { utcText } from './repository';

/** The SQL of the case officer's take (decision 065): the one row per taken booking in booking_assignees. */

export async function findAssignee(db: DbOrTx, bookingId: number): Promise<CaseAssignee | null> {
  const [row] = await queryRows<{ userId: number; name: string | null; email: string | null; assignedUtc: string }>(
    db,
    sql`
    select ba.user_id as "userId", u.name, u.email, ${utcText(sql`ba.assigned_at`)} as "assignedUtc"
    from booking_assignees ba join users u on u.id = ba.user_id
    where ba.booking_id = ${bookingId}`,
  );
  if (!row) return null;
  return { userId: Number(row.userId), name: row.name || row.email || 'Ukjent saksbehandler', assignedUtc: row.assignedUtc };
}

/** The user's name as the lists show it (the token's name may be empty until the app has sent it). */
export async function findUserName(db: DbOrTx, userId: number): Promise<string | null> {
  const [row] = await queryRows<{ name: string | null; email: string | null }>(db, sql`select name, email from users where id = ${userId}`);
  return row?.name || row?.email || null;
}

/** Sets (or replaces) the booking's case officer, assigned now. */
export async function upsertAssignee(tx: Tx, bookingId: number, userId: number): Promise<void> {
  await tx.execute(sql`
    insert into booking_assignees (booking_id, user_id, assigned_at) values (${bookingId}, ${userId}, now())
    on conflict (booking_id) do update set user_id = excluded.user_id, assigned_at = excluded.assigned_at`);
}

export async function deleteAssignee(tx: Tx, bookingId: number): Promise<void> {
  await tx.execute(sql`delete from booking_assignees where booking_id = ${bookingId}`);
}
