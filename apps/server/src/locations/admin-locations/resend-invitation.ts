import { newLocationMessages, type LocationInvitation } from '@lokaler/domain/admin-location';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { Db } from '../../db/client';
import { writeTransaction } from '../../db/write-transaction';
import { AppError } from '../../errors';
import { writeLocationAudit } from '../location-audit/write-location-audit';
import { enqueueInvitationMail, newInvitationLink } from './invitation-link';
import { findInvitationById, replaceInvitationLink } from './invitation-repository';
import { toInvitation } from './invitation-status';
import { invitationNotFound } from './new-location-wizard';

function notResendable(invitationId: number, why: string): AppError {
  return new AppError('CONFLICT', `Invitation ${invitationId} ${why}`, newLocationMessages.invitationNotResendable);
}

/**
 * POST /api/admin/new-locations/{id}/resend (city admins; decision 039): a new link to the same invited
 * address, valid LOCATION_INVITATION_DAYS from now, e-mailed again; the old link stops working (it is
 * replaced, so it is unknown: 404). Only while nobody has claimed it (SENT or EXPIRED): 409 once the
 * invitee has taken it in use or the location is published. One transaction with its audit entry.
 */
export async function resendInvitation(options: {
  db: Db;
  user: AuthenticatedUser;
  invitationId: number;
  invitationDays: number;
  adminPublicUrl: string;
  now?: Date;
}): Promise<LocationInvitation> {
  const { db, user, invitationId, now = new Date() } = options;
  if (!user.cityAdmin) throw AppError.forbidden('A city-wide administrator is required');
  return writeTransaction(db, async (tx) => {
    const invitation = await findInvitationById(tx, invitationId, { lock: true });
    if (!invitation || invitation.locationStatus === 'DELETED') throw invitationNotFound();
    if (invitation.locationStatus === 'PUBLISHED') throw notResendable(invitationId, 'belongs to a published location');
    const { linkId, expiresAt } = newInvitationLink(now, options.invitationDays);
    const replaced = await replaceInvitationLink(tx, invitation.id, { linkId, sentAt: now, expiresAt });
    if (!replaced) throw notResendable(invitationId, 'is claimed already');
    await enqueueInvitationMail(tx, {
      to: invitation.email,
      locationName: invitation.locationName,
      invitedBy: user.name,
      adminPublicUrl: options.adminPublicUrl,
      linkId,
      expiresAt,
    });
    await writeLocationAudit(tx, {
      locationId: invitation.locationId,
      user,
      action: 'INVITATION_RESENT',
      before: { expiresTimeUtc: invitation.expiresAt.toISOString() },
      after: { email: invitation.email, invitation: invitation.id, expiresTimeUtc: expiresAt.toISOString() },
    });
    return toInvitation({ ...replaced, locationName: invitation.locationName, locationStatus: invitation.locationStatus }, now);
  });
}
