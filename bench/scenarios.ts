import pg from 'pg';
import { addDays, isoWeekday } from '@lokaler/domain/scheduling/calendar-date';
import { SEARCH_DAYS_AHEAD } from '@lokaler/domain/scheduling/booking-window';

/**
 * What the benchmark asks (decision 006): the searches over every room, one room's series and week, and
 * the location list. Dates are relative to today, like a person's searches; the room is the one with
 * the most reservations in the coming year among those that lend series to the public.
 */

export interface Scenario {
  name: string;
  title: string;
  path: string;
  /** Concurrent connections of each load run (several runs, e.g. one connection and ten). */
  connections: number[];
  /**
   * Uncached scenarios: the next request's path, a question not asked before in this process (so no
   * kept answer serves it, ADR 023); `path` is then the first one's. Absent: every request asks `path`.
   */
  next?: () => string;
}

/** Durations the uncached searches vary (with the dates): 45 minutes to 2½ hours, by quarter hours. */
const DURATIONS = ['PT45M', 'PT1H', 'PT1H15M', 'PT1H30M', 'PT1H45M', 'PT2H', 'PT2H15M', 'PT2H30M'];

/**
 * Distinct questions: request i asks `question(offset, duration)` with offset i mod `offsets` and the
 * duration after every `offsets` requests, so offsets × 8 requests ask no question twice. The search
 * keeps 64 answers (least recently used out first): beyond that, a question asked again was dropped.
 */
function distinct(offsets: number, question: (offset: number, duration: string) => string): { path: string; next: () => string } {
  let i = 0;
  const at = (n: number) => question(n % offsets, DURATIONS[Math.floor(n / offsets) % DURATIONS.length] ?? 'PT1H');
  return { path: at(0), next: () => at(i++) };
}

const weekdays = 'daysOfWeek=MONDAY&daysOfWeek=TUESDAY&daysOfWeek=WEDNESDAY&daysOfWeek=THURSDAY&daysOfWeek=FRIDAY';

export async function buildScenarios(databaseUrl: string, today: string): Promise<Scenario[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let room: number;
  try {
    const { rows } = await client.query<{ id: number }>(
      `
      select r.bookable_asset_id as id from reservations r
      join bookable_assets a on a.id = r.bookable_asset_id join locations l on l.id = a.location_id
      where a.status = 'PUBLISHED' and l.status = 'PUBLISHED' and a.allow_repeated_bookings_for_public_user
        and l.allow_repeated_bookings_for_public_user and l.behandlingstid = 0
        and r.status in ('UNPROCESSED', 'APPROVED') and r.date between $1::date and $1::date + 365
      group by 1 order by count(*) desc, 1 limit 1`,
      [today],
    );
    if (!rows[0]) throw new Error('No published room with reservations: generate the data set first');
    room = rows[0].id;
  } finally {
    await client.end();
  }
  const tomorrow = addDays(today, 1);
  const yearLater = addDays(tomorrow, 364);
  const weekAhead = addDays(today, 7);
  const monday = addDays(weekAhead, 1 - isoWeekday(weekAhead));
  const recurring = `from=${tomorrow}&to=${yearLater}&duration=PT1H&repetition=WEEKLYONWEEKDAY&daysOfWeek=TUESDAY&daysOfWeek=THURSDAY`;
  return [
    {
      name: 'search-single',
      title: 'Search, one date, all rooms, kept (one question repeated)',
      path: `/api/search/assets?date=${weekAhead}&duration=PT1H`,
      connections: [1, 10],
    },
    {
      name: 'search-recurring',
      title: 'Search, weekly Tue+Thu for a year, all rooms, kept',
      path: `/api/search/assets/repeating?${recurring}`,
      connections: [1, 10],
    },
    {
      name: 'search-worst',
      title: 'Search, Mon–Fri for 1.5 years, all rooms, kept',
      path: `/api/search/assets/repeating?from=${tomorrow}&to=${addDays(today, SEARCH_DAYS_AHEAD)}&duration=PT1H&repetition=WEEKLYONWEEKDAY&${weekdays}`,
      connections: [1, 10],
    },
    // The same searches, each request a question not asked before (another date or start, another
    // duration): what a search costs when no kept answer serves it (decision 049).
    {
      name: 'search-single-uncached',
      title: 'Search, one date, all rooms, uncached (each request another date or duration)',
      // Tomorrow and the 539 days after it, times 8 durations: 4,320 questions.
      ...distinct(540, (offset, duration) => `/api/search/assets?date=${addDays(tomorrow, offset)}&duration=${duration}`),
      connections: [1, 10],
    },
    {
      name: 'search-recurring-uncached',
      title: 'Search, weekly Tue+Thu for a year, all rooms, uncached (each request another start or duration)',
      // Starting tomorrow or up to 179 days later (the year still within the search's 548 days): 1,440 questions.
      ...distinct(
        180,
        (offset, duration) =>
          `/api/search/assets/repeating?from=${addDays(tomorrow, offset)}&to=${addDays(yearLater, offset)}&duration=${duration}&repetition=WEEKLYONWEEKDAY&daysOfWeek=TUESDAY&daysOfWeek=THURSDAY`,
      ),
      connections: [1, 10],
    },
    {
      name: 'search-worst-uncached',
      title: 'Search, Mon–Fri for 1.5 years, all rooms, uncached (each request another start or duration)',
      // Starting tomorrow or up to 13 days later (at most 2.5 % fewer dates), to today + 548: 112 questions.
      ...distinct(
        14,
        (offset, duration) =>
          `/api/search/assets/repeating?from=${addDays(tomorrow, offset)}&to=${addDays(today, SEARCH_DAYS_AHEAD)}&duration=${duration}&repetition=WEEKLYONWEEKDAY&${weekdays}`,
      ),
      connections: [1, 10],
    },
    {
      name: 'timeseries',
      title: `availabletimeseries, one room (${room}), Tue+Thu for a year`,
      path: `/api/bookableasset/availabletimeseries?bookableAssetId=${room}&${recurring}`,
      connections: [10],
    },
    {
      name: 'schedule',
      title: `GET /api/schedule, one room-week (${room})`,
      path: `/api/schedule?bookableAssetIds=${room}&fromInclusive=${monday}&toInclusive=${addDays(monday, 6)}`,
      connections: [50],
    },
    // The same answer computed on every request (ADR 008): an anonymous caller's reservationIdsToIgnore
    // are dropped, but the route does not use the kept answers for them. What a request costs when
    // the room has just changed.
    {
      name: 'schedule-uncached',
      title: `GET /api/schedule, one room-week (${room}), not kept`,
      path: `/api/schedule?bookableAssetIds=${room}&fromInclusive=${monday}&toInclusive=${addDays(monday, 6)}&reservationIdsToIgnore=1`,
      connections: [50],
    },
    { name: 'locations', title: 'GET /api/location', path: '/api/location', connections: [50] },
  ];
}
