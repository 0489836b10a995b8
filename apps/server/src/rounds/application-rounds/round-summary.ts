import { roundPhase, type RoundSummary } from '@lokaler/domain/application-rounds';
import { osloClock } from '@lokaler/domain/scheduling/oslo-clock';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { DbOrTx } from '../../db/client';
import { loadRoundCounts, loadRoundLocations } from './repository';
import { canCloseRound, type RoundRow } from './round-access';

/** The rounds as the caller sees them: two queries (locations, counts) whatever the number of rounds. */
export async function roundSummaries(db: DbOrTx, user: AuthenticatedUser, rounds: readonly RoundRow[], now: Date): Promise<RoundSummary[]> {
  const ids = rounds.map((r) => r.id);
  const locationsByRound = await loadRoundLocations(db, ids);
  const countsByRound = await loadRoundCounts(db, ids);
  const { today } = osloClock(now);
  return rounds.map((round) => {
    const locations = locationsByRound.get(round.id) ?? [];
    const counts = countsByRound.get(round.id) ?? { applicationCount: 0, undecidedCount: 0, decidedCount: 0 };
    return {
      id: round.id,
      name: round.name,
      applicationStart: round.applicationStart,
      deadline: round.deadline,
      semesterStart: round.semesterStart,
      semesterEnd: round.semesterEnd,
      maxApplicationsPerApplicant: round.maxApplicationsPerApplicant,
      maxWeeklyHoursPerApplicant: round.maxWeeklyHoursPerApplicant,
      status: round.status,
      phase: roundPhase(round, today),
      locations,
      ...counts,
      canClose: canCloseRound(user, { round, locationIds: locations.map((l) => l.id) }),
    };
  });
}
