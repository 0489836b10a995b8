import type { PublicLocationType } from '@lokaler/domain/location';
import type { blockedTimes, closedDates, openingHours } from '../db/schema/schedule';
import { addDays, isoWeekday, onOrAfter } from './dates';
import type { Occupancy } from './occupancy';
import type { Random } from './prng';

type OpeningRow = typeof openingHours.$inferInsert;
type ClosedRow = typeof closedDates.$inferInsert;
type BlockedRow = Omit<typeof blockedTimes.$inferInsert, 'period'>;

type Week = Partial<Record<1 | 2 | 3 | 4 | 5 | 6 | 7, [string, string]>>;
const weekdays = (from: string, to: string): Week => ({ 1: [from, to], 2: [from, to], 3: [from, to], 4: [from, to], 5: [from, to] });

const hoursByType: Record<PublicLocationType, Week> = {
  SCHOOLS: { ...weekdays('16:00', '22:00'), 6: ['09:00', '21:00'], 7: ['09:00', '21:00'] },
  KINDERGARTEN: { ...weekdays('17:00', '21:00'), 6: ['10:00', '18:00'] },
  LIBRARIES: { ...weekdays('08:00', '20:00'), 6: ['10:00', '16:00'] },
  DISTRICT_VENUES: { ...weekdays('08:00', '23:00'), 6: ['08:00', '23:00'], 7: ['10:00', '22:00'] },
  WEDDINGS: { 2: ['09:00', '15:00'], 3: ['09:00', '15:00'], 4: ['09:00', '15:00'], 5: ['09:00', '15:00'], 6: ['10:00', '13:00'] },
};

/** When a location of this type is open on an ISO weekday, if at all. */
export function openWindow(type: PublicLocationType, weekday: number): [string, string] | undefined {
  return hoursByType[type][weekday as keyof Week];
}

export function openingHoursFor(type: PublicLocationType, locationId: number): OpeningRow[] {
  return Object.entries(hoursByType[type]).map(([weekday, [opens, closes]]) => ({ locationId, weekday: Number(weekday), opens, closes }));
}

/** Some gyms stay open an hour longer on weekdays: the per-room override of the location's hours. */
export function gymOverride(locationId: number, bookableAssetId: number): OpeningRow[] {
  return [1, 2, 3, 4, 5].map((weekday) => ({ locationId, bookableAssetId, weekday, opens: '16:00', closes: '23:00' }));
}

/** Fixed-date public holidays (the movable Easter/Pentecost ones are left out of the demo). */
const holidays: ReadonlyArray<[string, string]> = [
  ['01-01', 'Første nyttårsdag'],
  ['05-01', 'Arbeidernes dag'],
  ['05-17', 'Grunnlovsdagen'],
  ['12-24', 'Julaften'],
  ['12-25', 'Første juledag'],
  ['12-26', 'Andre juledag'],
  ['12-31', 'Nyttårsaften'],
];

/** Holidays in the coming year, plus a maintenance week at a few locations. */
export function closedDatesFor(locationId: number, today: string, maintenance: boolean): ClosedRow[] {
  const year = Number(today.slice(0, 4));
  const rows: ClosedRow[] = [];
  for (const y of [year, year + 1]) {
    for (const [monthDay, reason] of holidays) {
      const date = `${y}-${monthDay}`;
      if (date >= today && date <= addDays(today, 366)) rows.push({ locationId, date, reason });
    }
  }
  if (maintenance) {
    const monday = onOrAfter(addDays(today, 35), 1);
    for (let i = 0; i < 5; i++) {
      const date = addDays(monday, i);
      if (!rows.some((r) => r.date === date)) rows.push({ locationId, date, reason: 'Vedlikehold' });
    }
  }
  return rows;
}

export interface ClosedRange {
  locationId: number;
  fromDate: string;
  toDate: string;
  reason: string | null;
  days: ClosedRow[];
}

/**
 * The closed days as the ranges an administrator would have entered (decision 015): a location's
 * consecutive days with the same reason make one range (the maintenance week), others one day each.
 * The admin app lists and removes ranges, so the seed writes its days through them too.
 */
export function closedRangesOf(rows: readonly ClosedRow[]): ClosedRange[] {
  const sorted = [...rows].sort((a, b) => a.locationId - b.locationId || (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const ranges: ClosedRange[] = [];
  for (const row of sorted) {
    const last = ranges.at(-1);
    if (last && last.locationId === row.locationId && last.reason === (row.reason ?? null) && addDays(last.toDate, 1) === row.date) {
      last.toDate = row.date;
      last.days.push(row);
    } else {
      ranges.push({ locationId: row.locationId, fromDate: row.date, toDate: row.date, reason: row.reason ?? null, days: [row] });
    }
  }
  return ranges;
}

/** Blocks a few Saturday mornings (school events, cleaning) in a room; registers them as taken. */
export function blockedTimesFor(bookableAssetId: number, today: string, random: Random, occupancy: Occupancy): BlockedRow[] {
  const rows: BlockedRow[] = [];
  const firstSaturday = onOrAfter(addDays(today, 1), 6);
  for (let week = 0; week < 8; week++) {
    if (!random.chance(0.35)) continue;
    const date = addDays(firstSaturday, week * 7);
    const startTime = random.pick(['09:00', '10:00', '12:00']);
    const durationMinutes = random.pick([120, 180, 240]);
    if (isoWeekday(date) === 6 && occupancy.tryTake(bookableAssetId, date, startTime, durationMinutes)) {
      rows.push({ bookableAssetId, date, startTime, durationMinutes });
    }
  }
  return rows;
}
