import {
  minutesOfQuarterTime,
  quarterTimeOfMinutes,
  weekdayName,
  type PutAllocationsBody,
  type PutAllocationsResponse,
} from '@lokaler/domain/application-rounds';
import { assetDisplayName } from '@lokaler/domain/bookable-asset';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { Db, Tx } from '../../db/client';
import { sqlState } from '../../db/database-errors';
import { writeTransaction } from '../../db/write-transaction';
import { AppError } from '../../errors';
import { assertRoundOpen, assertSeesRound, loadRound } from '../../rounds';
import {
  findAllocatedOverlaps,
  findRoomsOfLocations,
  findWeeklyHoursOfRooms,
  findWishes,
  lockWishes,
  releaseWithdrawnAllocations,
  shareLockRound,
  writeAllocations,
  type WishRow,
  type WishWrite,
} from './repository';
import { assertDeadlinePassed, toRoundWishes } from './round-wishes';

export interface PutAllocationsOptions {
  db: Db;
  user: AuthenticatedUser;
  roundId: number;
  body: PutAllocationsBody;
  now?: Date;
}

/** The one message of a stale version (the UI shows it and reloads). */
export function staleMessage(applicant: string, by: string | null): string {
  return `${by ?? 'Noen andre'} har endret fordelingen av ${applicant} i mellomtiden. Last inn siden på nytt og se over endringen.`;
}

export function takenMessage(time: { weekday: number; startMinute: number; endMinute: number }, roomName: string, holder: string): string {
  return `Tiden ${weekdayName(time.weekday)} ${quarterTimeOfMinutes(time.startMinute)}–${quarterTimeOfMinutes(time.endMinute)} i ${roomName} er allerede tildelt ${holder}. Velg en annen tid, eller endre den andre tildelingen først.`;
}

/**
 * PUT /api/admin/rounds/{id}/allocations: every change or none, in one transaction. The round's row
 * is share-locked (a closing or a suggestion waits, and so does this for them), then the wishes in id
 * order. Refused with nothing written: a wish of another round (404) or of a room the caller does not
 * manage (403); a round not open (409 ROUND_CLOSED) or before its deadline (409 ROUND_NOT_READY); a
 * version someone else moved on (409 ROUND_ALLOCATION_STALE, naming who); another room outside the
 * round's rooms the caller manages, or a time outside the room's opening hours (422); a time already
 * allocated to another wish (409 ROUND_TIME_ALREADY_ALLOCATED, naming the applicant) — checked first
 * for the message, guaranteed by the exclusion constraint round_wishes_no_double_allocation.
 */
export async function putAllocations({
  db,
  user,
  roundId,
  body,
  now = new Date(),
}: PutAllocationsOptions): Promise<PutAllocationsResponse> {
  return writeTransaction(db, async (tx) => {
    await shareLockRound(tx, roundId);
    const loaded = await loadRound(tx, roundId);
    const managed = assertSeesRound(user, loaded);
    assertRoundOpen(loaded.round);
    assertDeadlinePassed(loaded.round, now, 'allocate');

    await releaseWithdrawnAllocations(tx, roundId);
    const ids = body.changes.map((c) => c.wishId);
    const rows = await lockWishes(tx, roundId, ids);
    const byId = new Map(rows.map((w) => [w.id, w]));
    const missing = ids.filter((id) => !byId.has(id));
    if (missing.length) throw AppError.notFound(`Wish ${missing.join(', ')} in round ${roundId}`);
    for (const w of rows) {
      if (!managed.includes(w.locationId))
        throw AppError.forbidden(`Wish ${w.id} is for a room of location ${w.locationId}, which the caller does not manage`);
    }
    for (const change of body.changes) {
      const w = byId.get(change.wishId)!;
      if (w.version !== change.version) {
        throw new AppError(
          'ROUND_ALLOCATION_STALE',
          `Wish ${w.id} is at version ${w.version}, not ${change.version}`,
          staleMessage(w.applicantName, w.updatedBy),
        );
      }
      if (w.bookingStatus !== 'UNPROCESSED') {
        throw new AppError(
          'CONFLICT',
          `Wish ${w.id}'s booking is ${w.bookingStatus}`,
          `Søknaden fra ${w.applicantName} (${w.caseNumber}) er trukket eller avgjort, og ønsket kan ikke fordeles.`,
        );
      }
    }

    const rooms = await findRoomsOfLocations(tx, managed);
    const roomById = new Map(rooms.map((r) => [r.id, r]));
    const writes: WishWrite[] = body.changes.map((change) => {
      const w = byId.get(change.wishId)!;
      const reason = change.reason?.trim() || null;
      switch (change.decision) {
        case 'ASKED':
          return {
            wishId: w.id,
            decision: 'ASKED',
            allocated: { roomId: w.roomId, weekday: w.weekday, startMinute: w.startMinute, endMinute: w.endMinute },
            reason,
          };
        case 'OTHER': {
          const a = change.allocated!;
          return {
            wishId: w.id,
            decision: 'OTHER',
            allocated: {
              roomId: a.roomId,
              weekday: a.weekday,
              startMinute: minutesOfQuarterTime(a.startTime),
              endMinute: minutesOfQuarterTime(a.endTime),
            },
            reason,
          };
        }
        case 'NONE':
          return { wishId: w.id, decision: 'NONE', allocated: null, reason };
        default:
          return { wishId: w.id, decision: 'UNDECIDED', allocated: null, reason: null };
      }
    });
    await assertOtherTimesAllowed(tx, writes, byId, roomById);
    await assertNotTaken(tx, roundId, writes, roomById);
    try {
      await writeAllocations(tx, writes, user.name, now);
    } catch (error) {
      if (sqlState(error) === '23P01') {
        throw new AppError(
          'ROUND_TIME_ALREADY_ALLOCATED',
          'round_wishes_no_double_allocation refused the allocation',
          'Tiden ble nettopp tildelt en annen søker. Last inn siden på nytt og velg en annen tid.',
        );
      }
      throw error;
    }
    return { wishes: await toRoundWishes(tx, loaded.round, loaded.locationIds, await findWishes(tx, ids)) };
  });
}

/** OTHER: a room of the round the caller manages, within its opening hours that weekday (422 otherwise). */
async function assertOtherTimesAllowed(
  tx: Tx,
  writes: readonly WishWrite[],
  wishes: Map<number, WishRow>,
  rooms: Map<number, { id: number; locationId: number; name: string; roomNumber: string | null }>,
): Promise<void> {
  const others = writes.filter((w) => w.decision === 'OTHER');
  if (others.length === 0) return;
  for (const [i, w] of others.entries()) {
    if (!rooms.has(w.allocated!.roomId)) {
      throw new AppError(
        'UNPROCESSABLE',
        `Room ${w.allocated!.roomId} is not a room of the round the caller manages`,
        'Rommet er ikke med i runden, eller du administrerer det ikke. Velg et annet rom.',
        { fields: [{ path: `body.changes.${i}.allocated.roomId`, message: 'Velg et rom i runden' }] },
      );
    }
  }
  const hours = await findWeeklyHoursOfRooms(
    tx,
    [...new Set(others.map((w) => w.allocated!.roomId))].map((id) => rooms.get(id)!),
  );
  for (const w of others) {
    const a = w.allocated!;
    const open = (hours.get(a.roomId) ?? []).some(
      (h) => h.weekday === a.weekday && h.startMinute <= a.startMinute && a.endMinute <= h.endMinute,
    );
    if (!open) {
      const room = rooms.get(a.roomId)!;
      throw new AppError(
        'UNPROCESSABLE',
        `Wish ${w.wishId}: ${a.weekday} ${a.startMinute}-${a.endMinute} is outside room ${a.roomId}'s opening hours`,
        `${assetDisplayName(room.name, room.roomNumber)} er ikke åpent ${weekdayName(a.weekday)} ${quarterTimeOfMinutes(a.startMinute)}–${quarterTimeOfMinutes(a.endMinute)}. Velg en tid innenfor åpningstiden (søker: ${wishes.get(w.wishId)?.applicantName ?? 'ukjent'}).`,
      );
    }
  }
}

/** The new allocations overlap neither each other nor another wish's allocation (409 naming the holder). */
async function assertNotTaken(
  tx: Tx,
  roundId: number,
  writes: readonly WishWrite[],
  rooms: Map<number, { name: string; roomNumber: string | null }>,
): Promise<void> {
  const placed = writes.filter((w) => w.allocated);
  const roomName = (id: number) => {
    const r = rooms.get(id);
    return r ? assetDisplayName(r.name, r.roomNumber) : 'rommet';
  };
  for (let i = 0; i < placed.length; i++) {
    for (let j = i + 1; j < placed.length; j++) {
      const a = placed[i]!.allocated!;
      const b = placed[j]!.allocated!;
      if (a.roomId === b.roomId && a.weekday === b.weekday && a.startMinute < b.endMinute && b.startMinute < a.endMinute) {
        throw new AppError(
          'ROUND_TIME_ALREADY_ALLOCATED',
          `Wishes ${placed[i]!.wishId} and ${placed[j]!.wishId} would overlap`,
          `To av endringene gir samme tid ${weekdayName(a.weekday)} i ${roomName(a.roomId)}. Velg ulike tider.`,
        );
      }
    }
  }
  const overlaps = await findAllocatedOverlaps(
    tx,
    roundId,
    placed.map((w) => w.allocated!),
    writes.map((w) => w.wishId),
  );
  const first = overlaps[0];
  if (first) {
    const time = placed[first.index]!.allocated!;
    throw new AppError(
      'ROUND_TIME_ALREADY_ALLOCATED',
      `Wish ${placed[first.index]!.wishId}'s time overlaps wish ${first.wishId}'s allocation`,
      takenMessage(time, roomName(time.roomId), first.applicantName),
    );
  }
}
