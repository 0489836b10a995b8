import type { AgeGroup, WishDecision } from './application-rounds';

/**
 * The fair rule of a round's suggestion (decision 029). A pure function: the
 * server loads the round, calls it, and writes what it returns; the administrator may override any
 * of it afterwards.
 *
 * Order. The undecided wishes are taken one at a time, always the first by:
 *  1. priority group: children and youth (age group CHILDREN or YOUTH) before everyone else (an
 *     unknown age group counts as everyone else);
 *  2. the fewest minutes a week already granted to the same applicant in this round so far — what
 *     people decided counts from the start, and every grant of the suggestion counts at once, so
 *     every club gets something before anyone gets a second time;
 *  3. the application's order (earliest sent first), then the booking's id, then the wish's id.
 *
 * Placement. Each wish in that order gets:
 *  1. its asked time, when it is free and within the room's opening hours that weekday (ASKED);
 *  2. else the nearest free time of the same length in the same room and weekday, on the quarter-hour
 *     grid and within opening hours (OTHER; of two equally near, the earlier);
 *  3. else the same weekday and time in another room of the same location, the lowest room id first
 *     (OTHER);
 *  4. else nothing (NONE, with `noTimeReason`).
 * "Free" means overlapping none of: a time granted by a person (ASKED/OTHER, never changed here),
 * a time the suggestion already gave, and a busy time outside the round (`busy`).
 *
 * Deterministic: the result depends on the input's content, not on the order of its arrays.
 */

export const noTimeReason = 'Tiden var tildelt andre søkere, og det var ingen ledig tid som passet.';
export const otherTimeReason = 'Tiden dere søkte om var tildelt andre søkere, så dere fikk den nærmeste ledige tiden.';
export const otherRoomReason = 'Rommet dere søkte om var tildelt andre søkere på denne tiden, så dere fikk et annet rom.';

/** A time of a room on one weekday, in minutes after midnight, [start, end). */
export interface RoomTime {
  roomId: number;
  weekday: number;
  startMinute: number;
  endMinute: number;
}

export interface SuggestionWish {
  id: number;
  bookingId: number;
  /** Who applied: the organisation number, or the private person (as the server keys them). */
  applicantKey: string;
  ageGroup: AgeGroup | null;
  /** ISO instant the application was sent. */
  appliedAt: string;
  /** The asked time (roomId: the asked room). */
  asked: RoomTime;
  decision: WishDecision;
  /** The allocated time of ASKED/OTHER. */
  allocated: RoomTime | null;
}

export interface SuggestionRoom {
  id: number;
  locationId: number;
  /** Opening hours per ISO weekday: intervals [start, end) in minutes; none = closed. */
  openingHours: readonly { weekday: number; startMinute: number; endMinute: number }[];
}

export interface SuggestionInput {
  wishes: readonly SuggestionWish[];
  /** The rooms the suggestion may give (others are left alone: a wish asking for one is not decided). */
  rooms: readonly SuggestionRoom[];
  /** Times taken outside the round. */
  busy: readonly RoomTime[];
}

export interface SuggestedDecision {
  wishId: number;
  decision: 'ASKED' | 'OTHER' | 'NONE';
  allocated: RoomTime | null;
  reason: string | null;
}

const GRID = 15;

export function isPriorityGroup(ageGroup: AgeGroup | null): boolean {
  return ageGroup === 'CHILDREN' || ageGroup === 'YOUTH';
}

const overlaps = (a: { startMinute: number; endMinute: number }, b: { startMinute: number; endMinute: number }) =>
  a.startMinute < b.endMinute && b.startMinute < a.endMinute;

const dayKey = (roomId: number, weekday: number) => `${roomId}:${weekday}`;

export function suggestAllocation(input: SuggestionInput): SuggestedDecision[] {
  const rooms = new Map(input.rooms.map((r) => [r.id, r]));
  const roomsOfLocation = new Map<number, number[]>();
  for (const r of [...input.rooms].sort((a, b) => a.id - b.id))
    roomsOfLocation.set(r.locationId, [...(roomsOfLocation.get(r.locationId) ?? []), r.id]);

  const taken = new Map<string, { startMinute: number; endMinute: number }[]>();
  const take = (t: RoomTime) => {
    const key = dayKey(t.roomId, t.weekday);
    const list = taken.get(key);
    if (list) list.push(t);
    else taken.set(key, [t]);
  };
  const granted = new Map<string, number>();
  const grant = (applicant: string, t: RoomTime) => granted.set(applicant, (granted.get(applicant) ?? 0) + t.endMinute - t.startMinute);

  for (const b of input.busy) take(b);
  for (const w of input.wishes) {
    if ((w.decision === 'ASKED' || w.decision === 'OTHER') && w.allocated) {
      take(w.allocated);
      grant(w.applicantKey, w.allocated);
    }
  }

  const isOpen = (t: RoomTime) =>
    (rooms.get(t.roomId)?.openingHours ?? []).some(
      (h) => h.weekday === t.weekday && h.startMinute <= t.startMinute && t.endMinute <= h.endMinute,
    );
  const isFree = (t: RoomTime) => isOpen(t) && !(taken.get(dayKey(t.roomId, t.weekday)) ?? []).some((x) => overlaps(x, t));

  const place = (w: SuggestionWish): SuggestedDecision => {
    const asked = w.asked;
    if (isFree(asked)) return { wishId: w.id, decision: 'ASKED', allocated: asked, reason: null };
    const length = asked.endMinute - asked.startMinute;
    const start = Math.round(asked.startMinute / GRID) * GRID;
    for (let offset = GRID; offset <= 24 * 60; offset += GRID) {
      for (const s of [start - offset, start + offset]) {
        if (s < 0 || s + length > 24 * 60) continue;
        const candidate = { ...asked, startMinute: s, endMinute: s + length };
        if (isFree(candidate)) return { wishId: w.id, decision: 'OTHER', allocated: candidate, reason: otherTimeReason };
      }
    }
    const locationId = rooms.get(asked.roomId)?.locationId;
    for (const roomId of locationId === undefined ? [] : (roomsOfLocation.get(locationId) ?? [])) {
      if (roomId === asked.roomId) continue;
      const candidate = { ...asked, roomId };
      if (isFree(candidate)) return { wishId: w.id, decision: 'OTHER', allocated: candidate, reason: otherRoomReason };
    }
    return { wishId: w.id, decision: 'NONE', allocated: null, reason: noTimeReason };
  };

  // The wishes to decide, ordered by the static part of the key; the applicant's granted minutes
  // change as the suggestion goes, so a lazy heap re-files an entry whose minutes moved on.
  const open = input.wishes.filter((w) => w.decision === 'UNDECIDED' && rooms.has(w.asked.roomId));
  const heap = new MinHeap<{ wish: SuggestionWish; grantedWhenFiled: number }>((a, b) =>
    compareKeys(a.wish, a.grantedWhenFiled, b.wish, b.grantedWhenFiled),
  );
  for (const wish of open) heap.push({ wish, grantedWhenFiled: granted.get(wish.applicantKey) ?? 0 });

  const result: SuggestedDecision[] = [];
  for (let entry = heap.pop(); entry; entry = heap.pop()) {
    const now = granted.get(entry.wish.applicantKey) ?? 0;
    if (now !== entry.grantedWhenFiled) {
      heap.push({ wish: entry.wish, grantedWhenFiled: now });
      continue;
    }
    const decided = place(entry.wish);
    if (decided.allocated) {
      take(decided.allocated);
      grant(entry.wish.applicantKey, decided.allocated);
    }
    result.push(decided);
  }
  return result.sort((a, b) => a.wishId - b.wishId);
}

function compareKeys(a: SuggestionWish, grantedA: number, b: SuggestionWish, grantedB: number): number {
  const priority = Number(isPriorityGroup(b.ageGroup)) - Number(isPriorityGroup(a.ageGroup));
  if (priority !== 0) return priority;
  if (grantedA !== grantedB) return grantedA - grantedB;
  if (a.appliedAt !== b.appliedAt) return a.appliedAt < b.appliedAt ? -1 : 1;
  if (a.bookingId !== b.bookingId) return a.bookingId - b.bookingId;
  return a.id - b.id;
}

/** A binary heap: the suggestion orders a few thousand wishes whose keys change as it goes. */
class MinHeap<T> {
  private readonly items: T[] = [];
  constructor(private readonly less: (a: T, b: T) => number) {}

  push(item: T): void {
    const items = this.items;
    items.push(item);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.less(items[i]!, items[parent]!) >= 0) break;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }

  pop(): T | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last !== undefined) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < items.length && this.less(items[l]!, items[m]!) < 0) m = l;
        if (r < items.length && this.less(items[r]!, items[m]!) < 0) m = r;
        if (m === i) break;
        [items[i], items[m]] = [items[m]!, items[i]!];
        i = m;
      }
    }
    return top;
  }
}
