import { testAdmins } from '../../apps/server/src/seed/test-users';
import { literal } from '../city/sql-literal';

/**
 * Decision 031's data for bench/rounds.ts: one semester round whose deadline has passed, with its
 * applications as the app writes them (decision 029), in set-based SQL. Every "random" choice is
 * bench.u(key), a hash of a fixed key, so one shape and one day give the same rows.
 *
 * - `locations` schools (60) with 5 rooms each (300), open 08:00–22:00 Monday–Friday; Siri
 *   (testAdmins[0]) administers every one of them, Bente (testAdmins[3]) is a city-wide administrator;
 * - the round: application period from today − 60 to today − 2 (the deadline has passed), the
 *   semester 20 weeks from the first Monday at least five weeks ahead, every location in it;
 * - `applications` (2,000) semester applications (SEMESTERLOAN, UNPROCESSED), nine in ten from one
 *   of 700 organisations, with form answers (activity, participants, age group); each has one wish,
 *   half of them a second one (another weekday, mostly the same room and time); each wish is a
 *   weekly time 17:00–20:00 on the quarter hour, 60–120 minutes, over 16–20 weeks of the semester,
 *   kept as one round_wishes row and one IN_ROUND reservation per date. Locations with low ids,
 *   the gym and the hall, and Monday–Thursday are wanted most, so popular evenings are contested;
 * - busy time outside the round: about one room-weekday in eight has an active weekly booking over
 *   the whole semester (16:00, 18:00 or 20:30, 90 minutes; four in five APPROVED, the rest UNPROCESSED);
 * - earlier use: about 900 APPROVED weekly bookings of the organisations last year (16 weeks from
 *   the semester's start − 52 weeks, at 16:00, 18:00 or 20:00), a tenth REJECTED, for earlierUseHours.
 */

export interface RoundShape {
  today: string;
  locations: number;
  applications: number;
  applicationStart: string;
  deadline: string;
  semesterStart: string;
  semesterEnd: string;
}

export const ROOMS_PER_LOCATION = 5;
export const SEMESTER_WEEKS = 20;
export const ORGANISATIONS = 700;
/** Users 1…ORGANISATIONS are the organisations' contacts, the next PRIVATE_APPLICANTS apply for themselves. */
export const PRIVATE_APPLICANTS = 300;
export const ROUND_ID = 1;
export const locationAdmin = testAdmins[0]!;
export const cityAdmin = testAdmins[3]!;

const roomNames = ['Gymsal', 'Aula', 'Klasserom 1', 'Musikkrom', 'Kantine'];
const activities = ['Fotball', 'Håndball', 'Basket', 'Korps', 'Kor', 'Turn', 'Dans', 'Sjakk', 'Innebandy', 'Volleyball', 'Teater', 'Yoga'];
const organisationKinds = ['IL', 'Skolekorps', 'Kor', 'Sjakklubb', 'Dansegruppe', 'Basketklubb', 'Turnforening', 'Speidergruppe'];
const ageGroups = ['CHILDREN', 'CHILDREN', 'YOUTH', 'YOUTH', 'ADULTS', 'ALL'];

const array = (values: readonly (string | number)[]) =>
  `array[${values.map((v) => (typeof v === 'number' ? String(v) : literal(v))).join(', ')}]`;

export function roundDataSql(shape: RoundShape): Array<{ label: string; sql: string }> {
  const L = shape.locations;
  const A = shape.applications;
  const S = `${literal(shape.semesterStart)}::date`;
  const pick = (values: readonly (string | number)[], key: string) =>
    `(${array(values)})[1 + floor(bench.u(${key}) * ${values.length})::int]`;
  const org = (o: string) => `(910000000 + ${o})::text`;
  const orgName = (o: string) => `'Rundeby ' || ${pick(organisationKinds, `${o} * 13 + 1`)} || ' ' || (${o} + 1)`;
  return [
    {
      label: 'helpers, places, opening hours, administrators, applicants',
      sql: `
        create schema bench;
        create function bench.u(k bigint) returns float8 language sql immutable parallel safe
          as $$ select (hashint8(k) & 2147483647)::float8 / 2147483648.0 $$;
        insert into geographic_areas (id, name) values ('bench-rundeby', 'Rundeby') on conflict do nothing;
        insert into locations (id, name, status, public_location_type, filter_category, geographic_area_id, street_address, post_code, city)
          select i, 'Rundeby skole ' || i, 'PUBLISHED', 'SCHOOLS', 'SCHOOLS', 'bench-rundeby', 'Skoleveien ' || i, '0450', 'Oslo'
          from generate_series(1, ${L}) i;
        insert into bookable_assets (id, location_id, name, capacity)
          select (i - 1) * ${ROOMS_PER_LOCATION} + j, i, (${array(roomNames)})[j], (${array([200, 150, 30, 25, 80])})[j]
          from generate_series(1, ${L}) i, generate_series(1, ${ROOMS_PER_LOCATION}) j;
        insert into opening_hours (location_id, weekday, opens, closes)
          select i, d, '08:00', '22:00' from generate_series(1, ${L}) i, generate_series(1, 5) d;
        insert into location_admins (location_id, email) select i, ${literal(locationAdmin.email.toLowerCase())} from generate_series(1, ${L}) i;
        insert into city_admins (email) values (${literal(cityAdmin.email.toLowerCase())});
        insert into users (id, sub, name, email)
          select i, 'bench-applicant-' || i, case when i <= ${ORGANISATIONS} then 'Kontakt ' || i else 'Privat søker ' || i end, 'soker' || i || '@example.no'
          from generate_series(1, ${ORGANISATIONS + PRIVATE_APPLICANTS}) i;
        insert into application_rounds (id, name, application_start, deadline, semester_start, semester_end, status, created_at)
          values (${ROUND_ID}, ${literal(`Semesterrunde ${shape.semesterStart.slice(0, 7)}`)}, ${literal(shape.applicationStart)}, ${literal(shape.deadline)},
            ${S}, ${literal(shape.semesterEnd)}, 'OPEN', ${literal(shape.applicationStart)}::date - 14);
        insert into application_round_locations (round_id, location_id, semester_start, semester_end)
          select ${ROUND_ID}, i, ${S}, ${literal(shape.semesterEnd)} from generate_series(1, ${L}) i;`,
    },
    {
      label: `${A.toLocaleString('en')} applications, their wishes`,
      sql: `
        -- One row per application: where, who, which weeks (first 0–2, last 17–19: 16–20 dates per wish).
        create table bench.apps as
          select k, 1 + floor(power(bench.u(k * 17 + 1), 1.3) * ${L})::int as location_id,
            case when bench.u(k * 17 + 2) < 0.9 then floor(bench.u(k * 17 + 3) * ${ORGANISATIONS})::int end as org,
            floor(bench.u(k * 17 + 4) * 3)::int as first_week, 17 + floor(bench.u(k * 17 + 5) * 3)::int as last_week,
            bench.u(k * 17 + 6) < 0.5 as two_wishes,
            ${pick([1, 1, 1, 1, 2, 2, 3, 3, 4, 5], 'k * 17 + 7')} as room1,
            case when bench.u(k * 17 + 8) < 0.7 then null else ${pick([1, 1, 2, 2, 3, 4, 5], 'k * 17 + 9')} end as room2,
            ${pick([1, 1, 2, 2, 2, 3, 3, 4, 4, 5], 'k * 17 + 10')} as weekday1,
            case when bench.u(k * 17 + 11) < 0.6 then 1020 + 60 * floor(bench.u(k * 17 + 12) * 4)::int
                 else 1020 + 15 * floor(bench.u(k * 17 + 12) * 13)::int end as start_minute,
            ${pick([60, 60, 75, 90, 90, 90, 105, 120, 120], 'k * 17 + 13')} as minutes,
            ${literal(shape.applicationStart)}::timestamptz + interval '1 minute' * floor(bench.u(k * 17 + 14) * 57 * 24 * 60) as created_at
          from generate_series(1, ${A}) k;
        create table bench.wishes as
          select a.k, a.location_id, (a.location_id - 1) * ${ROOMS_PER_LOCATION} + a.room1 as room_id, a.weekday1 as weekday,
            a.start_minute, a.start_minute + a.minutes as end_minute, a.first_week, a.last_week
          from bench.apps a
          union all
          select a.k, a.location_id, (a.location_id - 1) * ${ROOMS_PER_LOCATION} + coalesce(a.room2, a.room1),
            (array[3, 4, 1, 2, 2])[a.weekday1], a.start_minute, a.start_minute + a.minutes, a.first_week, a.last_week
          from bench.apps a where a.two_wishes;
        insert into bookings (id, status, user_id, organization_number, organization_name, location_id, duration_type, case_number,
            created_at, updated_at, form_answers)
          select a.k, 'UNPROCESSED', case when a.org is null then ${ORGANISATIONS + 1} + floor(bench.u(a.k * 17 + 15) * ${PRIVATE_APPLICANTS})::int else a.org + 1 end,
            case when a.org is not null then ${org('a.org')} end, case when a.org is not null then ${orgName('a.org')} end,
            a.location_id, 'SEMESTERLOAN', 'BENCH-R-' || lpad(a.k::text, 5, '0'), a.created_at, a.created_at,
            jsonb_build_object('activity', ${pick(activities, 'a.k * 17 + 16')}, 'participants', 8 + floor(bench.u(a.k * 19 + 1) * 40)::int,
              'ageGroup', ${pick(ageGroups, 'a.k * 19 + 2')}, 'contactEmail', 'soker' || a.k || '@example.no')
          from bench.apps a;
        insert into round_wishes (round_id, booking_id, bookable_asset_id, weekday, start_minute, end_minute, date_count)
          select ${ROUND_ID}, k, room_id, weekday, start_minute, end_minute, last_week - first_week + 1 from bench.wishes;`,
    },
    {
      label: "the applications' IN_ROUND reservations",
      sql: `
        insert into reservations (booking_id, bookable_asset_id, date, start_time, duration_minutes, initial_repetition_date, status)
          select w.k, w.room_id, ${S} + week * 7 + w.weekday - 1, make_time(w.start_minute / 60, w.start_minute % 60, 0),
            w.end_minute - w.start_minute, f.first_date, 'IN_ROUND'
          from bench.wishes w
          join (select k, min(${S} + first_week * 7 + weekday - 1) as first_date from bench.wishes group by k) f using (k)
          cross join generate_series(w.first_week, w.last_week) week
          order by bench.u(w.k * 7 + 3), 3;`,
    },
    {
      label: 'busy time outside the round (active weekly bookings over the semester)',
      sql: `
        create table bench.busy as
          select ${A} + row_number() over (order by r, d) as id, r as room_id, (r - 1) / ${ROOMS_PER_LOCATION} + 1 as location_id, d as weekday,
            ${pick([960, 1080, 1230], 'r * 41 + d * 3 + 1')} as start_minute,
            case when bench.u(r * 41 + d * 3 + 2) < 0.8 then 'APPROVED' else 'UNPROCESSED' end as status,
            floor(bench.u(r * 41 + d * 3 + 3) * ${ORGANISATIONS})::int as org
          from generate_series(1, ${L * ROOMS_PER_LOCATION}) r, generate_series(1, 5) d
          where bench.u(r * 41 + d * 3) < 0.125;
        insert into bookings (id, status, user_id, organization_number, organization_name, location_id, duration_type, case_number, created_at, updated_at, form_answers)
          select id, status::booking_status, org + 1, ${org('org')}, ${orgName('org')}, location_id, 'SEMESTERLOAN', 'BENCH-B-' || lpad(id::text, 5, '0'),
            ${literal(shape.applicationStart)}::date - 60, ${literal(shape.applicationStart)}::date - 60, jsonb_build_object('activity', 'Fast leie')
          from bench.busy;
        insert into reservations (booking_id, bookable_asset_id, date, start_time, duration_minutes, initial_repetition_date, status)
          select b.id, b.room_id, ${S} + week * 7 + b.weekday - 1, make_time(b.start_minute / 60, b.start_minute % 60, 0), 90,
            ${S} + b.weekday - 1, b.status::reservation_status
          from bench.busy b cross join generate_series(0, ${SEMESTER_WEEKS - 1}) week;`,
    },
    {
      label: "earlier use (last year's weekly bookings of the organisations)",
      sql: `
        create table bench.earlier as
          select (select max(id) from bookings) + row_number() over (order by r, d, lane) as id, r as room_id,
            (r - 1) / ${ROOMS_PER_LOCATION} + 1 as location_id, d as weekday, 960 + 120 * lane as start_minute,
            ${pick([60, 90, 120], 'r * 43 + d * 5 + lane + 1')} as minutes,
            case when bench.u(r * 43 + d * 5 + lane + 2) < 0.9 then 'APPROVED' else 'REJECTED' end as status,
            floor(bench.u(r * 43 + d * 5 + lane + 3) * ${ORGANISATIONS})::int as org
          from generate_series(1, ${L * ROOMS_PER_LOCATION}) r, generate_series(1, 4) d, generate_series(0, 2) lane
          where bench.u(r * 43 + d * 5 + lane) < 0.25;
        insert into bookings (id, status, user_id, organization_number, organization_name, location_id, duration_type, case_number, created_at, updated_at, form_answers)
          select id, status::booking_status, org + 1, ${org('org')}, ${orgName('org')}, location_id, 'SEMESTERLOAN', 'BENCH-E-' || lpad(id::text, 5, '0'),
            ${S} - 400, ${S} - 380, jsonb_build_object('activity', 'Fjorårets leie')
          from bench.earlier;
        insert into reservations (booking_id, bookable_asset_id, date, start_time, duration_minutes, initial_repetition_date, status)
          select e.id, e.room_id, ${S} - 364 + week * 7 + e.weekday - 1, make_time(e.start_minute / 60, e.start_minute % 60, 0), e.minutes,
            ${S} - 364 + e.weekday - 1, e.status::reservation_status
          from bench.earlier e cross join generate_series(0, 15) week;`,
    },
    {
      label: 'sequences, clean-up, analyze',
      sql: `
        select setval(pg_get_serial_sequence('locations', 'id'), (select max(id) from locations));
        select setval(pg_get_serial_sequence('bookable_assets', 'id'), (select max(id) from bookable_assets));
        select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users));
        select setval(pg_get_serial_sequence('bookings', 'id'), (select max(id) from bookings));
        select setval(pg_get_serial_sequence('application_rounds', 'id'), (select max(id) from application_rounds));
        drop schema bench cascade;
        analyze;`,
    },
  ];
}
