import type { RoundList } from '@lokaler/domain/application-rounds';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { DbOrTx } from '../../db/client';
import { listRoundRows } from './repository';
import { roundSummaries } from './round-summary';

/** GET /api/admin/rounds: the rounds with at least one location the caller manages (every round, city-wide), newest semester first. */
export async function listRounds({ db, user, now = new Date() }: { db: DbOrTx; user: AuthenticatedUser; now?: Date }): Promise<RoundList> {
  const rows = await listRoundRows(
    db,
    user.portal === 'ADMIN' && user.cityAdmin ? null : user.portal === 'ADMIN' ? user.adminLocationIds : [],
  );
  return { rounds: await roundSummaries(db, user, rows, now) };
}
