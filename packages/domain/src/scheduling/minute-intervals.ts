/**
 * Half-open intervals of minutes within a day, [start, end). The small algebra the scheduling
 * rules are built from: merge, subtract, overlap.
 */
export interface MinuteInterval {
  start: number;
  end: number;
}

/** Sorted, with overlapping and touching intervals joined; empty intervals dropped. */
export function mergeIntervals(intervals: readonly MinuteInterval[]): MinuteInterval[] {
  const sorted = intervals.filter((i) => i.end > i.start).sort((a, b) => a.start - b.start);
  const merged: MinuteInterval[] = [];
  for (const interval of sorted) {
    const last = merged[merged.length - 1];
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else merged.push({ start: interval.start, end: interval.end });
  }
  return merged;
}

/** `base` minus every interval of `holes`, as sorted disjoint intervals. */
export function subtractIntervals(base: MinuteInterval, holes: readonly MinuteInterval[]): MinuteInterval[] {
  const free: MinuteInterval[] = [];
  let cursor = base.start;
  for (const hole of mergeIntervals(holes)) {
    if (hole.end <= cursor) continue;
    if (hole.start >= base.end) break;
    if (hole.start > cursor) free.push({ start: cursor, end: hole.start });
    cursor = Math.max(cursor, hole.end);
  }
  if (cursor < base.end) free.push({ start: cursor, end: base.end });
  return free;
}

export function overlaps(a: MinuteInterval, b: MinuteInterval): boolean {
  return a.start < b.end && b.start < a.end;
}

export function overlapsAny(interval: MinuteInterval, others: readonly MinuteInterval[]): boolean {
  return others.some((other) => overlaps(interval, other));
}
