import type { NewLocationStep, NewLocationWizard } from '@lokaler/domain/admin-location';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { Db } from '../../db/client';
import { upsertStep } from './invitation-repository';
import { assertMayUseWizard, liveInvitation, wizardOf } from './new-location-wizard';

/** PUT /api/admin/new-location/{linkId}/steps/{step}: STARTED or SAVED; a SAVED step stays SAVED. */
export async function putStepStatus({ db, user, linkId, step, status }: {
  db: Db; user: AuthenticatedUser; linkId: string; step: NewLocationStep; status: 'STARTED' | 'SAVED';
}): Promise<NewLocationWizard> {
  const invitation = await liveInvitation(db, linkId);
  assertMayUseWizard(user, invitation);
  await upsertStep(db, invitation.locationId, step, status);
  return wizardOf(db, invitation);
}
