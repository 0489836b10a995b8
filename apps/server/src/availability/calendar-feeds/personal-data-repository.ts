import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { calendarFeeds } from '../../db/schema/calendar-feeds';

const personal = (userId: number) => and(eq(calendarFeeds.kind, 'PERSON'), eq(calendarFeeds.userId, userId));

/** Decision 057: when the person's own feed was made and last renewed (never its secret); null without one. */
export async function findPersonFeed(db: DbOrTx, userId: number): Promise<{ createdAt: Date; rotatedAt: Date | null } | null> {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt, rotatedAt: calendarFeeds.rotatedAt })
    .from(calendarFeeds)
    .where(personal(userId));
  return row ?? null;
}

/**
 * Decision 057: the person's own feed: its address stops working at once. An organisation's feed is the
 * organisation's, not the person's, and stays. How many went (0 or 1).
 */
export async function deletePersonFeed(tx: DbOrTx, userId: number): Promise<number> {
  return (await tx.delete(calendarFeeds).where(personal(userId)).returning({ id: calendarFeeds.id })).length;
}
