import { newLocationMessages, type NewLocationWizard } from '@lokaler/domain/admin-location';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { writeLocationAudit } from '../location-audit/write-location-audit';
import { bindInvitation } from './invitation-repository';
import { insertLocationAdmin } from './location-repository';
import { liveInvitation, wizardOf } from './new-location-wizard';
import { writeTransaction } from '../../db/write-transaction';

function gone(message: string): AppError {
  return new AppError(
    'GONE',
    message === newLocationMessages.invitationUsed ? 'Invitation used by someone else' : 'Invitation expired',
    message,
  );
}

/**
 * POST /api/admin/new-location/{linkId}/claim (decisions 015 and 039). The invitation is bound to the
 * invited e-mail: a login whose identity (the admin's ADMIN_OIDC_USER_CLAIM, an address) is another
 * gets 403 and changes nothing, so the link still works for the invited person. Her first claim binds
 * the link to her login and makes her an administrator of the location; she may claim again (another
 * device); another login with the same address gets 410, and so does everyone once an unclaimed link
 * has expired. A link replaced by a re-send is unknown (404).
 */
export async function claimInvitation({
  db,
  user,
  linkId,
  now = new Date(),
}: {
  db: Db;
  user: AuthenticatedUser;
  linkId: string;
  now?: Date;
}): Promise<NewLocationWizard> {
  if (!user.email) throw AppError.forbidden('An administrator without an e-mail address cannot administer a location');
  const email = user.email;
  return writeTransaction(db, async (tx) => {
    const invitation = await liveInvitation(tx, linkId, { lock: true });
    // Both sides lower-case: the invitation is stored so, and an identity provider may spell an address with capitals.
    if (email.toLowerCase() !== invitation.email.toLowerCase()) {
      throw new AppError(
        'FORBIDDEN',
        `Invitation ${invitation.id} is for another e-mail address`,
        newLocationMessages.invitationForSomeoneElse,
      );
    }
    if (invitation.usedByUserId !== null && invitation.usedByUserId !== user.userId) throw gone(newLocationMessages.invitationUsed);
    if (invitation.usedByUserId === null && invitation.expiresAt.getTime() <= now.getTime())
      throw gone(newLocationMessages.invitationExpired);
    if (!(await bindInvitation(tx, invitation.id, user.userId))) throw gone(newLocationMessages.invitationUsed);
    // Her token is read against location_admins on every request: from the next one on she administers it.
    await insertLocationAdmin(tx, invitation.locationId, email);
    if (invitation.usedByUserId === null) {
      await writeLocationAudit(tx, {
        locationId: invitation.locationId,
        user,
        action: 'ADMIN_ADDED',
        before: null,
        after: { email: email.toLowerCase(), invitation: invitation.id },
      });
    }
    return wizardOf(tx, invitation);
  });
}
