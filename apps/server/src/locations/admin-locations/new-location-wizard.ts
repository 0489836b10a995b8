import { newLocationMessages, newLocationSteps, type NewLocationWizard, type StepStatus } from '@lokaler/domain/admin-location';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { findInvitationByLink, listSteps, type InvitationWithLocation } from './invitation-repository';

export function invitationNotFound(): AppError {
  return new AppError('NOT_FOUND', 'Invitation not found', newLocationMessages.invitationNotFound);
}

/** The invitation of a link whose location still exists; 404 'Fant ikke invitasjonen.' otherwise. */
export async function liveInvitation(db: DbOrTx, linkId: string, options: { lock?: boolean } = {}): Promise<InvitationWithLocation> {
  const invitation = await findInvitationByLink(db, linkId, options);
  if (!invitation || invitation.locationStatus === 'DELETED') throw invitationNotFound();
  return invitation;
}

/**
 * Who may work in a claimed wizard: the person who claimed the link while she administers the
 * location, and city admins. Before the claim nobody but a city admin (the app claims first).
 */
export function assertMayUseWizard(user: AuthenticatedUser, invitation: InvitationWithLocation): void {
  if (user.portal === 'ADMIN' && user.cityAdmin) return;
  if (invitation.usedByUserId !== user.userId || !user.adminLocationIds.includes(invitation.locationId)) {
    throw AppError.forbidden(`Not the person who claimed the invitation of location ${invitation.locationId}`);
  }
}

/** The wizard's state: every step, NOT_STARTED where no row says otherwise. */
export async function wizardOf(db: DbOrTx, invitation: InvitationWithLocation): Promise<NewLocationWizard> {
  const stored = new Map((await listSteps(db, invitation.locationId)).map((s) => [s.step, s.status as StepStatus]));
  return {
    locationId: invitation.locationId,
    locationName: invitation.locationName,
    published: invitation.locationStatus === 'PUBLISHED',
    steps: Object.fromEntries(newLocationSteps.map((step) => [step, stored.get(step) ?? 'NOT_STARTED'])) as NewLocationWizard['steps'],
  };
}

/** GET /api/admin/new-location/{linkId} */
export async function getNewLocationWizard({
  db,
  user,
  linkId,
}: {
  db: DbOrTx;
  user: AuthenticatedUser;
  linkId: string;
}): Promise<NewLocationWizard> {
  const invitation = await liveInvitation(db, linkId);
  assertMayUseWizard(user, invitation);
  return wizardOf(db, invitation);
}
