/**
 * Wall-clock times of day ('HH:mm:ss', Europe/Oslo) as minutes since midnight.
 *
 * The scheduling rules work in whole minutes on a 15-minute grid anchored at midnight. Seconds are
 * accepted in the text form only as ':00' — a time with seconds is not a slot time.
 */

export const SLOT_MINUTES = 15;
export const MINUTES_PER_DAY = 1440;

const timePattern = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * Minutes since midnight of 'HH:mm:ss' (or 'HH:mm'); null when invalid.
 * '24:00:00' is accepted only with `allowEndOfDay` (a closing time or an interval end at midnight).
 */
export function parseTime(value: unknown, options: { allowEndOfDay?: boolean } = {}): number | null {
  if (typeof value !== 'string') return null;
  const match = timePattern.exec(value);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  const seconds = match[3] === undefined ? 0 : Number(match[3]);
  if (seconds !== 0 || minutes > 59) return null;
  if (hours === 24 && minutes === 0 && options.allowEndOfDay) return MINUTES_PER_DAY;
  if (hours > 23) return null;
  return hours * 60 + minutes;
}

export function timeToMinutes(value: string, options: { allowEndOfDay?: boolean } = {}): number {
  const minutes = parseTime(value, options);
  if (minutes === null) throw new RangeError(`Invalid time '${value}', expected HH:mm:ss`);
  return minutes;
}

/** 'HH:mm:ss'; 1440 (midnight at the end of the day) is written '24:00:00'. */
export function minutesToTime(minutes: number): string {
  if (!Number.isInteger(minutes) || minutes < 0 || minutes > MINUTES_PER_DAY) {
    throw new RangeError(`Minutes out of range: ${minutes}`);
  }
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:00`;
}

/** 'HH:mm' for display (spec 01 §9); midnight at the end of a day shows as '00:00' ("15:00-00:00"). */
export function formatTimeShort(minutes: number): string {
  const wrapped = minutes === MINUTES_PER_DAY ? 0 : minutes;
  return minutesToTime(wrapped).slice(0, 5);
}

/**
 * 'HH:mm' of an 'HH:mm:ss' time for display, in the SPAs, the documents and the e-mails alike. An
 * end at midnight shows as '00:00' (spec 01 §9 "15:00-00:00"), whether it came as a reservation's
 * '00:00:00' or an interval's '24:00:00'; anything that is not a time shows as it came.
 */
export function formatClock(time: string): string {
  const minutes = parseTime(time, { allowEndOfDay: true });
  return minutes === null ? time : formatTimeShort(minutes);
}

/** True when the minute lies on the 15-minute slot grid (00, 15, 30, 45). */
export function isOnSlotGrid(minutes: number): boolean {
  return Number.isInteger(minutes) && minutes % SLOT_MINUTES === 0;
}

export function roundUpToGrid(minutes: number, step = SLOT_MINUTES): number {
  return Math.ceil(minutes / step) * step;
}

export function roundDownToGrid(minutes: number, step = SLOT_MINUTES): number {
  return Math.floor(minutes / step) * step;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** The wall-clock end of a time: start + duration on a 24-hour clock, '00:00:00' at midnight. */
export function reservationEndTime(startTime: string, durationMinutes: number): string {
  return minutesToTime((timeToMinutes(startTime) + durationMinutes) % MINUTES_PER_DAY);
}
