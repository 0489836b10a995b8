import { randomBytes } from 'node:crypto';
import { locationFieldMessages, type CreateLocationBody } from '@lokaler/domain/admin-location';
import { osloClock } from '@lokaler/domain/scheduling/oslo-clock';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { locationInvitationLink, locationInvitationMail } from '../../integrations/mail/location-invitation-mail';
import { enqueueMail } from '../../integrations/mail/outbox';
import { writeLocationAudit } from '../location-audit/write-location-audit';
import { insertInvitation } from './invitation-repository';
import { toInvitation } from './invitation-status';
import { areaExists, insertLocation, insertLocationAdmin } from './location-repository';
import { writeTransaction } from '../../db/write-transaction';

const DAY_MS = 24 * 60 * 60 * 1000;

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
    const locationId = await insertLocation(tx, { name: body.name, publicLocationType: body.publicLocationType, geographicAreaId: body.geographicAreaId });
    await insertLocationAdmin(tx, locationId, body.adminEmail);
    // 32 random bytes: the link is the invitee's only credential until she claims it.
    const linkId = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + options.invitationDays * DAY_MS);
    const invitation = await insertInvitation(tx, { linkId, locationId, email: body.adminEmail, createdByUserId: user.userId, createdAt: now, expiresAt });
    await enqueueMail(tx, locationInvitationMail({
      to: body.adminEmail,
      locationName: body.name,
      invitedBy: user.name,
      link: locationInvitationLink(options.adminPublicUrl, linkId),
      lastDay: osloClock(expiresAt).today,
    }));
    await writeLocationAudit(tx, {
      locationId, user, action: 'LOCATION_CREATED', before: null,
      after: { name: body.name, publicLocationType: body.publicLocationType, geographicAreaId: body.geographicAreaId, adminEmail: body.adminEmail },
    });
    return { locationId, invitation: toInvitation({ ...invitation, locationName: body.name, locationStatus: 'UNPUBLISHED' }, now) };
  });
}
