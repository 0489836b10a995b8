import type { CreateRoundBody, RoundSummary } from '@lokaler/domain/application-rounds';
import { formatDateNorwegian } from '@lokaler/domain/scheduling/format-date';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { Db, Tx } from '../../db/client';
import { sqlState } from '../../db/database-errors';
import { writeTransaction } from '../../db/write-transaction';
import { AppError } from '../../errors';
import { findLiveLocations, findOverlappingRound, insertRoundWithLocations, type OverlappingRound } from './repository';
import { managedLocationIds } from './round-access';
import { roundSummaries } from './round-summary';

/**
 * POST /api/admin/rounds (the body is valid by createRoundBody: dates in order, the deadline before
 * the semester). Every location must exist (422 naming it) and be managed by the caller (403; a
 * city-wide administrator manages all). A location already in a round whose semester overlaps is a
 * 409 ROUND_OVERLAPS naming that round and location: checked first for the message, and guaranteed
 * under concurrency by the exclusion constraint application_round_locations_no_overlap, whose
 * refusal (23P01) becomes the same 409. The round and its locations are written in one transaction.
 */
export async function createRound({
  db,
  user,
  body,
  now = new Date(),
  beforeInsert,
}: {
  db: Db;
  user: AuthenticatedUser;
  body: CreateRoundBody;
  now?: Date;
  /** Test seam: runs after the check, before the insert (a concurrent writer's round, seen only by the constraint). */
  beforeInsert?: (tx: Tx) => Promise<void>;
}): Promise<RoundSummary> {
  const found = new Map((await findLiveLocations(db, body.locationIds)).map((l) => [l.id, l]));
  const unknown = body.locationIds.find((id) => !found.has(id));
  if (unknown !== undefined) {
    throw new AppError('UNPROCESSABLE', `Location ${unknown} does not exist`, `Fant ikke stedet med id ${unknown}. Velg stedene på nytt.`, {
      fields: [{ path: 'locationIds', message: `Fant ikke stedet med id ${unknown}` }],
    });
  }
  const managed = new Set(managedLocationIds(user, body.locationIds));
  const notManaged = body.locationIds.find((id) => !managed.has(id));
  if (notManaged !== undefined) throw AppError.forbidden(`Not an administrator of location ${notManaged}`);

  const span = [body.semesterStart, body.semesterEnd] as const;
  try {
    const round = await writeTransaction(db, async (tx) => {
      const other = await findOverlappingRound(tx, body.locationIds, ...span);
      if (other) throw overlapError(other);
      await beforeInsert?.(tx);
      return insertRoundWithLocations(tx, { ...body, createdByUserId: user.userId });
    });
    const [summary] = await roundSummaries(db, user, [round], now);
    return summary!;
  } catch (error) {
    if (sqlState(error) !== '23P01') throw error;
    // A round of the same location was written meanwhile: name it, as the check above would have.
    const other = await findOverlappingRound(db, body.locationIds, ...span);
    throw overlapError(other);
  }
}

/** The 409 ROUND_OVERLAPS naming the other round and location (creating and changing a round). */
export function overlapError(other: OverlappingRound | null): AppError {
  const userMsg = other
    ? `${other.locationName} er allerede med i søknadsrunden «${other.roundName}», med semester ${formatDateNorwegian(other.semesterStart)}–${formatDateNorwegian(other.semesterEnd)}. Et sted kan bare være med i én runde for samme periode.`
    : 'Et av stedene er allerede med i en søknadsrunde for samme periode. Et sted kan bare være med i én runde for samme periode.';
  return new AppError('ROUND_OVERLAPS', 'A location of the round is in another round with an overlapping semester', userMsg);
}
