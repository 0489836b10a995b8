import { and, asc, eq, inArray } from 'drizzle-orm';
import type { MinuteInterval } from '@lokaler/domain/scheduling/minute-intervals';
import { timeToMinutes } from '@lokaler/domain/scheduling/time-of-day';
import type { Tx } from '../../db/client';
import { blockedTimes } from '../../db/schema/schedule';

/** The room's blocked intervals that start on these dates, by date. One query. */
export async function blockedIntervalsByDate(tx: Tx, assetId: number, dates: readonly string[]): Promise<Map<string, MinuteInterval[]>> {
  const result = new Map<string, MinuteInterval[]>(dates.map((d) => [d, []]));
  if (dates.length === 0) return result;
  const rows = await tx
    .select({ date: blockedTimes.date, startTime: blockedTimes.startTime, durationMinutes: blockedTimes.durationMinutes })
    .from(blockedTimes)
    .where(and(eq(blockedTimes.bookableAssetId, assetId), inArray(blockedTimes.date, [...dates])))
    .orderBy(asc(blockedTimes.date), asc(blockedTimes.startTime));
  for (const r of rows) {
    const start = timeToMinutes(r.startTime);
    result.get(r.date)?.push({ start, end: start + r.durationMinutes });
  }
  return result;
}

/** Replaces the room's blocked times of these dates with the given intervals (two statements). */
export async function replaceBlockedTimes(tx: Tx, assetId: number, byDate: ReadonlyMap<string, readonly MinuteInterval[]>): Promise<void> {
  const dates = [...byDate.keys()];
  if (dates.length === 0) return;
  await tx.delete(blockedTimes).where(and(eq(blockedTimes.bookableAssetId, assetId), inArray(blockedTimes.date, dates)));
  const rows = [...byDate].flatMap(([date, intervals]) =>
    intervals.map((i) => ({
      bookableAssetId: assetId,
      date,
      startTime: `${String(Math.floor(i.start / 60)).padStart(2, '0')}:${String(i.start % 60).padStart(2, '0')}:00`,
      durationMinutes: i.end - i.start,
    })),
  );
  if (rows.length) await tx.insert(blockedTimes).values(rows);
}
