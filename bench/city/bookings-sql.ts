import type { CityShape } from './city-shape';
import { literal } from './sql-literal';

/**
 * Reservations, bookings, blocked times and closed dates of the city-scale data set.
 *
 * Each room's opening hours on a weekday are cut into 2-hour lanes from opening time; a reservation
 * takes 60, 90 or 120 minutes at the start of one lane, so no two overlap (the exclusion constraint
 * holds) and a fully taken evening leaves no free hour. Like real use, most reservations belong to
 * weekly series (a team's Tuesday 18:00 for a 13-week term), the rest are single dates; a tenth of
 * the rooms are popular, evenings are wanted more than daytime.
 */

const holidays: ReadonlyArray<[string, string]> = [
  ['01-01', 'Første nyttårsdag'],
  ['05-01', 'Arbeidernes dag'],
  ['05-17', 'Grunnlovsdagen'],
  ['12-24', 'Julaften'],
  ['12-25', 'Første juledag'],
  ['12-26', 'Andre juledag'],
  ['12-31', 'Nyttårsaften'],
];

/** A room-lane's weight: popular rooms, evening lanes and weekdays are booked more. */
const weight = `(case when bench.u(rl.room_id * 109 + 1) < 0.10 then 4.0 when bench.u(rl.room_id * 109 + 1) < 0.40 then 1.5 else 0.5 end)
  * (case when rl.start_min >= 960 then 2.0 else 0.7 end) * (case when rl.weekday >= 6 then 0.8 else 1.0 end)`;

const SERIES_SHARE = 0.65;
const WEEKS_HELD = 0.95;
/** Draw this much more than asked, then keep exactly the asked number (chosen by hash). */
const OVERDRAW = 1.06;

export function bookingsSql(shape: CityShape): Array<{ label: string; sql: string }> {
  const first = `${literal(shape.firstMonday)}::date`;
  const days = shape.weeks * 7;
  return [
    {
      label: 'days and room lanes',
      sql: `
        create table bench.days as
          select d::date as date, extract(isodow from d)::int as weekday, (d::date - ${first}) / 7 as week, (d::date - ${first}) / 91 as term
          from generate_series(${first}, ${first} + ${days - 1}, interval '1 day') d;
        create table bench.room_lanes as
          with hours as (
            select a.id as room_id, a.location_id, w.weekday, coalesce(ro.opens, lo.opens) as opens, coalesce(ro.closes, lo.closes) as closes
            from bookable_assets a cross join generate_series(1, 7) w(weekday)
            left join opening_hours ro on ro.bookable_asset_id = a.id and ro.weekday = w.weekday
            left join opening_hours lo on lo.location_id = a.location_id and lo.bookable_asset_id is null and lo.weekday = w.weekday
          ), minutes as (
            select room_id, location_id, weekday, extract(epoch from opens)::int / 60 as om, extract(epoch from closes)::int / 60 as cm
            from hours where opens is not null
          )
          select room_id::bigint as room_id, location_id, weekday, lane, om + lane * 120 as start_min
          from minutes cross join lateral generate_series(0, (cm - om) / 120 - 1) lane;
        create table bench.rates as
          select sum(${weight}) * ${shape.weeks} as weighted_slots from bench.room_lanes rl;`,
    },
    {
      label: `reservation candidates (about ${Math.round(shape.reservations * OVERDRAW).toLocaleString('en')})`,
      // Series: one draw per (room, weekday, lane, term), then each week held with probability 0.95.
      sql: `
        create unlogged table bench.cand as
        select rl.room_id, rl.location_id, d.date, rl.start_min, s.series,
          case when s.series then k.series_key else (rl.room_id * 100 + d.term) * 64 + 63 end as booking_key,
          (array[60, 90, 120])[1 + floor(bench.u(case when s.series then k.series_key * 7 + 1 else k.single_key * 7 + 1 end) * 3)::int] as duration
        from bench.room_lanes rl
        join bench.days d on d.weekday = rl.weekday
        cross join bench.rates r
        cross join lateral (select ((rl.room_id * 8 + rl.weekday) * 8 + rl.lane) * 16 + d.term as series_key,
                                   (rl.room_id * 1000 + (d.date - ${first})) * 8 + rl.lane as single_key,
                                   ${weight} as w) k
        cross join lateral (select bench.u(k.series_key) < k.w * ${(shape.reservations * OVERDRAW * SERIES_SHARE) / WEEKS_HELD} / r.weighted_slots
                                   and bench.u(k.series_key * 53 + d.week) < ${WEEKS_HELD} as series) s
        where s.series or bench.u(k.single_key) < k.w * ${shape.reservations * OVERDRAW * (1 - SERIES_SHARE)} / r.weighted_slots;
        create unlogged table bench.kept as
          select * from bench.cand order by bench.u(booking_key * 31 + (date - ${first}) * 8 + start_min) limit ${shape.reservations};`,
    },
    {
      label: 'bookings',
      sql: `
        create table bench.bk as
          select booking_key, row_number() over (order by booking_key) as id, min(location_id) as location_id,
            bool_or(series) as series, min(date) as first_date,
            case when bench.u(booking_key * 3 + 7) < 0.80 then 'APPROVED' when bench.u(booking_key * 3 + 7) < 0.92 then 'UNPROCESSED'
                 when bench.u(booking_key * 3 + 7) < 0.97 then 'REJECTED' else 'CANCELLED' end as status
          from bench.kept group by booking_key;
        insert into bookings (id, status, location_id, purpose, duration_type, case_number, created_at, updated_at)
          select id, status::booking_status, location_id, 'PUBLICUSER_LOAN', (case when series then 'SEMESTERLOAN' else 'SINGLE_BOOKING' end)::booking_duration_type,
            'BENCH-' || lpad(id::text, 7, '0'), first_date - 30, first_date - 30
          from bench.bk;`,
    },
    {
      label: `${shape.reservations.toLocaleString('en')} reservations`,
      sql: `
        insert into reservations (booking_id, bookable_asset_id, date, start_time, duration_minutes, initial_repetition_date, status)
          select b.id, k.room_id, k.date, make_time(k.start_min / 60, k.start_min % 60, 0), k.duration,
            case when k.series then b.first_date end, b.status::reservation_status
          from bench.kept k join bench.bk b using (booking_key)
          -- As in real use: bookings arrive in no particular order, each with all its dates at once
          -- (so the table is not conveniently clustered by room and date).
          order by bench.u(b.id * 7 + 3), k.date;`,
    },
    {
      label: 'blocked times and closed dates',
      sql: `
        insert into blocked_times (bookable_asset_id, date, start_time, duration_minutes)
          select rl.room_id, d.date, make_time(rl.start_min / 60, rl.start_min % 60, 0), 180
          from bench.room_lanes rl join bench.days d on d.weekday = rl.weekday
          where rl.weekday = 6 and rl.lane = 0 and bench.u(rl.room_id * 1000 + d.week) < 0.04;
        insert into closed_dates (location_id, date, reason)
          select l.id, d.date, coalesce(h.reason, 'Sommerstengt')
          from locations l join bench.days d on true
          left join (values ${holidays.map(([md, reason]) => `(${literal(md)}, ${literal(reason)})`).join(', ')}) h(month_day, reason) on h.month_day = to_char(d.date, 'MM-DD')
          where h.reason is not null or (l.public_location_type = 'SCHOOLS' and extract(month from d.date) = 7);`,
    },
    {
      label: 'sequences, clean-up',
      sql: `
        select setval(pg_get_serial_sequence('locations', 'id'), (select max(id) from locations));
        select setval(pg_get_serial_sequence('bookable_assets', 'id'), (select max(id) from bookable_assets));
        select setval(pg_get_serial_sequence('bookings', 'id'), (select max(id) from bookings));
        drop schema bench cascade;`,
    },
  ];
}
