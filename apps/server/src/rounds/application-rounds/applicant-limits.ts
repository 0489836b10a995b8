import { roundLimitProblem } from '@lokaler/domain/fair-share';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import { findRoundWishesOfApplicant, lockRoundApplicant, type RoundApplicant } from './applicant-limits-repository';
import type { NewWish } from './repository';
import type { RoundRow } from './round-access';

/**
 * A semester application entering a round holds no time, so the pending limits do not count it
 * (decision 041): the round's own rules do, per applicant (the effective identity: an organisation
 * across its representatives) — applications in the round, and wished hours a week (one date of each
 * wish). Runs in the booking's transaction under the applicant's lock for the round, so two
 * applications at once are counted one after the other; a refusal is a 422 naming the round's limit.
 */
export async function assertWithinRoundLimits(
  tx: Tx,
  {
    round,
    applicant,
    wishes,
    bookingId,
  }: { round: RoundRow; applicant: RoundApplicant; wishes: readonly Pick<NewWish, 'startMinute' | 'endMinute'>[]; bookingId: number },
): Promise<void> {
  await lockRoundApplicant(tx, round.id, applicant);
  const soFar = await findRoundWishesOfApplicant(tx, round.id, applicant, bookingId);
  const asked = wishes.reduce((sum, w) => sum + (w.endMinute - w.startMinute), 0);
  const limits = {
    maxApplicationsPerApplicant: round.maxApplicationsPerApplicant,
    maxWeeklyHoursPerApplicant: round.maxWeeklyHoursPerApplicant,
  };
  const problem = roundLimitProblem(limits, round.name, soFar, asked);
  if (problem)
    throw new AppError('BOOKING_LIMIT_REACHED', `Round ${round.id}: the applicant's limit is reached`, problem, {
      fields: [{ path: 'body.availabilityData.probablyAvailable', message: problem }],
    });
}
