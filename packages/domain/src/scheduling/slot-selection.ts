import { isSlotBookable } from './slot-status';
import type { ScheduleSlot } from './build-schedule';
import { minutesToTime, parseTime, SLOT_MINUTES } from './time-of-day';

/**
 * Clicking in the room calendar (spec 01 §4): a click checks an available slot or unchecks a checked
 * one; a day header toggles the day's bookable slots. In a room that allows one timeslot per booking
 * (public), a click that would not extend the one chosen interval clears the earlier choices first —
 * so the choice is always one contiguous interval, as the booking rule requires.
 */

export interface ChosenSlot {
  bookableAssetId: number;
  date: string;
  startTime: string;
}

const sameSlot = (a: ChosenSlot, b: ChosenSlot) =>
  a.bookableAssetId === b.bookableAssetId && a.date === b.date && a.startTime === b.startTime;

export function toggleSlot(chosen: readonly ChosenSlot[], slot: ChosenSlot, options: { oneTimeslotOnly: boolean }): ChosenSlot[] {
  if (chosen.some((c) => sameSlot(c, slot))) return chosen.filter((c) => !sameSlot(c, slot));
  if (!options.oneTimeslotOnly) return [...chosen, slot];
  const ofRoom = chosen.filter((c) => c.bookableAssetId === slot.bookableAssetId);
  const others = chosen.filter((c) => c.bookableAssetId !== slot.bookableAssetId);
  return [...others, ...(extendsInterval(ofRoom, slot) ? ofRoom : []), slot];
}

/** True when the slot touches the one chosen interval of its room on the same date. */
function extendsInterval(ofRoom: readonly ChosenSlot[], slot: ChosenSlot): boolean {
  if (ofRoom.length === 0 || ofRoom.some((c) => c.date !== slot.date)) return false;
  const starts = ofRoom.map((c) => parseTime(c.startTime) ?? NaN);
  const start = parseTime(slot.startTime) ?? NaN;
  return start === Math.min(...starts) - SLOT_MINUTES || start === Math.max(...starts) + SLOT_MINUTES;
}

/**
 * The day header: when every bookable slot of the day is chosen, unchoose the day; otherwise choose
 * every bookable slot (unavailable ones never). With one timeslot only, the day's first contiguous
 * run of bookable slots replaces the room's earlier choices.
 */
export function toggleDay(
  chosen: readonly ChosenSlot[],
  day: { bookableAssetId: number; date: string; slots: readonly ScheduleSlot[] },
  options: { oneTimeslotOnly: boolean },
): ChosenSlot[] {
  const bookable = day.slots
    .filter(isSlotBookable)
    .map((s) => ({ bookableAssetId: day.bookableAssetId, date: day.date, startTime: s.startTime }));
  const target = options.oneTimeslotOnly ? firstRun(bookable) : bookable;
  const isOfDay = (c: ChosenSlot) => c.bookableAssetId === day.bookableAssetId && c.date === day.date;
  const allChosen = target.length > 0 && target.every((t) => chosen.some((c) => sameSlot(c, t)));
  if (allChosen) return chosen.filter((c) => !isOfDay(c));
  // One timeslot only: the run replaces every earlier choice of the room, on any date.
  const kept = options.oneTimeslotOnly
    ? chosen.filter((c) => c.bookableAssetId !== day.bookableAssetId)
    : chosen.filter((c) => !isOfDay(c));
  return [...kept, ...target];
}

function firstRun(slots: readonly ChosenSlot[]): ChosenSlot[] {
  const run: ChosenSlot[] = [];
  for (const slot of slots) {
    const previous = run[run.length - 1];
    if (previous && (parseTime(slot.startTime) ?? 0) !== (parseTime(previous.startTime) ?? 0) + SLOT_MINUTES) break;
    run.push(slot);
  }
  return run;
}

/**
 * The location's minimum duration at selection time, not only after 'Legg til valgte
 * tider'. The chosen intervals of a room (adjacent slots of a date merged) shorter than the minimum,
 * as date and start time; the calendar says so at once under the grid.
 */
export function shortChoices(
  chosen: readonly ChosenSlot[],
  bookableAssetId: number,
  minMinutes: number,
): { date: string; startTime: string }[] {
  const byDate = new Map<string, number[]>();
  for (const c of chosen) {
    const start = parseTime(c.startTime);
    if (c.bookableAssetId !== bookableAssetId || start === null) continue;
    byDate.set(c.date, [...(byDate.get(c.date) ?? []), start]);
  }
  const short: { date: string; startTime: string }[] = [];
  for (const [date, starts] of [...byDate].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = [...new Set(starts)].sort((a, b) => a - b);
    let runStart = sorted[0]!;
    for (let i = 0; i < sorted.length; i++) {
      const runEnds = sorted[i + 1] !== sorted[i]! + SLOT_MINUTES;
      if (!runEnds) continue;
      if (sorted[i]! + SLOT_MINUTES - runStart < minMinutes) short.push({ date, startTime: minutesToTime(runStart) });
      runStart = sorted[i + 1]!;
    }
  }
  return short;
}
