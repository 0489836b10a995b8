import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingStatuses } from '@lokaler/domain/booking';
import { publicLocationTypes } from '@lokaler/domain/location';
import { reservationStatuses } from '@lokaler/domain/reservation';
import { testAdmins, testCitizens } from './test-users';
import { createTestDatabase, truncateAll } from '../../test/test-db';
import { queryRows, type Database } from '../db/client';
import { districts } from './districts';
import { storeDemoContracts } from './store-demo-contracts';
import { seedDemoDataIfEmpty } from './index';

const today = '2031-03-20';
const count = async (database: Database, query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(database.db, query))[0]!.n;

describe('demo data', () => {
  let database: Database;
  let seconds: number;
  let cpuSeconds: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    const started = performance.now();
    const cpu = process.cpuUsage();
    expect(await seedDemoDataIfEmpty(database.db, { today, storeApprovedDocuments: storeDemoContracts })).toBe(true);
    const used = process.cpuUsage(cpu);
    cpuSeconds = (used.user + used.system) / 1e6;
    seconds = (performance.now() - started) / 1000;
  });
  afterAll(() => database.close());

  it('loads in a few seconds and only once', async () => {
    // The bound is on this process's CPU time (on PGlite the database's work too: it runs in this process), which a
    // busy machine does not stretch the way it does the wall time (decision 072); the wall time only has to stay sane.
    expect(cpuSeconds).toBeLessThan(8);
    expect(seconds).toBeLessThan(60);
    expect(await seedDemoDataIfEmpty(database.db, { today })).toBe(false);
    expect(await count(database, sql`select count(*)::int as n from locations where name = 'Oslo rådhus'`)).toBe(1);
  });

  it('has every district with published locations of every type, and the town hall in Sentrum', async () => {
    const perDistrict = await queryRows<{ id: string; n: number }>(
      database.db,
      sql`
      select g.id, count(l.id)::int as n from geographic_areas g
      left join locations l on l.geographic_area_id = g.id and l.status = 'PUBLISHED' and l.display_in_portal
      where g.id <> 'unknown' group by g.id`,
    );
    expect(perDistrict.map((d) => d.id).sort()).toEqual(districts.map((d) => d.id).sort());
    expect(perDistrict.filter((d) => d.n === 0)).toEqual([]);
    expect(
      await count(database, sql`select count(*)::int as n from locations where status = 'PUBLISHED' and display_in_portal`),
    ).toBeGreaterThanOrEqual(60);
    const types = await queryRows<{ t: string }>(
      database.db,
      sql`select distinct public_location_type::text as t from locations where status = 'PUBLISHED'`,
    );
    expect(types.map((r) => r.t).sort()).toEqual([...publicLocationTypes].sort());
    const [townHall] = await queryRows<{ area: string; type: string; status: string }>(
      database.db,
      sql`
      select geographic_area_id as area, public_location_type::text as type, status::text as status from locations where name = 'Oslo rådhus'`,
    );
    expect(townHall).toEqual({ area: 'sentrum', type: 'WEDDINGS', status: 'PUBLISHED' });
    for (const status of ['UNPUBLISHED', 'DELETED']) {
      expect(await count(database, sql`select count(*)::int as n from locations where status = ${status}`)).toBeGreaterThan(0);
    }
  });

  it('has at least 300 rooms, each with a type, a flow, a capacity, purposes and accessibility tags', async () => {
    expect(await count(database, sql`select count(*)::int as n from bookable_assets`)).toBeGreaterThanOrEqual(300);
    expect(
      await count(
        database,
        sql`select count(*)::int as n from bookable_assets where asset_type_id is null or booking_flow_id is null or capacity is null`,
      ),
    ).toBe(0);
    for (const type of ['purpose', 'uu']) {
      expect(
        await count(
          database,
          sql`select count(*)::int as n from bookable_assets a where not exists (
        select 1 from asset_tags at join tags t on t.id = at.tag_id where at.bookable_asset_id = a.id and t.tag_type = ${type})`,
        ),
      ).toBe(0);
    }
    const themes = await queryRows<{ theme: string }>(
      database.db,
      sql`select distinct f.theme::text as theme from bookable_assets a join booking_flows f on f.id = a.booking_flow_id`,
    );
    expect(themes.map((t) => t.theme).sort()).toEqual(['bicycle', 'default', 'school', 'wedding']);
    expect(
      await count(
        database,
        sql`select count(*)::int as n from locations l where status = 'PUBLISHED' and not exists (select 1 from opening_hours o where o.location_id = l.id)`,
      ),
    ).toBe(0);
    expect(await count(database, sql`select count(*)::int as n from opening_hours where bookable_asset_id is not null`)).toBeGreaterThan(0);
    expect(await count(database, sql`select count(*)::int as n from closed_dates`)).toBeGreaterThan(0);
    // Closed days come as ranges the administrator sees (decision 015): each day inside its range, each range's days all there.
    expect(
      await count(
        database,
        sql`select count(*)::int as n from closed_dates c left join closed_date_ranges r on r.id = c.range_id
      where r.id is null or r.location_id <> c.location_id or c.date not between r.from_date and r.to_date`,
      ),
    ).toBe(0);
    expect(
      await count(
        database,
        sql`select count(*)::int as n from closed_date_ranges r
      where (select count(*) from closed_dates c where c.range_id = r.id) <> r.to_date - r.from_date + 1`,
      ),
    ).toBe(0);
    expect(await count(database, sql`select count(*)::int as n from closed_date_ranges where to_date > from_date`)).toBeGreaterThan(0);
    expect(await count(database, sql`select count(*)::int as n from blocked_times`)).toBeGreaterThan(0);
  });

  it('sets the booking rules of spec 01 §3 on some locations', async () => {
    const [rules] = await queryRows<Record<string, number>>(
      database.db,
      sql`select
      count(*) filter (where behandlingstid > 0)::int as behandlingstid,
      count(*) filter (where min_booking_duration_minutes is not null)::int as min_duration,
      count(*) filter (where max_one_timeslot_per_booking_for_public_user)::int as max_one,
      count(*) filter (where require_contract)::int as contract,
      count(*) filter (where enable_vedtak)::int as vedtak,
      count(*) filter (where external_url is not null)::int as external
      from locations where status = 'PUBLISHED'`,
    );
    for (const value of Object.values(rules!)) expect(value).toBeGreaterThan(0);
  });

  it('has bookings in every booking status and reservations in every reservation status, all in the future for active ones', async () => {
    const statuses = await queryRows<{ s: string }>(database.db, sql`select distinct status::text as s from bookings`);
    expect(statuses.map((r) => r.s).sort()).toEqual([...bookingStatuses].sort());
    const reservationStates = await queryRows<{ s: string }>(database.db, sql`select distinct status::text as s from reservations`);
    expect(reservationStates.map((r) => r.s).sort()).toEqual([...reservationStatuses].sort());
    expect(
      await count(
        database,
        sql`select count(*)::int as n from reservations where status in ('UNPROCESSED','APPROVED') and date <= ${today}::date`,
      ),
    ).toBe(0);
    expect(
      await count(
        database,
        sql`select count(*)::int as n from bookings b where not exists (select 1 from reservations r where r.booking_id = b.id)`,
      ),
    ).toBe(0);
    expect(
      await count(
        database,
        sql`select count(*)::int as n from bookings b where not exists (select 1 from change_log c where c.booking_id = b.id)`,
      ),
    ).toBe(0);
  });

  it('has a semester round past its deadline whose clubs clash in the gym (decision 029)', async () => {
    const [round] = await queryRows<{ id: number; status: string; deadline: string; semester_start: string }>(
      database.db,
      sql`
      select id, status::text as status, deadline::text as deadline, semester_start::text as semester_start from application_rounds`,
    );
    expect(round).toMatchObject({ status: 'OPEN' });
    expect(round!.deadline < today && today < round!.semester_start).toBe(true);
    const wishes = await queryRows<{
      booking_id: number;
      weekday: number;
      start_minute: number;
      end_minute: number;
      date_count: number;
      dates: number;
    }>(
      database.db,
      sql`
      select w.booking_id, w.weekday, w.start_minute, w.end_minute, w.date_count,
        (select count(*)::int from reservations r where r.booking_id = w.booking_id and r.status = 'IN_ROUND') as dates
      from round_wishes w where w.round_id = ${round!.id} order by w.start_minute`,
    );
    expect(wishes).toHaveLength(4);
    for (const w of wishes) expect(w).toMatchObject({ weekday: 2, date_count: w.dates });
    const clashing = wishes.filter((a) => wishes.some((b) => b !== a && a.start_minute < b.end_minute && b.start_minute < a.end_minute));
    expect(clashing.length).toBe(3);
  });

  it('gives Kari an unprocessed, an approved-with-unsigned-contract, a rejected-with-message and a cancelled booking', async () => {
    const kari = testCitizens[0]!;
    const rows = await queryRows<{ status: string; unsigned: boolean; messages: number }>(
      database.db,
      sql`
      select b.status::text as status,
        exists(select 1 from requirements q where q.booking_id = b.id and q.type = 'CONTRACT' and not q.is_fulfilled) as unsigned,
        (select count(*)::int from decision_messages m where m.booking_id = b.id) as messages
      from bookings b join users u on u.id = b.user_id where u.sub = ${kari.sub}`,
    );
    expect(rows.some((r) => r.status === 'UNPROCESSED')).toBe(true);
    expect(rows.some((r) => r.status === 'APPROVED' && r.unsigned)).toBe(true);
    expect(rows.some((r) => r.status === 'REJECTED' && r.messages > 0)).toBe(true);
    expect(rows.some((r) => r.status === 'CANCELLED')).toBe(true);
    for (const citizen of testCitizens) {
      expect(await count(database, sql`select count(*)::int as n from users where sub = ${citizen.sub} and email = ${citizen.email}`)).toBe(
        1,
      );
    }
  });

  it('gives every approved booking that needs a contract the contract an administrator approved (what the applicant reads)', async () => {
    const rows = await queryRows<{ case_number: string; html: string | null; hash: string | null }>(
      database.db,
      sql`
      select b.case_number, d.html, d.hash from bookings b
      left join booking_documents d on d.booking_id = b.id and d.kind = 'CONTRACT' and d.revoked_at is null
      where b.status = 'APPROVED' and exists (select 1 from requirements q where q.booking_id = b.id and q.type = 'CONTRACT')`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const row of rows) {
      expect(row.html).toContain(`<h1>Kontrakt for lån og leie av lokale</h1><p>Saksnummer: ${row.case_number}</p>`);
      expect(row.hash).toBe(createHash('sha256').update(row.html!).digest('hex'));
    }
  });

  it('makes Siri, Jonas and Vigdis administer locations (Vigdis the town hall), Bente city-wide, and leaves Nora to be invited', async () => {
    const [siri, jonas, vigdis, bente, nora] = testAdmins;
    for (const admin of [siri!, jonas!, vigdis!]) {
      expect(
        await count(database, sql`select count(*)::int as n from location_admins where email = ${admin.email.toLowerCase()}`),
      ).toBeGreaterThan(0);
    }
    expect(
      await count(
        database,
        sql`select count(*)::int as n from location_admins where email in (${bente!.email.toLowerCase()}, ${nora!.email.toLowerCase()})`,
      ),
    ).toBe(0);
    expect(await count(database, sql`select count(*)::int as n from city_admins where email = ${bente!.email.toLowerCase()}`)).toBe(1);
    expect(await count(database, sql`select count(*)::int as n from city_admins`)).toBe(1);
    expect(
      await count(
        database,
        sql`select count(*)::int as n from location_admins a join locations l on l.id = a.location_id
      where l.name = 'Oslo rådhus' and a.email = ${testAdmins[2]!.email.toLowerCase()}`,
      ),
    ).toBe(1);
  });

  it('enables CONTACT_US and PORTAL_2_BETA', async () => {
    const rows = await queryRows<{ name: string; value: string }>(database.db, sql`select name, value from settings order by name`);
    expect(rows).toEqual([
      { name: 'CONTACT_US', value: 'ENABLED' },
      { name: 'PORTAL_2_BETA', value: 'ENABLED' },
    ]);
  });

  it('is deterministic: the same day gives the same data', async () => {
    const digest = async () =>
      (
        await queryRows<{ d: string }>(
          database.db,
          sql`select md5(
      (select string_agg(concat_ws('|', id, name, street_address, phone_number, status), ',' order by id) from locations) ||
      (select string_agg(concat_ws('|', id, location_id, name, capacity), ',' order by id) from bookable_assets) ||
      (select string_agg(concat_ws('|', booking_id, bookable_asset_id, date, start_time, duration_minutes, status), ',' order by id) from reservations)
    ) as d`,
        )
      )[0]!.d;
    const first = await digest();
    await truncateAll(database);
    expect(await seedDemoDataIfEmpty(database.db, { today })).toBe(true);
    expect(await digest()).toBe(first);
  }, 120_000); // Seeds a second time: the first test bounds its CPU, this one's time is only a busy machine's (decision 072).
});
