import { locationFieldMessages, type CreateLocationBody } from '@lokaler/domain/admin-location';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { writeLocationAudit } from '../location-audit/write-location-audit';
import { enqueueInvitationMail, newInvitationLink } from './invitation-link';
import { insertInvitation } from './invitation-repository';
import { toInvitation } from './invitation-status';
import { areaExists, insertLocation, insertLocationAdmin } from './location-repository';
import { writeTransaction } from '../../db/write-transaction';

/** An unknown district is well-formed input the server cannot use: 422 with the form's message. */
export function unknownArea(): AppError {
  return new AppError('UNPROCESSABLE', 'Unknown geographic area', locationFieldMessages.unknownArea, {
    fields: [{ path: 'body.geographicAreaId', message: locationFieldMessages.unknownArea }],
  });
}

/**
 * POST /api/admin/new-locations (decision 015): the location (UNPUBLISHED), its first administrator,
 * the invitation and its e-mail, and the audit entry — one transaction, so a failure leaves nothing.
 */
export async function createLocation(options: {
  db: Db;
  user: AuthenticatedUser;
  body: CreateLocationBody;
  invitationDays: number;
  adminPublicUrl: string;
  now?: Date;
}) {
  const { db, user, body, now = new Date() } = options;
  if (!user.cityAdmin) throw AppError.forbidden('A city-wide administrator is required');
  return writeTransaction(db, async (tx) => {
    if (!(await areaExists(tx, body.geographicAreaId))) throw unknownArea();
    const locationId = await insertLocation(tx, {
      name: body.name,
      publicLocationType: body.publicLocationType,
      geographicAreaId: body.geographicAreaId,
    });
    await insertLocationAdmin(tx, locationId, body.adminEmail);
    const { linkId, expiresAt } = newInvitationLink(now, options.invitationDays);
    const invitation = await insertInvitation(tx, {
      linkId,
      locationId,
      email: body.adminEmail,
      createdByUserId: user.userId,
      createdAt: now,
      expiresAt,
    });
    await enqueueInvitationMail(tx, {
      to: body.adminEmail,
      locationName: body.name,
      invitedBy: user.name,
      adminPublicUrl: options.adminPublicUrl,
      linkId,
      expiresAt,
    });
    await writeLocationAudit(tx, {
      locationId,
      user,
      action: 'LOCATION_CREATED',
      before: null,
      after: {
        name: body.name,
        publicLocationType: body.publicLocationType,
        geographicAreaId: body.geographicAreaId,
        adminEmail: body.adminEmail,
      },
    });
    return { locationId, invitation: toInvitation({ ...invitation, locationName: body.name, locationStatus: 'UNPUBLISHED' }, now) };
  });
}
