import { AFFECTED_BOOKINGS, closingMessages, type AffectedBooking } from '@lokaler/domain/closing-with-bookings';
import type { ReservationStatus } from '@lokaler/domain/reservation';
import { formatDateNorwegian } from '@lokaler/domain/scheduling/format-date';
import { formatClock, reservationEndTime } from '@lokaler/domain/scheduling/time-of-day';
import { assetDisplayName } from '@lokaler/domain/bookable-asset';
import {
  applicantMail,
  addDecisionMessage,
  byAdministrator,
  changeStatuses,
  describeTimes,
  findLocationContact,
  type NewChangeLogEntry,
} from '../../bookings';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { OutboxMail } from '../../integrations/mail/outbox';
import type { Closing, ClosingHook } from '../../locations';
import { lockAndFindAffected, type AffectedRow } from './repository';

/**
 * The closing step (decision 042), registered with the locations area in areas.ts: a closed date
 * range or new blocked times over active bookings. No bookings hit: nothing to do. Hit, and no
 * decision: 409 AFFECTED_BOOKINGS listing them (the closing is not written). KEEP: the times stay
 * (the calendars show the day closed and the time still booked). CANCEL: the times leave their
 * bookings through the one writer (changeStatuses, decision 037), in the closing's transaction: a
 * booking that loses every active time is CANCELLED; otherwise an approved time becomes UNAVAILABLE
 * and an unprocessed one REJECTED (as an administrator's taking back a time). Each booking gets one
 * change-log entry 'Stengt: <reason>', the message on its page, and its applicant one e-mail.
 */
export function closingWithBookings(publicUrl: string): ClosingHook {
  return async (tx, closing) => {
    const rows = await lockAndFindAffected(tx, closing.closed);
    if (rows.length === 0) return;
    const byBooking = groupByBooking(rows);
    if (!closing.decision) {
      throw new AppError(
        AFFECTED_BOOKINGS,
        `The closing hits ${rows.length} active time(s) of ${byBooking.size} booking(s)`,
        closingMessages.affected,
        { affectedBookings: [...byBooking.values()].map(toAffectedBooking) },
      );
    }
    if (closing.decision.decision === 'KEEP') return;
    await cancelTimes(tx, closing, byBooking, publicUrl);
  };
}

function groupByBooking(rows: readonly AffectedRow[]): Map<number, AffectedRow[]> {
  const result = new Map<number, AffectedRow[]>();
  for (const r of rows) result.set(r.bookingId, [...(result.get(r.bookingId) ?? []), r]);
  return result;
}

function toAffectedBooking(rows: readonly AffectedRow[]): AffectedBooking {
  const first = rows[0]!;
  return {
    bookingId: first.bookingId,
    caseNumber: first.caseNumber,
    status: first.bookingStatus,
    applicantName: first.applicantName,
    organizationName: first.organizationName,
    times: rows.map((r) => ({
      reservationId: r.reservationId,
      bookableAssetId: r.bookableAssetId,
      roomName: assetDisplayName(r.roomName, r.roomNumber),
      date: r.date,
      startTime: formatClock(r.startTime),
      endTime: formatClock(reservationEndTime(r.startTime, r.durationMinutes)),
    })),
  };
}

async function cancelTimes(tx: Tx, closing: Closing, byBooking: ReadonlyMap<number, AffectedRow[]>, publicUrl: string): Promise<void> {
  const message = closing.decision?.message?.trim() ?? '';
  const reason = closing.reason?.trim() || message;
  const now = new Date();
  const bookings: { bookingId: number; to: 'CANCELLED' }[] = [];
  const reservations: { id: number; to: ReservationStatus }[] = [];
  const log: NewChangeLogEntry[] = [];
  const mail: OutboxMail[] = [];
  const location = await findLocationContact(tx, closing.closed.locationId);
  const locationName = location?.name ?? 'Lokalet';
  for (const rows of byBooking.values()) {
    const first = rows[0]!;
    const whole = rows.length >= first.activeCount;
    if (whole) bookings.push({ bookingId: first.bookingId, to: 'CANCELLED' });
    for (const r of rows)
      reservations.push({ id: r.reservationId, to: whole ? 'CANCELLED' : r.reservationStatus === 'APPROVED' ? 'UNAVAILABLE' : 'REJECTED' });
    const times = describeTimes(
      rows.map((r) => ({
        roomName: r.roomName,
        roomNumber: r.roomNumber,
        date: r.date,
        startTime: r.startTime,
        durationMinutes: r.durationMinutes,
      })),
    );
    log.push({
      bookingId: first.bookingId,
      type: whole ? 'BookingCancellation' : 'ReservationRejection',
      ...byAdministrator(closing.user),
      loggedAt: now,
      reservationTimes: times,
      comment: `${closingMessages.logPrefix}${reason}`,
    });
    await addDecisionMessage(tx, first.bookingId, message);
    const applicant = await applicantMail(
      tx,
      {
        id: first.bookingId,
        caseNumber: first.caseNumber,
        locationId: first.locationId,
        userId: first.userId,
        onBehalfOfEmail: first.onBehalfOfEmail,
        formAnswers: first.formAnswers,
      },
      {
        kind: whole ? 'BookingCancellation' : 'ReservationRejection',
        subject: whole ? 'Bookingen din er avlyst fordi lokalet er stengt' : 'Tider i bookingen din er avlyst fordi lokalet er stengt',
        paragraphs: [
          // A closed range names its days and reason; a blocked time has no reason of its own (the message says why).
          `${locationName} er stengt${closing.closed.kind === 'DAYS' ? ` ${periodText(closing.closed.fromDate, closing.closed.toDate)}${closing.reason ? ` (${closing.reason})` : ''}` : ' i tiden du har booket'}. ${rows.length === 1 ? 'Denne tiden' : 'Disse tidene'} i bookingen din er derfor avlyst:`,
          times.map((t) => `${t.assetDescription}: ${t.times.join(', ')}`).join('\n'),
          `Melding fra lokalet: ${message}`,
          whole ? 'Bookingen har ingen andre tider og er avlyst.' : 'De andre tidene i bookingen gjelder som før.',
        ],
      },
      publicUrl,
    );
    if (applicant) mail.push(applicant);
  }
  await changeStatuses(tx, { by: 'administrator', now, bookings, reservations, log, mail });
}

function periodText(fromDate: string, toDate: string): string {
  return fromDate === toDate ? formatDateNorwegian(fromDate) : `${formatDateNorwegian(fromDate)}–${formatDateNorwegian(toDate)}`;
}
