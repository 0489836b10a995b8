import { addDays, weekStart } from '@lokaler/domain/scheduling/calendar-date';

/**
 * The size of the city-scale data set (decision 006: at least 1,000 locations, 6,000 rooms — twice the
 * largest estimate of the city's rooms — and 1,000,000 reservations over two years).
 */
export interface CityShape {
  locations: number;
  rooms: number;
  /** Reservations to keep (the generator draws a few more and keeps this many, chosen by hash). */
  reservations: number;
  /** Monday the data starts on: 24 weeks before the week of `today`, so searches see history and future. */
  firstMonday: string;
  /** 106 weeks: two years, reaching past today + 548 days (the search's horizon). */
  weeks: number;
}

export const CITY_WEEKS = 106;
export const WEEKS_BEFORE_TODAY = 24;

/** The data set for a given today: the first Monday follows today, the sizes default to the issue's. */
export function cityShape(today: string, sizes: Partial<Pick<CityShape, 'locations' | 'rooms' | 'reservations'>> = {}): CityShape {
  return {
    locations: sizes.locations ?? 1000,
    rooms: sizes.rooms ?? 6000,
    reservations: sizes.reservations ?? 1_000_000,
    firstMonday: addDays(weekStart(today), -7 * WEEKS_BEFORE_TODAY),
    weeks: CITY_WEEKS,
  };
}

/**
 * The sizes at `scale` times decision 006's (decision 049): 10 is the national set (10,000 locations,
 * 60,000 rooms, 10,000,000 reservations), 0.01 the tiny city of the vitest project `bench`; at least one of each.
 */
export function scaledSizes(scale: number): Pick<CityShape, 'locations' | 'rooms' | 'reservations'> {
  if (!Number.isFinite(scale) || scale <= 0) throw new Error(`The scale must be a positive number, not ${scale}`);
  const scaled = (size: number) => Math.max(1, Math.round(size * scale));
  return { locations: scaled(1000), rooms: scaled(6000), reservations: scaled(1_000_000) };
}
