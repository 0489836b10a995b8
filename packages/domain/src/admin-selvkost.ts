import { z } from 'zod';
import type { BookingDurationType } from './booking';
import { isoWeekday } from './scheduling/calendar-date';
import { daysOfWeek, type DayOfWeek } from './scheduling/day-of-week';

/**
 * Cost-based price ("selvkost", spec 02 §3 approval wizard): the location's price list and the one
 * calculation both the approval wizard and the contract use. Money is in øre (integers) everywhere.
 */

const ore = z.number().int().min(0).max(100_000_000);

/** The seven price fields of spec 02 §3, each in øre (hour prices per hour, etablering once). */
export const costBasedPrices = z.object({
  /** Per hour, small rooms (under 80 m²: klasserom, møterom). */
  lokalkategori1: ore,
  /** Per hour, medium rooms (80–199 m²: kantine, selskapslokale). */
  lokalkategori2: ore,
  /** Per hour, large rooms (200 m² and more: gymsal, aula, storsal). */
  lokalkategori3: ore,
  /** Once per semester loan. */
  etableringSemesterlan: ore,
  /** Once per single booking. */
  etableringEngangsutleie: ore,
  /** Per hour with a tilsynsvakt (supervisor) present. */
  timeTilsynsvakt: ore,
  /** Per hour of extra cleaning; billed afterwards by time used, so it is a unit price, not in the total. */
  timeEkstraRenhold: ore,
});
export type CostBasedPrices = z.infer<typeof costBasedPrices>;
export const costBasedPriceFields = Object.keys(costBasedPrices.shape) as (keyof CostBasedPrices)[];

/** GET /api/selvkost/prices/{locationId}. 404 { msg: 'Could not find selvkost prices' } when none. */
export const selvkostPricesResponse = costBasedPrices.extend({ locationId: z.number().int() });
export type SelvkostPricesResponse = z.infer<typeof selvkostPricesResponse>;
export const SELVKOST_NOT_FOUND = 'Could not find selvkost prices';

export const lokalkategorier = [1, 2, 3] as const;
export type Lokalkategori = (typeof lokalkategorier)[number];

/**
 * The price category of a room by its floor area. The municipality's categories group rooms by
 * size; a room without a recorded area counts as the smallest category (the cheapest for the
 * applicant), and the calculation shows the category so the administrator can adjust the price.
 */
export function lokalkategoriOf(squareMeters: number | null): Lokalkategori {
  if (squareMeters === null || squareMeters < 80) return 1;
  return squareMeters < 200 ? 2 : 3;
}

export interface SelvkostReservation {
  bookableAssetId: number;
  roomName: string;
  squareMeters: number | null;
  /** YYYY-MM-DD */
  date: string;
  durationMinutes: number;
}

export interface SelvkostInput {
  prices: CostBasedPrices;
  /** The booking's active reservations (UNPROCESSED and APPROVED). */
  reservations: readonly SelvkostReservation[];
  durationType: BookingDurationType;
  hasTilsynsvakt: boolean;
  tilsynsvaktWeekdays: readonly DayOfWeek[];
}

export const selvkostLine = z.object({
  kind: z.enum(['ROOM', 'ETABLERING', 'TILSYNSVAKT']),
  description: z.string(),
  /** Hours (two decimals) for hour prices; 1 for etablering. */
  quantity: z.number(),
  unitPriceOre: z.number().int(),
  amountOre: z.number().int(),
});
export type SelvkostLine = z.infer<typeof selvkostLine>;

export const selvkostCalculation = z.object({
  lines: z.array(selvkostLine),
  totalOre: z.number().int(),
  /** Unit price of extra cleaning, billed afterwards by time used. */
  ekstraRenholdPerHourOre: z.number().int(),
});
export type SelvkostCalculation = z.infer<typeof selvkostCalculation>;

/** GET /api/selvkost/calculation?locationId&bookingId (optional hasTilsynsvakt, tilsynsvaktWeekdays). */
export const selvkostCalculationResponse = selvkostCalculation.extend({
  locationId: z.number().int(),
  bookingId: z.number().int(),
  prices: costBasedPrices,
});
export type SelvkostCalculationResponse = z.infer<typeof selvkostCalculationResponse>;

const rounded = (minutes: number, unitPriceOre: number) => Math.round((minutes * unitPriceOre) / 60);

/**
 * The cost-based price of a booking: hours per price category of its rooms, the one-off etablering
 * (semester loan or single booking), and supervision hours on the chosen weekdays. Each line is
 * rounded to whole øre, the total is the sum of the lines.
 */
export function calculateSelvkost(input: SelvkostInput): SelvkostCalculation {
  const { prices } = input;
  const minutesByCategory = new Map<Lokalkategori, { minutes: number; rooms: Set<string> }>();
  for (const r of input.reservations) {
    const category = lokalkategoriOf(r.squareMeters);
    const entry = minutesByCategory.get(category) ?? { minutes: 0, rooms: new Set<string>() };
    entry.minutes += r.durationMinutes;
    entry.rooms.add(r.roomName);
    minutesByCategory.set(category, entry);
  }
  const lines: SelvkostLine[] = [];
  for (const category of lokalkategorier) {
    const entry = minutesByCategory.get(category);
    if (!entry) continue;
    const unit = prices[`lokalkategori${category}`];
    lines.push({
      kind: 'ROOM',
      description: `Lokalkategori ${category} (${[...entry.rooms].sort((a, b) => a.localeCompare(b, 'nb')).join(', ')})`,
      quantity: hours(entry.minutes),
      unitPriceOre: unit,
      amountOre: rounded(entry.minutes, unit),
    });
  }
  const semester = input.durationType === 'SEMESTERLOAN';
  const etablering = semester ? prices.etableringSemesterlan : prices.etableringEngangsutleie;
  lines.push({
    kind: 'ETABLERING',
    description: semester ? 'Etablering, semesterlån' : 'Etablering, engangsutleie',
    quantity: 1,
    unitPriceOre: etablering,
    amountOre: etablering,
  });
  if (input.hasTilsynsvakt && input.tilsynsvaktWeekdays.length > 0) {
    const weekdays = new Set(input.tilsynsvaktWeekdays.map((d) => daysOfWeek.indexOf(d) + 1));
    const minutes = input.reservations.filter((r) => weekdays.has(isoWeekday(r.date))).reduce((sum, r) => sum + r.durationMinutes, 0);
    lines.push({
      kind: 'TILSYNSVAKT',
      description: 'Tilsynsvakt',
      quantity: hours(minutes),
      unitPriceOre: prices.timeTilsynsvakt,
      amountOre: rounded(minutes, prices.timeTilsynsvakt),
    });
  }
  return { lines, totalOre: lines.reduce((sum, l) => sum + l.amountOre, 0), ekstraRenholdPerHourOre: prices.timeEkstraRenhold };
}

function hours(minutes: number): number {
  return Math.round((minutes / 60) * 100) / 100;
}

/** '1 234,50 kr' — Norwegian grouping with a plain space, so documents hash the same on every server. */
export function formatKroner(ore: number): string {
  const sign = ore < 0 ? '-' : '';
  const abs = Math.abs(Math.round(ore));
  const kroner = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${sign}${kroner},${String(abs % 100).padStart(2, '0')} kr`;
}
