import { assetTypeNames, tagSeeds } from '../../apps/server/src/seed/catalogue';
import { districts, unknownArea } from '../../apps/server/src/seed/districts';
import type { CityShape } from './city-shape';
import { literal } from './sql-literal';

/**
 * The places of the city-scale data set: areas, locations, rooms, tags and opening hours. Every
 * "random" choice is bench.u(key), a hash of a fixed key, so the same shape gives the same rows.
 */

/** Opening hours by location type (as the demo seed): weekday → [opens, closes] in minutes. */
const hoursByType: Record<string, Array<[number, number, number]>> = {
  SCHOOLS: [...[1, 2, 3, 4, 5].map((d) => [d, 16 * 60, 22 * 60] as [number, number, number]), [6, 9 * 60, 21 * 60], [7, 9 * 60, 21 * 60]],
  KINDERGARTEN: [...[1, 2, 3, 4, 5].map((d) => [d, 17 * 60, 21 * 60] as [number, number, number]), [6, 10 * 60, 18 * 60]],
  LIBRARIES: [...[1, 2, 3, 4, 5].map((d) => [d, 8 * 60, 20 * 60] as [number, number, number]), [6, 10 * 60, 16 * 60]],
  DISTRICT_VENUES: [...[1, 2, 3, 4, 5, 6].map((d) => [d, 8 * 60, 23 * 60] as [number, number, number]), [7, 10 * 60, 22 * 60]],
  WEDDINGS: [...[2, 3, 4, 5].map((d) => [d, 9 * 60, 15 * 60] as [number, number, number]), [6, 10 * 60, 13 * 60]],
};

const typeWords: Record<string, string> = {
  SCHOOLS: 'skole',
  KINDERGARTEN: 'barnehage',
  LIBRARIES: 'bibliotek',
  DISTRICT_VENUES: 'kulturhus',
  WEDDINGS: 'vielsessted',
};

const roomNames = ['Gymsal', 'Klasserom', 'Aula', 'Møterom', 'Storsal', 'Musikkrom', 'Kantine', 'Fellesrom', 'Verksted', 'Selskapslokale'];

export function placesSql(shape: CityShape): Array<{ label: string; sql: string }> {
  const areaValues = districts
    .map(
      (d, i) => `(${i}, ${literal(d.id)}, ${literal(d.name)}, ${d.lat}, ${d.lng}, ${literal(d.postCode)}, ${literal(d.streets[0] ?? '')})`,
    )
    .join(',\n');
  const hourValues = Object.entries(hoursByType)
    .flatMap(([type, rows]) => rows.map(([weekday, opens, closes]) => `(${literal(type)}, ${weekday}, ${opens}, ${closes})`))
    .join(', ');
  const types = Object.keys(typeWords);
  return [
    {
      label: 'helpers',
      sql: `
        create schema bench;
        -- Uniform in [0, 1) from a key: the generator's only source of variety.
        create function bench.u(k bigint) returns float8 language sql immutable parallel safe
          as $$ select (hashint8(k) & 2147483647)::float8 / 2147483648.0 $$;
        create table bench.areas (idx int primary key, id text, name text, lat float8, lng float8, post_code text, street text);
        insert into bench.areas values ${areaValues};
        create table bench.type_hours (type text, weekday int, opens int, closes int);
        insert into bench.type_hours values ${hourValues};`,
    },
    {
      label: 'areas, tags, asset types',
      sql: `
        insert into geographic_areas (id, name) select id, name from bench.areas;
        insert into geographic_areas (id, name) values (${literal(unknownArea.id)}, ${literal(unknownArea.name)});
        insert into tags (name, tag_type) values ${tagSeeds.map((t) => `(${literal(t.name)}, ${literal(t.tagType)})`).join(', ')};
        insert into asset_types (name) values ${assetTypeNames.map((n) => `(${literal(n)})`).join(', ')};`,
    },
    {
      label: `${shape.locations} locations`,
      sql: `
        insert into locations (id, name, status, public_location_type, filter_category, geographic_area_id, display_in_portal,
          street_address, post_code, city, behandlingstid, min_booking_duration_minutes, lat, lng,
          allow_single_bookings_for_public_user, allow_repeated_bookings_for_public_user)
        select i, a.name || ' ' || (array[${types.map((t) => literal(typeWords[t] ?? t)).join(', ')}])[t.k] || ' ' || i,
          (case when bench.u(i * 101 + 2) < 0.97 then 'PUBLISHED' when bench.u(i * 101 + 2) < 0.99 then 'UNPUBLISHED' else 'DELETED' end)::location_status,
          (array[${types.map(literal).join(', ')}])[t.k]::public_location_type,
          (array[${types.map(literal).join(', ')}])[t.k]::public_location_type,
          a.id, true, a.street || ' ' || (1 + i % 90), a.post_code, 'Oslo',
          (array[0, 0, 0, 0, 0, 0, 0, 3, 7, 14])[1 + floor(bench.u(i * 101 + 3) * 10)::int],
          (array[null, null, null, null, null, null, null, null, 60, 120])[1 + floor(bench.u(i * 101 + 4) * 10)::int],
          a.lat + (bench.u(i * 101 + 5) - 0.5) * 0.03, a.lng + (bench.u(i * 101 + 6) - 0.5) * 0.06,
          bench.u(i * 101 + 7) < 0.95, bench.u(i * 101 + 8) < 0.97
        from generate_series(1, ${shape.locations}) i
        cross join lateral (select case
            when bench.u(i * 101 + 1) < 0.40 then 1 when bench.u(i * 101 + 1) < 0.55 then 2
            when bench.u(i * 101 + 1) < 0.65 then 3 when bench.u(i * 101 + 1) < 0.95 then 4 else 5 end as k) t
        join bench.areas a on a.idx = i % ${districts.length};`,
    },
    {
      label: `${shape.rooms} rooms`,
      sql: `
        insert into bookable_assets (id, location_id, name, external_asset_number, status, capacity, square_meters, asset_type_id,
          lat, lng, allow_single_bookings_for_public_user, max_one_timeslot_per_booking_for_public_user)
        select j, l.id, n.name, case when bench.u(j * 103 + 3) < 0.6 then (100 + j % 400)::text end,
          (case when bench.u(j * 103 + 4) < 0.98 then 'PUBLISHED' else 'UNPUBLISHED' end)::location_status,
          (array[8, 15, 20, 30, 40, 60, 80, 120, 200, 400])[1 + floor(bench.u(j * 103 + 5) * 10)::int],
          round((20 + bench.u(j * 103 + 6) * 480)::numeric, 1)::float8,
          (select id from asset_types order by id offset (j % ${assetTypeNames.length}) limit 1),
          l.lat + (bench.u(j * 103 + 7) - 0.5) * 0.002, l.lng + (bench.u(j * 103 + 8) - 0.5) * 0.004,
          bench.u(j * 103 + 9) < 0.97, bench.u(j * 103 + 10) < 0.05
        from generate_series(1, ${shape.rooms}) j
        join locations l on l.id = 1 + floor(bench.u(j * 103 + 1) * ${shape.locations})::int
        cross join lateral (select (array[${roomNames.map(literal).join(', ')}])[1 + floor(bench.u(j * 103 + 2) * ${roomNames.length})::int] as name) n;
        insert into asset_tags (bookable_asset_id, tag_id)
        select a.id, t.id from bookable_assets a cross join tags t where bench.u(a.id * 1009 + t.id) < 0.18;`,
    },
    {
      label: 'opening hours (location hours, some rooms open an hour longer on weekdays)',
      sql: `
        insert into opening_hours (location_id, weekday, opens, closes)
        select l.id, h.weekday, make_time(h.opens / 60, h.opens % 60, 0), make_time(h.closes / 60, h.closes % 60, 0)
        from locations l join bench.type_hours h on h.type = l.public_location_type::text;
        insert into opening_hours (location_id, bookable_asset_id, weekday, opens, closes)
        select a.location_id, a.id, h.weekday, make_time(h.opens / 60, h.opens % 60, 0),
          case when h.closes + 60 >= 1440 then '24:00:00'::time else make_time((h.closes + 60) / 60, h.closes % 60, 0) end
        from bookable_assets a join locations l on l.id = a.location_id
        join bench.type_hours h on h.type = l.public_location_type::text and h.weekday <= 5
        where bench.u(a.id * 107 + 1) < 0.08;`,
    },
  ];
}
