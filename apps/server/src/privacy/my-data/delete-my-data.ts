import type { MyDataDeleted, MyDataDeletion } from '@lokaler/domain/my-data';
import type { AuthenticatedUser } from '../../auth/index';
import { findUserProfile, forgetUserEmail } from '../../auth/user-repository';
import type { Db } from '../../db/client';
import { writeTransaction } from '../../db/write-transaction';
import { deleteAlertsOfPerson, deletePersonFeed } from '../../availability';
import { anonymiseBookingsOf, appendChangeLog, listBookingsOfPerson, personalBookingRecords } from '../../bookings';
import { deleteSupportInquiriesFrom } from '../../platform';
import { forgetWeddingFormsOf, loadWeddingFormsOf } from '../../weddings';
import { deletedTexts, deletionMessage, isActiveBooking, keptAfterDeletion, type BookingFacts } from './deletion-rules';

/** What a deletion did, in numbers only: for the log line (no personal data in logs). */
export type DeletionCounts = Record<MyDataDeleted['kind'], number>;

/** The change-log note on each booking the request changed: who (the applicant, by user id) and what, no personal data. */
const NOTE = {
  booking: 'Søkeren ba om sletting av personopplysninger (Mine data): kontaktopplysningene er fjernet.',
  wedding:
    'Søkeren ba om sletting av personopplysninger (Mine data): kontaktopplysningene, fødselsnummeret, prøvingsattesten og personopplysningene i vigselsskjemaet er fjernet.',
} as const;

/**
 * POST /api/user/my-data/deletion (decision 057): removes now what the rules in deletion-rules.ts let
 * go and answers what went and what stays, with why. One transaction: all of it or nothing. A request
 * when nothing can go is no error (200 with the reasons): it is the same question, and the answer tells.
 */
export async function deleteMyData({
  db,
  user,
  now,
  bookingMonths,
}: {
  db: Db;
  user: AuthenticatedUser;
  now: Date;
  bookingMonths: number;
}): Promise<{ answer: MyDataDeletion; counts: DeletionCounts }> {
  return writeTransaction(db, async (tx) => {
    const rows = await listBookingsOfPerson(tx, user.userId);
    const records = await personalBookingRecords(tx, rows);
    const weddingIds = new Set(
      (
        await loadWeddingFormsOf(
          tx,
          rows.map((b) => b.id),
        )
      ).map((w) => w.bookingId),
    );
    const facts: BookingFacts[] = rows.map((booking, index) => ({
      booking,
      active: isActiveBooking(booking, now),
      wedding: weddingIds.has(booking.id),
      documents: records[index]!.documents.length > 0 || records[index]!.signedContract !== null,
    }));
    const finishedIds = facts.filter((f) => !f.active).map((f) => f.booking.id);

    const anonymised = await anonymiseBookingsOf(tx, finishedIds);
    const weddingsForgotten = await forgetWeddingFormsOf(
      tx,
      finishedIds.filter((id) => weddingIds.has(id)),
    );
    for (const bookingId of [...new Set([...anonymised, ...weddingsForgotten])].sort((a, b) => a - b)) {
      await note(tx, user, bookingId, weddingsForgotten.includes(bookingId) ? NOTE.wedding : NOTE.booking);
    }

    // The address ties the contact form's messages to the person: read before the address may go.
    const { email } = await findUserProfile(tx, user.userId);
    const supportInquiries = email ? await deleteSupportInquiriesFrom(tx, email) : 0;
    const emailKept = facts.some((f) => f.active);
    const counts: DeletionCounts = {
      FREE_SLOT_ALERTS: await deleteAlertsOfPerson(tx, user.userId),
      CALENDAR_FEED: await deletePersonFeed(tx, user.userId),
      SUPPORT_INQUIRIES: supportInquiries,
      PROFILE_EMAIL: !emailKept && (await forgetUserEmail(tx, user.userId)) ? 1 : 0,
      BOOKING_CONTACTS: anonymised.length,
      WEDDING_DETAILS: weddingsForgotten.length,
    };
    const deleted = (Object.keys(counts) as MyDataDeleted['kind'][])
      .filter((kind) => counts[kind] > 0)
      .map((kind) => ({ kind, what: deletedTexts[kind], count: counts[kind] }));
    return { answer: { userMsg: deletionMessage(deleted), deleted, kept: keptAfterDeletion(facts, { bookingMonths, emailKept }) }, counts };
  });
}

function note(tx: Parameters<typeof appendChangeLog>[0], user: AuthenticatedUser, bookingId: number, comment: string) {
  // The applicant's role, not their name: the note must not put personal data back.
  return appendChangeLog(tx, { bookingId, type: 'PersonalDataDeleted', userId: user.userId, userName: 'Søkeren', comment });
}
