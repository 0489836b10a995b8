import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';

export interface OutboxBacklog {
  /** Messages neither sent nor given up: waiting for their first attempt or a retry. */
  unsent: number;
  /** Seconds since the oldest of them was queued; 0 when there is none. */
  oldestAgeSeconds: number;
}

/**
 * One statement per scrape. Sent and given-up rows are skipped through the mail_outbox_pending index
 * (sent_at first), so it stays cheap however many sent messages the table keeps.
 */
export async function outboxBacklog(db: Db): Promise<OutboxBacklog> {
  const [row] = await queryRows<{ unsent: number; oldest: number | string | null }>(
    db,
    sql`
    select count(*)::int as unsent, extract(epoch from now() - min(created_at))::float8 as oldest
    from mail_outbox where sent_at is null and failed_at is null`,
  );
  return { unsent: row?.unsent ?? 0, oldestAgeSeconds: Math.max(0, Number(row?.oldest ?? 0)) };
}
