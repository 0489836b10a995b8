import { isSlotBookable } from './slot-status';
import type { ScheduleSlot } from './build-schedule';
import { parseTime, SLOT_MINUTES } from './time-of-day';

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

const sameSlot = (a: ChosenSlot, b: ChosenSlot) => a.bookableAssetId === b.bookableAssetId && a.date === b.date && a.startTime === b.startTime;

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
  const bookable = day.slots.filter(isSlotBookable).map((s) => ({ bookableAssetId: day.bookableAssetId, date: day.date, startTime: s.startTime }));
  const target = options.oneTimeslotOnly ? firstRun(bookable) : bookable;
  const isOfDay = (c: ChosenSlot) => c.bookableAssetId === day.bookableAssetId && c.date === day.date;
  const allChosen = target.length > 0 && target.every((t) => chosen.some((c) => sameSlot(c, t)));
  if (allChosen) return chosen.filter((c) => !isOfDay(c));
  // One timeslot only: the run replaces every earlier choice of the room, on any date.
  const kept = options.oneTimeslotOnly ? chosen.filter((c) => c.bookableAssetId !== day.bookableAssetId) : chosen.filter((c) => !isOfDay(c));
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
