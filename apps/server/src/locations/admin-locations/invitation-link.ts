import { randomBytes } from 'node:crypto';
import { osloClock } from '@lokaler/domain/scheduling/oslo-clock';
import type { Tx } from '../../db/client';
import { locationInvitationLink, locationInvitationMail } from '../../integrations/mail/location-invitation-mail';
import { enqueueMail } from '../../integrations/mail/outbox';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A new invitation link: 32 random bytes (the invitee's only credential until she claims it, and then
 * only together with a login of the invited address), valid `days` (LOCATION_INVITATION_DAYS) from now.
 */
export function newInvitationLink(now: Date, days: number): { linkId: string; expiresAt: Date } {
  return { linkId: randomBytes(32).toString('base64url'), expiresAt: new Date(now.getTime() + days * DAY_MS) };
}

/** Queues the invitation's e-mail in the writing transaction (sent by the outbox once it commits). */
export async function enqueueInvitationMail(
  tx: Tx,
  invitation: { to: string; locationName: string; invitedBy: string; adminPublicUrl: string; linkId: string; expiresAt: Date },
): Promise<void> {
  await enqueueMail(
    tx,
    locationInvitationMail({
      to: invitation.to,
      locationName: invitation.locationName,
      invitedBy: invitation.invitedBy,
      link: locationInvitationLink(invitation.adminPublicUrl, invitation.linkId),
      lastDay: osloClock(invitation.expiresAt).today,
    }),
  );
}
