import { newLocationMessages, newLocationSteps } from '@lokaler/domain/admin-location';
import type { Location } from '@lokaler/domain/location';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { writeLocationAudit } from '../location-audit/write-location-audit';
import { findLocation } from '../locations/repository';
import { listSteps } from './invitation-repository';
import { findLiveLocation, readinessCounts, updateLocation } from './location-repository';
import { assertMayUseWizard, invitationNotFound, liveInvitation } from './new-location-wizard';
import { writeTransaction } from '../../db/write-transaction';

/**
 * POST /api/admin/new-location/{linkId}/publish (decision 015): every step SAVED, a position, standard
 * opening hours on a weekday and a visible room, else 422 naming each thing missing. Publishing is a
 * status change of the location row: the triggers move the search's and schedule's versions in the
 * same transaction, so the portal's next request sees it. Publishing twice is harmless.
 */
export async function publishLocation({ db, user, linkId }: { db: Db; user: AuthenticatedUser; linkId: string }): Promise<Location> {
  const invitation = await liveInvitation(db, linkId);
  assertMayUseWizard(user, invitation);
  const { locationId } = invitation;
  await writeTransaction(db, async (tx) => {
    // Locked: a room or an opening hour removed at this moment cannot slip past the checks.
    const location = await findLiveLocation(tx, locationId, { lock: true });
    if (!location) throw invitationNotFound();
    if (location.status === 'PUBLISHED') return;
    const saved = new Set((await listSteps(tx, locationId)).filter((s) => s.status === 'SAVED').map((s) => s.step));
    const { openWeekdays, visibleRooms } = await readinessCounts(tx, locationId);
    const missing: { path: string; message: string }[] = [
      newLocationSteps.every((s) => saved.has(s)) ? null : { path: 'steps', message: newLocationMessages.stepsMissing },
      location.lat !== null && location.lng !== null ? null : { path: 'position', message: newLocationMessages.positionMissing },
      openWeekdays > 0 ? null : { path: 'openingHours', message: newLocationMessages.openingHoursMissing },
      visibleRooms > 0 ? null : { path: 'rooms', message: newLocationMessages.roomMissing },
    ].filter((m) => m !== null);
    if (missing.length > 0) {
      throw new AppError(
        'UNPROCESSABLE',
        `Location ${locationId} is not ready: ${missing.map((m) => m.path).join(', ')}`,
        missing.map((m) => m.message).join(' '),
        { fields: missing },
      );
    }
    await updateLocation(tx, locationId, { status: 'PUBLISHED' });
    await writeLocationAudit(tx, {
      locationId,
      user,
      action: 'PUBLISHED',
      before: { status: location.status },
      after: { status: 'PUBLISHED' },
    });
  });
  const published = await findLocation(db, locationId);
  if (!published) throw invitationNotFound();
  return published;
}
