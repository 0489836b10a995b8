import type { WeddingApplicationAnswers, WeddingFormResponse } from '@lokaler/domain/wedding-application-answers';
import type { WeddingApplicationRequest } from '@lokaler/domain/wedding-application';
import { weddingMessages } from '@lokaler/domain/wedding-application-texts';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { enqueueMail } from '../../integrations/mail/outbox';
import type { EffectiveIdentity } from '../../people';
import { recordApplicationReceived } from '../../bookings';
import { checkUpload } from '../wedding-certificate/check-upload';
import { readWeddingForm } from '../wedding-certificate/get-wedding-form';
import { fulfilWeddingCertificate, upsertProevingsattest } from '../wedding-certificate/repository';
import { endHold, saveWeddingAnswers } from './repository';
import { weddingConfirmationMail } from './wedding-confirmation-mail';
import { loadWeddingBooking, timeStillHeld } from './wedding-booking';
import { writeTransaction } from '../../db/write-transaction';

/**
 * POST /user/form/wedding (decision 012). One transaction, the booking locked first: the held
 * time must still be this booking's (else 409 TIME_NO_LONGER_HELD, the spec's 'Ett eller flere
 * tidspunkt er opptatt'); a form is sent once (409 otherwise); a certificate sent along passes the
 * upload's checks. Then the answers are stored, the certificate too, the hold ends (the booking
 * waits for the wedding office) and the confirmation is queued. A refused request writes nothing.
 */
export async function submitWeddingApplication(options: {
  db: Db;
  identity: EffectiveIdentity;
  body: WeddingApplicationRequest;
  now: Date;
  publicUrl: string;
}): Promise<WeddingFormResponse> {
  const { db, identity, body, now } = options;
  return writeTransaction(db, async (tx) => {
    const wedding = await loadWeddingBooking(tx, identity, body.bookingId, { lock: true });
    const { booking } = wedding;
    if (wedding.submittedAt)
      throw new AppError('CONFLICT', `The wedding form of booking ${booking.id} was sent already`, weddingMessages.alreadySubmitted);
    if (!timeStillHeld(wedding, now)) {
      throw new AppError(
        'TIME_NO_LONGER_HELD',
        `Booking ${booking.id} no longer holds its time (${booking.status}, hold ${booking.holdExpiresAt?.toISOString() ?? 'none'})`,
        weddingMessages.timesTakenTitle,
      );
    }
    const file = body.proevingsattestFile === '' ? null : await checkUpload({ proevingsattestFile: body.proevingsattestFile });

    await saveWeddingAnswers(tx, booking.id, { answers: answersOf(body), applicantSsn: body.applicantSsn || null, submittedAt: now });
    if (file) {
      await upsertProevingsattest(tx, booking.id, { ...file, addedAt: now, uploadedByUserId: identity.user.userId });
      await fulfilWeddingCertificate(tx, booking.id, identity.user, now);
    }
    await endHold(tx, booking.id, now);
    // The wedding's application came in now, not when its time was taken: the archive opens the case here (decision 056).
    await recordApplicationReceived(tx, booking.id);
    // The e-mail given in the form, else the one given when the time was taken (the prefill's), else the login's.
    const to = body.applicantEmail || booking.formAnswers.contactEmail || identity.user.email;
    if (to) {
      await enqueueMail(
        tx,
        weddingConfirmationMail({
          to,
          bookingId: booking.id,
          caseNumber: booking.caseNumber,
          locationName: wedding.locationName,
          time: wedding.activeTimes[0],
          certificateSent: file !== null,
          publicUrl: options.publicUrl,
        }),
      );
    }
    return readWeddingForm(tx, booking.id);
  });
}

/** What is kept of the payload: the answers, without the file, the declaration, the SSN and the empty reference. */
function answersOf(body: WeddingApplicationRequest): WeddingApplicationAnswers {
  const {
    bookingId: _bookingId,
    applicantSsn: _ssn,
    declarationAccepted: _declaration,
    userReferenceId: _reference,
    submitProevingsattestNow: _now,
    proevingsattestFile: _file,
    ...answers
  } = body;
  return answers;
}
