import { sql } from 'drizzle-orm';
import type { OpeningHoursBody } from '@lokaler/domain/opening-hours';
import { addDays, isoWeekday } from '@lokaler/domain/scheduling/calendar-date';
import { todayInOslo } from '@lokaler/domain/scheduling/oslo-clock';
import type { ScheduleResponse } from '@lokaler/domain/scheduling/schedule-query';
import type { SearchAssetsResponse } from '@lokaler/domain/search-request';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, queryRows } from '../apps/server/src/db/client';
import { testAdmins } from '../apps/server/src/seed/test-users';
import { signAccessToken } from '../apps/server/test/access-tokens';
import { cityDatabaseUrl, onBenchServer } from './bench-database';
import { percentile } from './percentile';

/**
 * The target for opening hours at city scale (6,000 rooms, 1,000,000 reservations): the p95 of
 * saving a location's opening hours (PUT /api/admin/location/{id}/openinghours, standard hours and a
 * seasonal period, one transaction with its audit entry) ≤ 200 ms, and the change visible in the very
 * next GET /api/schedule and city-wide search (each is checked against what the saved hours must give,
 * and timed: the first search after a change reads the portal's rooms again, ADR 007).
 *
 * The real app (buildApp, every module) on PostgreSQL over HTTP (keep-alive), in this process. The
 * data set is generate-city.ts's, in a database of its own (default lokaler_hours_bench, built when
 * missing, ~2–4 minutes, at --scale times the city's size, default 1; dropped at the end unless --keep).
 *
 *   npx tsx bench/opening-hours.ts [--saves=60] [--database=lokaler_hours_bench] [--scale=1] [--keep]
 */

const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const SAVES = Number(option('saves') ?? 60);
const WARM_UP = 5;
const DB_NAME = option('database') ?? 'lokaler_hours_bench';
const KEEP = process.argv.includes('--keep');

const show = (samples: readonly number[]) =>
  `p50 ${percentile(samples, 50).toFixed(1)} ms, p95 ${percentile(samples, 95).toFixed(1)} ms, max ${Math.max(...samples).toFixed(1)} ms (n=${samples.length})`;

const url = await cityDatabaseUrl(DB_NAME, 'opening-hours', option('scale') ?? '1');

const database = await openDatabase({ engine: 'postgres', url });
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '0', DATABASE_URL: url });
const app = await buildApp({ config, database, logger: false, jobs: { run: false } });
try {
  await app.ready();
  const db = database.db;
  const today = todayInOslo(new Date());
  // The published location with the most published rooms that lend single times to the public, and its busiest such room.
  const [venue] = await queryRows<{ locationId: number; name: string; rooms: number; roomId: number }>(
    db,
    sql`
    select l.id as "locationId", l.name, count(*)::int as rooms, min(a.id) as "roomId"
    from locations l join bookable_assets a on a.location_id = l.id and a.status = 'PUBLISHED'
    where l.status = 'PUBLISHED' and l.display_in_portal and l.behandlingstid <= 14 and l.allow_single_bookings_for_public_user
      and a.allow_single_bookings_for_public_user
    group by l.id order by count(*) desc, l.id limit 1`,
  );
  if (!venue) throw new Error('no published location lends single times');
  // A Tuesday–Thursday 3–8 weeks ahead on which the location is not closed: the period's test date.
  const candidates = Array.from({ length: 36 }, (_, i) => addDays(today, 21 + i)).filter((d) => [2, 3, 4].includes(isoWeekday(d)));
  const closed = new Set(
    (await queryRows<{ date: string }>(db, sql`select date::text as date from closed_dates where location_id = ${venue.locationId}`)).map(
      (r) => r.date,
    ),
  );
  const day = candidates.find((d) => !closed.has(d));
  if (!day) throw new Error('no open weekday found');
  const weekday = isoWeekday(day);

  // Bente is a city-wide administrator, as in the demo; her token is the local provider's shape for the admin client.
  await db.execute(sql`insert into city_admins (email) values (${testAdmins[3]!.email.toLowerCase()}) on conflict do nothing`);
  const token = await signAccessToken(app, {
    claims: {
      sub: testAdmins[3]!.sub,
      client_id: app.config.oidc.adminClientId,
      name: 'Bente Byadmin',
      email: testAdmins[3]!.email,
      acr: undefined,
      pid: undefined,
    },
  });

  const standard = [1, 2, 3, 4, 5].map((w) => ({ weekday: w, opens: '16:00', closes: '22:00' }));
  // Two bodies the saves alternate between: the period around `day` opens it all day, or closes it.
  const open: OpeningHoursBody = {
    standard,
    periods: [
      { name: 'Sommer', fromDate: addDays(day, -7), toDate: addDays(day, 7), hours: [{ weekday, opens: '00:00', closes: '24:00' }] },
    ],
  };
  const shut: OpeningHoursBody = {
    standard: [...standard, { weekday: 6, opens: '10:00', closes: '14:00' }],
    periods: [
      { name: 'Sommer', fromDate: addDays(day, -7), toDate: addDays(day, 7), hours: [{ weekday: 1, opens: '09:00', closes: '12:00' }] },
    ],
  };

  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const timed = async <T>(run: () => Promise<T>): Promise<[T, number]> => {
    const started = performance.now();
    const value = await run();
    return [value, performance.now() - started];
  };
  const request = async (method: string, pathname: string, body?: unknown) => {
    const res = await fetch(`${base}${pathname}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${method} ${pathname} answered ${res.status}: ${text}`);
    return JSON.parse(text) as unknown;
  };
  const schedulePath = `/api/schedule?bookableAssetIds=${venue.roomId}&fromInclusive=${day}&toInclusive=${day}`;
  const searchPath = `/api/search/assets?date=${day}&duration=PT1H`;

  const saves: number[] = [];
  const schedules: number[] = [];
  const searches: number[] = [];
  const warmSearches: number[] = [];
  let wrong = 0;
  for (let i = 0; i < WARM_UP + SAVES; i++) {
    const body = i % 2 === 0 ? open : shut;
    const [, save] = await timed(() => request('PUT', `/api/admin/location/${venue.locationId}/openinghours`, body));
    // The very next requests must obey the saved hours: all day (96 slots, the room free for an hour
    // somewhere) or closed (no slot, the room not available).
    const [schedule, scheduleMs] = await timed(async () => (await fetch(`${base}${schedulePath}`)).json() as Promise<ScheduleResponse>);
    const [search, searchMs] = await timed(async () => (await fetch(`${base}${searchPath}`)).json() as Promise<SearchAssetsResponse>);
    // The same search again, its kept rooms now current: what the reload above cost is the difference.
    const [, warmMs] = await timed(async () => (await fetch(`${base}${searchPath}`)).json() as Promise<SearchAssetsResponse>);
    const slots = schedule[0]?.timeslotsByDate[day]?.length ?? -1;
    const found = search.available.some((h) => h.bookableAssetId === venue.roomId);
    const expected = body === open ? { slots: 96, found: true } : { slots: 0, found: false };
    if (slots !== expected.slots || found !== expected.found) {
      wrong++;
      console.log(`[opening-hours] save ${i}: expected ${JSON.stringify(expected)}, got ${JSON.stringify({ slots, found })}`);
    }
    if (i >= WARM_UP) {
      saves.push(save);
      schedules.push(scheduleMs);
      searches.push(searchMs);
      warmSearches.push(warmMs);
    }
  }

  const [counts] = await queryRows<{ rooms: number; reservations: number }>(
    db,
    sql`select (select count(*) from bookable_assets)::int as rooms, (select count(*) from reservations)::int as reservations`,
  );
  console.log(
    `[opening-hours] ${counts!.rooms} rooms, ${counts!.reservations} reservations; location '${venue.name}' (${venue.rooms} rooms), room ${venue.roomId}, period around ${day}`,
  );
  console.log(
    `[opening-hours] PUT openinghours (standard + a period, audit, one transaction): ${show(saves)} — target p95 ≤ 200 ms: ${percentile(saves, 95) <= 200 ? 'met' : 'NOT met'}`,
  );
  console.log(`[opening-hours] the next GET /api/schedule (1 room-day): ${show(schedules)}`);
  console.log(`[opening-hours] the next city-wide search (rooms read again): ${show(searches)}`);
  console.log(`[opening-hours] the same search once more (rooms kept): ${show(warmSearches)}`);
  console.log(`[opening-hours] change visible in the next schedule and search: ${WARM_UP + SAVES - wrong}/${WARM_UP + SAVES} saves`);
  if (wrong > 0) process.exitCode = 1;
} finally {
  await app.close();
  await database.close();
  if (!KEEP) await onBenchServer(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
}
