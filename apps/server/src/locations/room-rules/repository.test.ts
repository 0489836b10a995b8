import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoomRules } from '@lokaler/domain/scheduling/room-rules';
import { bookableAssets } from '../../db/schema/assets';
import { locations } from '../../db/schema/locations';
import { jsonObjectSql } from '../../db/selection-sql';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createAsset, createLocation } from '../../../test/factories/places';
import { findRooms, loadRoomCalendars } from '../../availability/room-calendars/repository';
import { findSearchRooms } from '../../availability/search/search-rooms-repository';
import { roomRulesAliases, roomRulesColumns } from './repository';

/** Every rule away from its column's default, so a reader that drops or swaps one answers differently. */
const stored: RoomRules = {
  location: {
    allowSingleBookingsForPublicUser: false,
    allowRepeatedBookingsForPublicUser: false,
    maxOneTimeslotPerBookingForPublicUser: true,
    behandlingstid: 3,
    minBookingDurationMinutes: 45,
    adminCanBookPastDates: true,
  },
  room: { allowSingleBookingsForPublicUser: false, allowRepeatedBookingsForPublicUser: false, maxOneTimeslotPerBookingForPublicUser: true },
};

/** The rules part of a row that also holds other columns. */
function rulesOf(row: RoomRules): RoomRules {
  const pick = <T extends object>(from: T, keys: string[]) => Object.fromEntries(keys.map((k) => [k, from[k as keyof T]])) as unknown as T;
  return { location: pick(row.location, Object.keys(roomRulesColumns.location)), room: pick(row.room, Object.keys(roomRulesColumns.room)) };
}

describe("the one reader of a room's rules", () => {
  let ctx: TestContext;
  let roomId: number;
  beforeAll(async () => {
    ctx = await createTestApp();
    const location = await createLocation(ctx.database.db, stored.location);
    roomId = (await createAsset(ctx.database.db, location.id, stored.room)).id;
  });
  afterAll(() => ctx.close());

  it("reads every rule alike through the calendar's select, the calendar's JSON and the search", async () => {
    const [found] = await findRooms(ctx.database.db, [roomId]);
    expect(rulesOf(found!)).toStrictEqual(stored);
    const loaded = await loadRoomCalendars(ctx.database.db, [roomId], { fromInclusive: '2030-01-07', toInclusive: '2030-01-07' });
    expect(rulesOf(loaded.get(roomId)!.row)).toStrictEqual(stored);
    expect(loaded.get(roomId)!.calendar).toMatchObject({ behandlingstid: 3, minBookingDurationMinutes: 45 });
    const [searched] = await findSearchRooms(ctx.database.db, { roomId, tagIds: [] });
    expect(searched!.rules).toStrictEqual(stored);
  });

  it("refuses, when a statement is built, a column whose JSON value would differ from the driver's, and a table without an alias", () => {
    expect(() => jsonObjectSql({ createdAt: locations.createdAt }, roomRulesAliases('a', 'l'))).toThrow(/createdAt|created_at/);
    expect(() => jsonObjectSql({ id: bookableAssets.id }, new Map())).toThrow(/No alias for table bookable_assets/);
  });
});
