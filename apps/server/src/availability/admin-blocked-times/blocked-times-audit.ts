import type { MinuteInterval } from '@lokaler/domain/scheduling/minute-intervals';
import { minutesToTime } from '@lokaler/domain/scheduling/time-of-day';

type TimesByDate = Record<string, string[]>;

/**
 * The audit entry of a change of blocked times, compact: only the dates whose blocks changed, each
 * as its blocks before and after ('16:00–17:30'). null when nothing changed (then nothing is written).
 */
export function blockedTimesChange(
  room: { bookableAssetId: number; name: string },
  before: ReadonlyMap<string, readonly MinuteInterval[]>,
  after: ReadonlyMap<string, readonly MinuteInterval[]>,
): {
  before: { bookableAssetId: number; name: string; dates: TimesByDate };
  after: { bookableAssetId: number; name: string; dates: TimesByDate };
} | null {
  const was: TimesByDate = {};
  const is: TimesByDate = {};
  for (const [date, intervals] of after) {
    const old = (before.get(date) ?? []).map(label);
    const now = intervals.map(label);
    if (old.join() === now.join()) continue;
    was[date] = old;
    is[date] = now;
  }
  if (Object.keys(is).length === 0) return null;
  return { before: { ...room, dates: was }, after: { ...room, dates: is } };
}

function label(i: MinuteInterval): string {
  return `${minutesToTime(i.start).slice(0, 5)}–${minutesToTime(Math.min(i.end, 1440)).slice(0, 5)}`;
}
