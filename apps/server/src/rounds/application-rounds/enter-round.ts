import { isoWeekday } from '@lokaler/domain/scheduling/calendar-date';
import { timeToMinutes } from '@lokaler/domain/scheduling/time-of-day';
import type { DbOrTx } from '../../db/client';
import { findCollectingRounds, type NewWish } from './repository';
import type { RoundRow } from './round-access';

/**
 * The round a semester application enters (decision 029): a round of its location that collects
 * today (OPEN, application start <= today <= deadline) whose semester holds the application's first
 * date. Null otherwise: before the period and after the deadline an application is handled singly.
 */
export async function roundToEnter(
  db: DbOrTx,
  { locationId, today, firstDate }: { locationId: number; today: string; firstDate: string },
): Promise<RoundRow | null> {
  const rounds = await findCollectingRounds(db, locationId, today);
  return rounds.find((r) => r.semesterStart <= firstDate && firstDate <= r.semesterEnd) ?? null;
}

/** One wish per (room, ISO weekday, start, end) of the application's dates, with how many dates it covers. */
export function wishesOf(
  times: ReadonlyArray<{ bookableAssetId: number; date: string; startTime: string; durationMinutes: number }>,
  roundId: number,
  bookingId: number,
): NewWish[] {
  const wishes = new Map<string, NewWish>();
  for (const t of times) {
    const weekday = isoWeekday(t.date);
    const startMinute = timeToMinutes(t.startTime);
    // A time past midnight (not offered by the rules) is kept to the day it starts on.
    const endMinute = Math.min(startMinute + t.durationMinutes, 24 * 60);
    const key = `${t.bookableAssetId} ${weekday} ${startMinute} ${endMinute}`;
    const wish = wishes.get(key);
    if (wish) wish.dateCount += 1;
    else wishes.set(key, { roundId, bookingId, bookableAssetId: t.bookableAssetId, weekday, startMinute, endMinute, dateCount: 1 });
  }
  return [...wishes.values()];
}
