import { quarterTimeOfMinutes, type RoundBusyTime, type RoundConflicts } from '@lokaler/domain/application-rounds';
import { assetDisplayName } from '@lokaler/domain/bookable-asset';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { assertSeesRound, loadRound } from '../../rounds';
import {
  findBusyFolds,
  findRoomLocation,
  findRoomsOfLocations,
  findWeeklyHoursOfRooms,
  findWishesOfRoom,
  type BusyFold,
} from './repository';
import { toRoundWishes } from './round-wishes';

/**
 * GET /api/admin/rounds/{id}/conflicts?roomId=: one room's week over the semester — every wish that
 * asks for it or is allocated to it, side by side, with the applicants, their earlier use and the
 * wishes they clash with; the room's weekly opening hours and the times taken outside the round.
 * The room must be one of the round's locations the caller manages (403 for another of the round's
 * locations, 404 for a room outside the round). A fixed number of queries.
 */
export async function getRoundConflicts({
  db,
  user,
  roundId,
  roomId,
}: {
  db: Db;
  user: AuthenticatedUser;
  roundId: number;
  roomId: number;
}): Promise<RoundConflicts> {
  const loaded = await loadRound(db, roundId);
  const managed = assertSeesRound(user, loaded);
  const rooms = await findRoomsOfLocations(db, managed);
  const room = rooms.find((r) => r.id === roomId);
  if (!room) {
    const locationId = await findRoomLocation(db, roomId);
    if (locationId !== undefined && loaded.locationIds.includes(locationId) && !managed.includes(locationId))
      throw AppError.forbidden(`Room ${roomId} is of a location the caller does not manage`);
    throw AppError.notFound(`Room ${roomId} in round ${roundId}`);
  }
  const { round } = loaded;
  const [rows, hours, busy] = await Promise.all([
    findWishesOfRoom(db, roundId, roomId),
    findWeeklyHoursOfRooms(db, [room]),
    findBusyFolds(db, [roomId], round.semesterStart, round.semesterEnd),
  ]);
  const wishes = await toRoundWishes(db, round, loaded.locationIds, rows);
  const asking = wishes.filter((w) => w.roomId === roomId);
  return {
    roundId,
    room: {
      id: room.id,
      name: assetDisplayName(room.name, room.roomNumber),
      locationId: room.locationId,
      locationName: room.locationName,
      wishCount: asking.length,
      clashCount: asking.filter((w) => w.clashesWith.length > 0).length,
      undecidedCount: asking.filter((w) => w.decision === 'UNDECIDED').length,
    },
    openingHours: (hours.get(roomId) ?? []).map((h) => ({
      weekday: h.weekday,
      startTime: quarterTimeOfMinutes(h.startMinute),
      endTime: quarterTimeOfMinutes(h.endMinute),
    })),
    wishes,
    busy: foldOnGrid(busy),
    rooms: rooms.map((r) => ({ id: r.id, name: assetDisplayName(r.name, r.roomNumber), locationName: r.locationName })),
  };
}

/**
 * The busy times on the view's quarter-hour grid (a time from 17:10 covers the quarter from 17:00):
 * the grid is what an allocation can be, and the contract's times are quarter times.
 */
export function foldOnGrid(folds: readonly BusyFold[]): RoundBusyTime[] {
  const merged = new Map<string, RoundBusyTime>();
  for (const f of folds) {
    const start = Math.floor(f.startMinute / 15) * 15;
    const end = Math.min(1440, Math.max(start + 15, Math.ceil(f.endMinute / 15) * 15));
    const key = `${f.weekday}|${start}|${end}|${f.label}`;
    const existing = merged.get(key);
    if (existing) existing.dateCount += Number(f.dateCount);
    else
      merged.set(key, {
        weekday: f.weekday,
        startTime: quarterTimeOfMinutes(start),
        endTime: quarterTimeOfMinutes(end),
        dateCount: Number(f.dateCount),
        label: f.label,
      });
  }
  return [...merged.values()];
}
