import { changeLogLabel } from '@lokaler/domain/change-log';
import type { MyDataBooking } from '@lokaler/domain/my-data';
import type { DbOrTx } from '../../db/client';
import {
  loadChangeLogOf,
  loadDecisionMessagesOf,
  loadDocumentRecordsOf,
  loadSignaturesOf,
  type PersonalBookingRow,
} from './personal-data-repository';
import { loadReservations } from './repository';

export type PersonalBookingRecord = Omit<MyDataBooking, 'wedding'>;

/**
 * Decision 057: the person's copy of their bookings: each with its times, form answers, change log,
 * the location's messages, the documents issued (kind, hash, dates: the text is on the booking's page)
 * and the signing record. Five queries, whatever the number of bookings.
 */
export async function personalBookingRecords(db: DbOrTx, rows: readonly PersonalBookingRow[]): Promise<PersonalBookingRecord[]> {
  const ids = rows.map((b) => b.id);
  const [reservations, changes, messages, documents, signatures] = [
    await loadReservations(db, ids),
    await loadChangeLogOf(db, ids),
    await loadDecisionMessagesOf(db, ids),
    await loadDocumentRecordsOf(db, ids),
    await loadSignaturesOf(db, ids),
  ];
  const [reservationsOf, changesOf, messagesOf, documentsOf] = [
    byBooking(reservations),
    byBooking(changes),
    byBooking(messages),
    byBooking(documents),
  ];
  const signatureOf = new Map(signatures.map((s) => [s.bookingId, s]));
  return rows.map((b) => {
    const signature = signatureOf.get(b.id);
    return {
      id: b.id,
      caseNumber: b.caseNumber,
      status: b.status,
      locationName: b.locationName,
      createdUtc: b.createdAt.toISOString(),
      organization: b.organizationNumber ? { number: b.organizationNumber, name: b.organizationName } : null,
      costCategory: b.costCategory,
      formAnswers: b.formAnswers,
      onBehalfOf: b.onBehalfOfName || b.onBehalfOfEmail ? { name: b.onBehalfOfName, email: b.onBehalfOfEmail } : null,
      reservations: (reservationsOf.get(b.id) ?? []).map((r) => ({
        room: r.roomName,
        date: r.date,
        startTime: r.startTime,
        durationMinutes: r.durationMinutes,
        status: r.status,
      })),
      changes: (changesOf.get(b.id) ?? []).map((e) => ({
        type: e.type,
        label: changeLogLabel(e.type),
        loggedUtc: e.loggedAt.toISOString(),
        reservationTimes: e.reservationTimes ?? null,
        newReservationTimes: e.newReservationTimes ?? null,
        user: e.userName,
        comment: e.comment,
      })),
      decisionMessages: (messagesOf.get(b.id) ?? []).map((m) => ({ message: m.message, createdUtc: m.createdAt.toISOString() })),
      documents: (documentsOf.get(b.id) ?? []).map((d) => ({
        kind: d.kind,
        issuedUtc: d.createdAt.toISOString(),
        sha256: d.hash,
        revokedUtc: d.revokedAt?.toISOString() ?? null,
      })),
      signedContract: signature
        ? { signedUtc: signature.signedAt.toISOString(), signedByName: signature.signedByName, sha256: signature.sha256 }
        : null,
    };
  });
}

function byBooking<T extends { bookingId: number }>(items: readonly T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const item of items) {
    const list = map.get(item.bookingId);
    if (list) list.push(item);
    else map.set(item.bookingId, [item]);
  }
  return map;
}
