import type { SuggestionResponse } from '@lokaler/domain/application-rounds';
import { suggestAllocation, type SuggestionWish } from '@lokaler/domain/round-suggestion';
import { ageGroup } from '@lokaler/domain/application-rounds';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { Db } from '../../db/client';
import { writeTransaction } from '../../db/write-transaction';
import { assertRoundOpen, assertSeesRound, loadRound } from '../../rounds';
import {
  findBusyFolds,
  findLiveWishesOfRound,
  findRoomsOfLocations,
  findWeeklyHoursOfRooms,
  releaseWithdrawnAllocations,
  writeAllocations,
} from './repository';
import { applicantKey, assertDeadlinePassed } from './round-wishes';

/** Who wrote a suggested allocation, as the conflict view shows it. */
export const suggestionAuthor = (name: string) => `Forslag (${name})`;

/**
 * POST /api/admin/rounds/{id}/suggestion: the fair rule (packages/domain/round-suggestion) over the
 * round's wishes for the rooms the caller manages, written in one transaction. Only UNDECIDED wishes
 * are decided; what people decided stays and counts as taken, and so does every time taken outside
 * the round on any date of the semester. The round's row is locked for the whole of it, so no
 * allocation slips in between the read and the write. A fixed number of queries.
 */
export async function computeSuggestion({
  db,
  user,
  roundId,
  now = new Date(),
}: {
  db: Db;
  user: AuthenticatedUser;
  roundId: number;
  now?: Date;
}): Promise<SuggestionResponse> {
  const started = performance.now();
  return writeTransaction(db, async (tx) => {
    const loaded = await loadRound(tx, roundId, { lock: true });
    const managed = assertSeesRound(user, loaded);
    assertRoundOpen(loaded.round);
    assertDeadlinePassed(loaded.round, now, 'allocate');

    await releaseWithdrawnAllocations(tx, roundId);
    const rooms = await findRoomsOfLocations(tx, managed);
    const roomIds = rooms.map((r) => r.id);
    const [rows, hours, busy] = await Promise.all([
      findLiveWishesOfRound(tx, roundId),
      findWeeklyHoursOfRooms(tx, rooms),
      findBusyFolds(tx, roomIds, loaded.round.semesterStart, loaded.round.semesterEnd),
    ]);
    const wishes: SuggestionWish[] = rows.map((w) => {
      const age = ageGroup.safeParse(w.formAnswers?.ageGroup);
      return {
        id: w.id,
        bookingId: w.bookingId,
        applicantKey: applicantKey(w),
        ageGroup: age.success ? age.data : null,
        appliedAt: w.appliedAt,
        asked: { roomId: w.roomId, weekday: w.weekday, startMinute: w.startMinute, endMinute: w.endMinute },
        decision: w.decision,
        allocated:
          w.allocRoomId !== null && w.allocWeekday !== null && w.allocStartMinute !== null && w.allocEndMinute !== null
            ? { roomId: w.allocRoomId, weekday: w.allocWeekday, startMinute: w.allocStartMinute, endMinute: w.allocEndMinute }
            : null,
      };
    });
    const decided = suggestAllocation({
      wishes,
      rooms: rooms.map((r) => ({ id: r.id, locationId: r.locationId, openingHours: hours.get(r.id) ?? [] })),
      busy: busy.map((b) => ({ roomId: b.roomId, weekday: b.weekday, startMinute: b.startMinute, endMinute: b.endMinute })),
    });
    await writeAllocations(
      tx,
      decided.map((d) => ({ wishId: d.wishId, decision: d.decision, allocated: d.allocated, reason: d.reason })),
      suggestionAuthor(user.name),
      now,
    );
    return {
      decided: decided.length,
      asked: decided.filter((d) => d.decision === 'ASKED').length,
      other: decided.filter((d) => d.decision === 'OTHER').length,
      none: decided.filter((d) => d.decision === 'NONE').length,
      elapsedMs: Math.round(performance.now() - started),
    };
  });
}
