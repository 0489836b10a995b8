import {
  minutesOfQuarterTime,
  weekdayName,
  wishDecisionLabels,
  type AllocatedTime,
  type RoundConflicts,
  type RoundWish,
} from '@lokaler/domain/application-rounds';

/** The conflict view's arithmetic (decision 030): where each bar goes and how overlapping bars share a day. */

export interface TimeSpan {
  start: number;
  end: number;
}

/** Where a wish shows in this room's grid: its asked time, or, for a wish of another room moved here, its allocated time. */
export function shownTime(wish: RoundWish, roomId: number): AllocatedTime {
  if (wish.roomId !== roomId && wish.allocated?.roomId === roomId) return wish.allocated;
  return { roomId: wish.roomId, weekday: wish.weekday, startTime: wish.startTime, endTime: wish.endTime };
}

export const spanOf = (time: { startTime: string; endTime: string }): TimeSpan => ({
  start: minutesOfQuarterTime(time.startTime),
  end: minutesOfQuarterTime(time.endTime),
});

/**
 * Lanes for one day's bars: bars that overlap (directly or through others) form a cluster whose width
 * is shared by as many lanes as the cluster needs at most; each bar takes the first lane free at its start.
 * Answers, in the items' order, each one's lane and its cluster's lane count.
 */
export function layoutLanes(spans: readonly TimeSpan[]): { lane: number; lanes: number }[] {
  const order = spans.map((s, i) => ({ ...s, i })).sort((a, b) => a.start - b.start || b.end - a.end || a.i - b.i);
  const result: { lane: number; lanes: number }[] = spans.map(() => ({ lane: 0, lanes: 1 }));
  let cluster: { i: number; lane: number }[] = [];
  let laneEnds: number[] = [];
  let clusterEnd = Number.NEGATIVE_INFINITY;
  const finish = () => {
    for (const c of cluster) result[c.i] = { lane: c.lane, lanes: laneEnds.length };
    cluster = [];
    laneEnds = [];
  };
  for (const s of order) {
    if (s.start >= clusterEnd) finish();
    let lane = laneEnds.findIndex((end) => end <= s.start);
    if (lane === -1) {
      lane = laneEnds.length;
      laneEnds.push(s.end);
    } else laneEnds[lane] = s.end;
    cluster.push({ i: s.i, lane });
    clusterEnd = Math.max(clusterEnd, s.end);
  }
  finish();
  return result;
}

/** The grid's hours: from the earliest opening (or bar) to the latest, on whole hours; 08–22 when there is nothing. */
export function gridRange(
  conflicts: Pick<RoundConflicts, 'openingHours' | 'busy'> & { wishes: readonly RoundWish[] },
  roomId: number,
): TimeSpan {
  const spans = [
    ...conflicts.openingHours.map(spanOf),
    ...conflicts.busy.map(spanOf),
    ...conflicts.wishes.map((w) => spanOf(shownTime(w, roomId))),
  ];
  if (spans.length === 0) return { start: 8 * 60, end: 22 * 60 };
  const start = Math.min(...spans.map((s) => s.start));
  const end = Math.max(...spans.map((s) => s.end));
  return { start: Math.floor(start / 60) * 60, end: Math.min(24 * 60, Math.ceil(end / 60) * 60) };
}

/** '17:00–19:00'. */
export const timeText = (time: { startTime: string; endTime: string }) => `${time.startTime}–${time.endTime}`;

/** 'Tildelt annen tid: onsdag 18:00–19:00, Gymsal' — the wish's decision in words. */
export function decisionText(wish: RoundWish, rooms: readonly { id: number; name: string }[]): string {
  if (wish.decision !== 'OTHER' || !wish.allocated) return wishDecisionLabels[wish.decision];
  const room = wish.allocated.roomId === wish.roomId ? '' : `, ${rooms.find((r) => r.id === wish.allocated!.roomId)?.name ?? 'annet rom'}`;
  return `${wishDecisionLabels.OTHER}: ${weekdayName(wish.allocated.weekday)} ${timeText(wish.allocated)}${room}`;
}

/** 'Brukt 40 timer siste år' / 'Ikke brukt lokalene siste år'. */
export function earlierUseText(hours: number): string {
  if (hours <= 0) return 'Ikke brukt lokalene siste år';
  const shown = hours.toLocaleString('nb-NO', { maximumFractionDigits: 1 });
  return `Brukt ${shown} ${hours === 1 ? 'time' : 'timer'} siste år`;
}

/** Quarter times from `from` to `to` (minutes), as 'HH:mm'. */
export function quarterTimes(from: number, to: number): string[] {
  const times: string[] = [];
  for (let m = from; m <= to; m += 15) times.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  return times;
}

/**
 * Where a bar dragged in the grid lands: the start (minutes) of a bar of `duration` whose grab point
 * (`grabMinutes` below its top) is at `y` pixels down a day column `height` pixels tall showing `range`;
 * on the quarter, and inside the range.
 */
export function dropStart({
  y,
  height,
  range,
  grabMinutes,
  duration,
}: {
  y: number;
  height: number;
  range: TimeSpan;
  grabMinutes: number;
  duration: number;
}): number {
  const span = range.end - range.start;
  const raw = range.start + (height > 0 ? (y / height) * span : 0) - grabMinutes;
  const quarter = Math.round(raw / 15) * 15;
  return Math.min(Math.max(quarter, range.start), Math.max(range.start, range.end - duration));
}
