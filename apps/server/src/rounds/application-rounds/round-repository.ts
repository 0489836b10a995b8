import { and, count, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { applicationRoundLocations, applicationRounds, roundWishes } from '../../db/schema/application-rounds';
import { bookings } from '../../db/schema/bookings';

/** The round row's own SQL (round-access.ts and update-round.ts read and write through these). */

export type RoundRow = typeof applicationRounds.$inferSelect;

/** The round, or undefined; `lock` takes its row lock (SELECT … FOR UPDATE). */
export async function selectRound(db: DbOrTx, roundId: number, options: { lock?: boolean } = {}): Promise<RoundRow | undefined> {
  const query = db.select().from(applicationRounds).where(eq(applicationRounds.id, roundId));
  const [round] = options.lock ? await query.for('update') : await query;
  return round;
}

/** The round's location ids in id order. */
export async function selectRoundLocationIds(db: DbOrTx, roundId: number): Promise<number[]> {
  const rows = await db
    .select({ locationId: applicationRoundLocations.locationId })
    .from(applicationRoundLocations)
    .where(eq(applicationRoundLocations.roundId, roundId));
  return rows.map((r) => r.locationId).sort((a, b) => a - b);
}

/** Wishes of the round whose application is not cancelled (any: the round has applications). */
export async function countLiveWishes(db: DbOrTx, roundId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(roundWishes)
    .innerJoin(bookings, eq(bookings.id, roundWishes.bookingId))
    .where(and(eq(roundWishes.roundId, roundId), ne(bookings.status, 'CANCELLED')));
  return row?.n ?? 0;
}

export interface RoundDates {
  name: string;
  applicationStart: string;
  deadline: string;
  semesterStart: string;
  semesterEnd: string;
  /** Left out: stays as it is. */
  maxApplicationsPerApplicant?: number | undefined;
  maxWeeklyHoursPerApplicant?: number | undefined;
}

/** Writes the round's name, dates and limits, and its locations' copy of the semester (the exclusion constraint's). */
export async function updateRoundRow(db: DbOrTx, roundId: number, dates: RoundDates): Promise<RoundRow> {
  await db
    .update(applicationRoundLocations)
    .set({ semesterStart: dates.semesterStart, semesterEnd: dates.semesterEnd })
    .where(eq(applicationRoundLocations.roundId, roundId));
  const { maxApplicationsPerApplicant, maxWeeklyHoursPerApplicant, ...rest } = dates;
  const [row] = await db
    .update(applicationRounds)
    .set({
      ...rest,
      ...(maxApplicationsPerApplicant === undefined ? {} : { maxApplicationsPerApplicant }),
      ...(maxWeeklyHoursPerApplicant === undefined ? {} : { maxWeeklyHoursPerApplicant }),
    })
    .where(eq(applicationRounds.id, roundId))
    .returning();
  return row!;
}
