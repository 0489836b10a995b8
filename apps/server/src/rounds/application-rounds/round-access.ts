import type { DbOrTx } from '../../db/client';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { AppError } from '../../errors';
import { selectRound, selectRoundLocationIds, type RoundRow } from './round-repository';

/**
 * Who may do what with a round (decision 029). A city-wide administrator manages every
 * round; a location's administrator sees a round that has one of their locations and allocates the
 * wishes for its rooms; closing answers every application of the round, so it takes managing all of
 * its locations.
 */

export type { RoundRow };

export interface RoundWithLocations {
  round: RoundRow;
  locationIds: number[];
}

/** The round and its locations; 404 when there is no such round. `lock` takes the round's row lock. */
export async function loadRound(db: DbOrTx, roundId: number, options: { lock?: boolean } = {}): Promise<RoundWithLocations> {
  const round = await selectRound(db, roundId, options);
  if (!round) throw AppError.notFound(`Round ${roundId}`);
  return { round, locationIds: await selectRoundLocationIds(db, roundId) };
}

/** The round's locations the caller manages (all of them for a city-wide administrator). */
export function managedLocationIds(user: AuthenticatedUser, locationIds: readonly number[]): number[] {
  if (user.portal !== 'ADMIN') return [];
  if (user.cityAdmin) return [...locationIds];
  return locationIds.filter((id) => user.adminLocationIds.includes(id));
}

/** The caller manages at least one of the round's locations; 403 otherwise (as for a booking of another location). */
export function assertSeesRound(user: AuthenticatedUser, round: RoundWithLocations): number[] {
  const managed = managedLocationIds(user, round.locationIds);
  if (managed.length === 0) throw AppError.forbidden(`Not an administrator of any location of round ${round.round.id}`);
  return managed;
}

/** Closing answers every application of the round: the caller must manage all its locations. */
export function canCloseRound(user: AuthenticatedUser, round: RoundWithLocations): boolean {
  return managedLocationIds(user, round.locationIds).length === round.locationIds.length;
}

export function assertClosesRound(user: AuthenticatedUser, round: RoundWithLocations): void {
  if (!canCloseRound(user, round)) throw AppError.forbidden(`Closing round ${round.round.id} takes managing all its locations`);
}

/** Allocations change only while the round is OPEN and its deadline has passed or not: CLOSING/CLOSED refuse. */
export function assertRoundOpen(round: RoundRow): void {
  if (round.status !== 'OPEN') {
    throw new AppError('ROUND_CLOSED', `Round ${round.id} is ${round.status}`, 'Runden er lukket. Fordelingen kan ikke endres lenger.');
  }
}
