import type { MyDataExport, MyDataBooking } from '@lokaler/domain/my-data';
import type { AuthenticatedUser } from '../../auth/index';
import { findUserProfile } from '../../auth/user-repository';
import type { DbOrTx } from '../../db/client';
import type { OrgRegistry } from '../../integrations/org-registry/org-registry';
import { findPersonFeed, listAlertsOfPerson } from '../../availability';
import { listBookingsOfPerson, personalBookingRecords } from '../../bookings';
import { listValidOrganizations } from '../../people';
import { listSupportInquiriesFrom } from '../../platform';
import { loadWeddingFormsOf } from '../../weddings';

/**
 * GET /api/user/my-data (decision 057): everything the portal holds about the caller, read from the
 * areas that own it. Only the caller's own: their account row, the bookings they sent or took over,
 * their alerts and feed, the inquiries sent from their address. An organisation's bookings sent by
 * other representatives are the organisation's and theirs, not this person's, and are left out.
 */
export async function getMyData({
  db,
  user,
  orgRegistry,
  now,
}: {
  db: DbOrTx;
  user: AuthenticatedUser;
  orgRegistry: OrgRegistry;
  now: Date;
}): Promise<MyDataExport> {
  const profile = await findUserProfile(db, user.userId);
  const rows = await listBookingsOfPerson(db, user.userId);
  const records = await personalBookingRecords(db, rows);
  const weddings = new Map(
    (
      await loadWeddingFormsOf(
        db,
        rows.map((b) => b.id),
      )
    ).map((w) => [w.bookingId, w]),
  );
  const bookings: MyDataBooking[] = records.map((record) => {
    const form = weddings.get(record.id);
    return {
      ...record,
      wedding: form
        ? {
            submittedUtc: form.submittedAt?.toISOString() ?? null,
            answers: form.answers,
            identityNumber: form.applicantSsn ? maskIdentityNumber(form.applicantSsn) : null,
            certificate:
              form.certificateFilename && form.certificateAddedAt
                ? { filename: form.certificateFilename, addedUtc: form.certificateAddedAt.toISOString() }
                : null,
          }
        : null,
    };
  });
  const feed = await findPersonFeed(db, user.userId);
  const inquiries = profile.email ? await listSupportInquiriesFrom(db, profile.email) : [];
  const organizations = await listValidOrganizations({ user, orgRegistry });
  return {
    generatedUtc: now.toISOString(),
    profile: {
      name: profile.name,
      email: profile.email,
      createdUtc: profile.createdAt.toISOString(),
      lastLoginUtc: profile.lastLoginAt.toISOString(),
    },
    organizations: organizations.map((o) => ({ number: o.orgnr, name: o.orgNavn })),
    bookings,
    freeSlotAlerts: (await listAlertsOfPerson(db, user.userId)).map((a) => ({
      locationName: a.locationName,
      roomName: a.roomName,
      fromDate: a.fromDate,
      toDate: a.toDate,
      weekdays: a.weekdays,
      timeFrom: a.timeFrom,
      timeTo: a.timeTo,
      createdUtc: a.createdAt.toISOString(),
      endedUtc: a.endedAt?.toISOString() ?? null,
    })),
    calendarFeed: feed ? { createdUtc: feed.createdAt.toISOString(), rotatedUtc: feed.rotatedAt?.toISOString() ?? null } : null,
    supportInquiries: inquiries.map((q) => ({
      category: q.category,
      message: q.message,
      locationName: q.locationName,
      createdUtc: q.createdAt.toISOString(),
    })),
  };
}

/**
 * The identity number shows as its birth date and five stars. The person knows their own number; the
 * copy is a file that lands in a downloads folder, perhaps on a shared computer, and the number is
 * what identity theft needs (personopplysningsloven § 12). The birth date is enough to recognise that
 * the number is kept, and the deletion request says when it goes.
 */
export function maskIdentityNumber(value: string): string {
  return `${value.slice(0, 6)}*****`;
}
