import type { OpenRoundOfLocation } from '@lokaler/domain/application-rounds';
import { osloClock } from '@lokaler/domain/scheduling/oslo-clock';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { findCollectingRounds, locationExists } from './repository';

/**
 * GET /api/location/{id}/round: the round a semester application to the location enters today (OPEN,
 * application start <= today <= deadline), else { round: null }; 404 for an unknown location. When two
 * rounds of the location (different semesters) collect at once, the one whose deadline comes first.
 */
export async function getOpenRoundOfLocation({
  db,
  locationId,
  now = new Date(),
}: {
  db: DbOrTx;
  locationId: number;
  now?: Date;
}): Promise<OpenRoundOfLocation> {
  const [round] = await findCollectingRounds(db, locationId, osloClock(now).today);
  if (!round) {
    if (!(await locationExists(db, locationId))) throw AppError.notFound(`Location ${locationId}`);
    return { round: null };
  }
  return { round: { name: round.name, deadline: round.deadline, semesterStart: round.semesterStart, semesterEnd: round.semesterEnd } };
}
