import type { RoundSummary, UpdateRoundBody } from '@lokaler/domain/application-rounds';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { Db } from '../../db/client';
import { sqlState } from '../../db/database-errors';
import { writeTransaction } from '../../db/write-transaction';
import { AppError } from '../../errors';
import { overlapError } from './create-round';
import { findOverlappingRound } from './repository';
import { assertRoundOpen, loadRound, managedLocationIds } from './round-access';
import { roundSummaries } from './round-summary';
import { countLiveWishes, updateRoundRow } from './round-repository';

/**
 * PATCH /api/admin/rounds/{id} (decision 029): the name and dates of an OPEN round. Changing a round
 * changes it for every location, so it takes managing all of them (403 otherwise). The deadline may
 * move either way: moved to an earlier day, the application period ends sooner and what was collected
 * stays in the round. The semester's dates change only while the round has no application (409
 * ROUND_NOT_READY otherwise: the wishes were made for that semester), and never to overlap another
 * round of one of its locations (409 ROUND_OVERLAPS; the exclusion constraint guarantees it).
 */
export async function updateRound({
  db,
  user,
  roundId,
  body,
  now = new Date(),
}: {
  db: Db;
  user: AuthenticatedUser;
  roundId: number;
  body: UpdateRoundBody;
  now?: Date;
}): Promise<RoundSummary> {
  const seen = await loadRound(db, roundId);
  if (managedLocationIds(user, seen.locationIds).length !== seen.locationIds.length) {
    throw AppError.forbidden(`Changing round ${roundId} takes managing all its locations`);
  }
  try {
    const row = await writeTransaction(db, async (tx) => {
      const { round, locationIds } = await loadRound(tx, roundId, { lock: true });
      assertRoundOpen(round);
      const semesterMoves = round.semesterStart !== body.semesterStart || round.semesterEnd !== body.semesterEnd;
      if (semesterMoves) {
        if ((await countLiveWishes(tx, roundId)) > 0) {
          throw new AppError(
            'ROUND_NOT_READY',
            `Round ${roundId} has applications: its semester stays`,
            'Semesterets datoer kan ikke endres etter at søknader har kommet inn i runden. Søknadsperioden og fristen kan endres.',
            { fields: [{ path: 'semesterStart', message: 'Semesteret kan ikke endres når runden har søknader' }] },
          );
        }
        const other = await findOverlappingRound(tx, locationIds, body.semesterStart, body.semesterEnd, roundId);
        if (other) throw overlapError(other);
      }
      return updateRoundRow(tx, roundId, body);
    });
    const [summary] = await roundSummaries(db, user, [row], now);
    return summary!;
  } catch (error) {
    if (sqlState(error) !== '23P01') throw error;
    throw overlapError(await findOverlappingRound(db, seen.locationIds, body.semesterStart, body.semesterEnd, roundId));
  }
}
