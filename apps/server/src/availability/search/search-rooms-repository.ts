import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import type { RoomRules } from '@lokaler/domain/scheduling/room-rules';
import { roomRulesOf, roomRulesPlainSql } from '../../locations';
import { pgArray } from './pg-array';

/**
 * The rooms a search looks at and their calendars' fixed parts. Four queries whatever the number of
 * rooms: the rooms (with location, area and tag ids), the opening hours, their seasonal periods, the
 * closed dates.
 */

export interface SearchRoomRow extends Record<string, unknown> {
  id: number;
  name: string;
  externalAssetNumber: string | null;
  capacity: number | null;
  assetTypeId: number | null;
  lat: number | null;
  lng: number | null;
  locationId: number;
  locationName: string;
  locationLat: number | null;
  locationLng: number | null;
  geographicAreaId: string;
  geographicAreaName: string;
  /** The room's and its location's rules, from the one reader of a room's rules. */
  rules: RoomRules;
  /** Comma-separated, ascending ('' for none): one text column is cheaper than an array per row. */
  tagIds: string;
}

export interface SearchScope {
  /** Only this location's rooms; undefined: every location shown in the portal. */
  locationId?: number;
  /** Only these locations' rooms, of those shown in the portal (the kept rooms' partial reload). */
  locationIds?: readonly number[];
  /** Only this room (of any location, listed in the portal or not). */
  roomId?: number;
  /** The room must have every one of these tags. */
  tagIds: readonly number[];
}

/**
 * Published rooms of published locations (the city-wide search: also shown in the portal) that have
 * every asked tag; or one such room. One query.
 */
// Plain columns rather than the JSON shape: a city-wide read of 6,000 rooms (PostgreSQL 15 here)
// took 62–67 ms with the rules as JSON; as plain columns, nested by roomRulesOf, 1–3 ms more than
// the hand-written flat columns it replaced (about 20 ms).
const rulesColumns = roomRulesPlainSql({ room: 'a', location: 'l' });

export async function findSearchRooms(db: DbOrTx, scope: SearchScope): Promise<SearchRoomRow[]> {
  const cityWide = scope.locationId === undefined && scope.roomId === undefined && scope.locationIds === undefined;
  const where =
    scope.roomId !== undefined
      ? sql`a.id = ${scope.roomId}`
      : scope.locationId !== undefined
        ? sql`l.id = ${scope.locationId}`
        : scope.locationIds !== undefined
          ? sql`l.display_in_portal and l.id = any(${pgArray(scope.locationIds)}::int[])`
          : sql`l.display_in_portal`;
  // City-wide, one pass over all tags beats a lookup per room (half the query's time); for one
  // location's few rooms the lookups are cheaper.
  const tagIds = cityWide
    ? sql`t.tag_ids`
    : sql`(select string_agg(t.tag_id::text, ',' order by t.tag_id) from asset_tags t where t.bookable_asset_id = a.id)`;
  const tagJoin = cityWide
    ? sql`left join (select bookable_asset_id, string_agg(tag_id::text, ',' order by tag_id) as tag_ids from asset_tags group by bookable_asset_id) t on t.bookable_asset_id = a.id`
    : sql``;
  const tags =
    scope.tagIds.length === 0
      ? sql``
      : sql`
    and not exists (select 1 from unnest(${pgArray(scope.tagIds)}::int[]) as wanted(tag_id)
      where not exists (select 1 from asset_tags t where t.bookable_asset_id = a.id and t.tag_id = wanted.tag_id))`;
  const rows = await queryRows<Omit<SearchRoomRow, 'rules'>>(
    db,
    sql`
    select a.id, a.name, a.external_asset_number as "externalAssetNumber", a.capacity, a.asset_type_id as "assetTypeId",
      a.lat, a.lng, l.id as "locationId", l.name as "locationName", l.lat as "locationLat", l.lng as "locationLng",
      g.id as "geographicAreaId", g.name as "geographicAreaName", ${rulesColumns},
      coalesce(${tagIds}, '') as "tagIds"
    from bookable_assets a
    join locations l on l.id = a.location_id
    join geographic_areas g on g.id = l.geographic_area_id
    ${tagJoin}
    where a.status = 'PUBLISHED' and l.status = 'PUBLISHED' and ${where} ${tags}`,
  );
  return rows.map(withRules);
}

/**
 * The row with its rules nested. The flat 'rules.…' columns stay on the object, unread (outside the
 * type): copying the row without them cost more than the read of the rules itself.
 */
function withRules(row: Omit<SearchRoomRow, 'rules'>): SearchRoomRow {
  const nested = row as SearchRoomRow;
  nested.rules = roomRulesOf(row);
  return nested;
}

/** Whether the location exists and is published (else the location's search is a 404). One query. */
export async function isPublishedLocation(db: DbOrTx, locationId: number): Promise<boolean> {
  const rows = await queryRows<{ found: number }>(
    db,
    sql`select 1 as found from locations where id = ${locationId} and status = 'PUBLISHED'`,
  );
  return rows.length > 0;
}

export interface OpeningHoursRow extends Record<string, unknown> {
  locationId: number;
  bookableAssetId: number | null;
  weekday: number;
  opens: string;
  closes: string;
  /** The seasonal period's dates; null for the standard hours. */
  fromDate: string | null;
  toDate: string | null;
}

/** The opening hours of these locations (the location's and its rooms' own, standard and seasonal). One query. */
export function findOpeningHours(db: DbOrTx, locationIds: readonly number[]): Promise<OpeningHoursRow[]> {
  if (locationIds.length === 0) return Promise.resolve([]);
  return queryRows<OpeningHoursRow>(
    db,
    sql`
    select h.location_id as "locationId", h.bookable_asset_id as "bookableAssetId", h.weekday, h.opens::text as opens, h.closes::text as closes,
      p.from_date::text as "fromDate", p.to_date::text as "toDate"
    from opening_hours h left join opening_hour_periods p on p.id = h.period_id
    where h.location_id = any(${pgArray(locationIds)}::int[])`,
  );
}

export interface OpeningPeriodRow extends Record<string, unknown> {
  locationId: number;
  fromDate: string;
  toDate: string;
}

/** Each location's seasonal periods of opening hours (also those without hours: closed all week). One query. */
export async function findOpeningPeriods(db: DbOrTx, locationIds: readonly number[]): Promise<Map<number, OpeningPeriodRow[]>> {
  if (locationIds.length === 0) return new Map();
  const rows = await queryRows<OpeningPeriodRow>(
    db,
    sql`
    select location_id as "locationId", from_date::text as "fromDate", to_date::text as "toDate"
    from opening_hour_periods where location_id = any(${pgArray(locationIds)}::int[]) order by from_date`,
  );
  const byLocation = new Map<number, OpeningPeriodRow[]>();
  for (const row of rows) {
    const list = byLocation.get(row.locationId);
    if (list) list.push(row);
    else byLocation.set(row.locationId, [row]);
  }
  return byLocation;
}

/** Each location's closed dates in the period (without one: all of them), ascending. One query. */
export async function findClosedDates(
  db: DbOrTx,
  locationIds: readonly number[],
  period?: { from: string; to: string },
): Promise<Map<number, string[]>> {
  if (locationIds.length === 0) return new Map();
  const within = period ? sql`and date between ${period.from}::date and ${period.to}::date` : sql``;
  const rows = await queryRows<{ locationId: number; dates: string }>(
    db,
    sql`
    select location_id as "locationId", string_agg(date::text, ',' order by date) as dates
    from closed_dates
    where location_id = any(${pgArray(locationIds)}::int[]) ${within}
    group by location_id`,
  );
  return new Map(rows.map((r) => [r.locationId, r.dates.split(',')]));
}
