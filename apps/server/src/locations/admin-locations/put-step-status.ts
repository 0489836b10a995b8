import { newLocationMessages, type NewLocationStep, type NewLocationWizard } from '@lokaler/domain/admin-location';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { upsertStep } from './invitation-repository';
import { readinessCounts } from './location-repository';
import { assertMayUseWizard, liveInvitation, wizardOf } from './new-location-wizard';

/**
 * PUT /api/admin/new-location/{linkId}/steps/{step}: STARTED or SAVED; a SAVED step stays SAVED. The
 * opening-hours step is saved only when a weekday is open (the standard week, as publishing counts
 * it): 409 'Lokalet må ha åpningstider' otherwise, so the wizard never says 'Lagret' for a location
 * that cannot be published for want of hours.
 */
export async function putStepStatus({
  db,
  user,
  linkId,
  step,
  status,
}: {
  db: Db;
  user: AuthenticatedUser;
  linkId: string;
  step: NewLocationStep;
  status: 'STARTED' | 'SAVED';
}): Promise<NewLocationWizard> {
  const invitation = await liveInvitation(db, linkId);
  assertMayUseWizard(user, invitation);
  if (step === 'apningstider' && status === 'SAVED' && (await readinessCounts(db, invitation.locationId)).openWeekdays === 0) {
    const message = newLocationMessages.openingHoursRequired;
    throw new AppError('CONFLICT', `Location ${invitation.locationId} has no open weekday`, message, {
      fields: [{ path: 'openingHours', message }],
    });
  }
  await upsertStep(db, invitation.locationId, step, status);
  return wizardOf(db, invitation);
}
