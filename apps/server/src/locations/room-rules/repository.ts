import type { Column, GetColumnData, Table } from 'drizzle-orm';
import type { LocationRules, RoomFlags, RoomRules } from '@lokaler/domain/scheduling/room-rules';
import { bookableAssets } from '../../db/schema/assets';
import { locations } from '../../db/schema/locations';
import { jsonObjectSql, nestedReader, pathColumnsSql } from '../../db/selection-sql';

/**
 * The one reader of a room's rules: the columns of a room and its location that the scheduling
 * rules obey, listed once. The calendar loader, the availability check and booking creation (through
 * room-calendars), the search and the public room listing all select them from here — as a Drizzle
 * selection (`roomRulesColumns`), or derived from the same list for hand-written statements: the
 * json_build_object of statements that build nested JSON (`roomRulesJson`), or plain columns read
 * back per row (`roomRulesPlainSql` and `roomRulesOf`) — and hand them to the rules as RoomRules.
 * A new setting: docs/adding-a-location-setting.md.
 */
export const roomRulesColumns = {
  location: {
    allowSingleBookingsForPublicUser: locations.allowSingleBookingsForPublicUser,
    allowRepeatedBookingsForPublicUser: locations.allowRepeatedBookingsForPublicUser,
    maxOneTimeslotPerBookingForPublicUser: locations.maxOneTimeslotPerBookingForPublicUser,
    behandlingstid: locations.behandlingstid,
    minBookingDurationMinutes: locations.minBookingDurationMinutes,
    adminCanBookPastDates: locations.adminCanBookPastDates,
  },
  room: {
    allowSingleBookingsForPublicUser: bookableAssets.allowSingleBookingsForPublicUser,
    allowRepeatedBookingsForPublicUser: bookableAssets.allowRepeatedBookingsForPublicUser,
    maxOneTimeslotPerBookingForPublicUser: bookableAssets.maxOneTimeslotPerBookingForPublicUser,
  },
} satisfies { location: Record<keyof LocationRules, Column>; room: Record<keyof RoomFlags, Column> };

/** What the database answers for these columns, as Drizzle types it. */
type Read<T extends Record<string, Column>> = { [K in keyof T]: GetColumnData<T[K]> };
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// A column whose type differs from the domain's (a nullable flag, a text for a number) fails here.
const readAsDomainType: Same<{ location: Read<typeof roomRulesColumns.location>; room: Read<typeof roomRulesColumns.room> }, RoomRules> =
  true;
void readAsDomainType;

/** The table aliases a statement gives the room's and the location's table, for the JSON shape. */
export function roomRulesAliases(room: string, location: string): Map<Table, string> {
  return new Map<Table, string>([
    [bookableAssets, room],
    [locations, location],
  ]);
}

/** `json_build_object('location', json_build_object(…), 'room', json_build_object(…))`: RoomRules, built by the database. */
export function roomRulesJson(aliases: { room: string; location: string }) {
  return jsonObjectSql(roomRulesColumns, roomRulesAliases(aliases.room, aliases.location));
}

/** The rules as plain columns named 'rules.location.…' and 'rules.room.…'; roomRulesOf reads them back. */
export function roomRulesPlainSql(aliases: { room: string; location: string }) {
  return pathColumnsSql(roomRulesColumns, roomRulesAliases(aliases.room, aliases.location), 'rules');
}

const readRules = nestedReader(roomRulesColumns, 'rules');

/** A row's RoomRules from roomRulesPlainSql's columns. */
export function roomRulesOf(row: Readonly<Record<string, unknown>>): RoomRules {
  // The columns' types are those of RoomRules: checked above, and pathColumnsSql admits only types the driver answers as Drizzle would.
  return readRules(row) as unknown as RoomRules;
}
