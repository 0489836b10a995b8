import type { CostBasedPrices } from '@lokaler/domain/admin-selvkost';
import type { BookingDurationType, BookingFormAnswers } from '@lokaler/domain/booking';
import type { DbOrTx } from '../../db/client';
import { isActive, loadReservationRows, type ReservationRow } from '../admin-booking-shared/reservation-rows';
import { findSelvkostPrices } from '../admin-selvkost/repository';
import { findDocumentLocation, findUserName, type BookingRow, type DocumentLocation } from './repository';

/** Everything the vedtak and the contract say about a booking, read in one place. */
export interface DocumentData {
  bookingId: number;
  caseNumber: string;
  durationType: BookingDurationType;
  formAnswers: BookingFormAnswers;
  applicantName: string;
  organizationName: string | null;
  organizationNumber: string | null;
  location: DocumentLocation;
  /** The active times (UNPROCESSED, APPROVED): what the decision is about. */
  reservations: ReservationRow[];
  /** The location's cost-based price list; null when it has none. */
  selvkostPrices: CostBasedPrices | null;
}

/** Reads the document data of a booking (inside the caller's transaction when it has one). */
export async function loadDocumentData(db: DbOrTx, booking: BookingRow): Promise<DocumentData> {
  const location = await findDocumentLocation(db, booking.locationId);
  const userName = await findUserName(db, booking.userId);
  const reservations = (await loadReservationRows(db, [booking.id])).filter(isActive);
  return {
    bookingId: booking.id,
    caseNumber: booking.caseNumber,
    durationType: booking.durationType,
    formAnswers: booking.formAnswers,
    applicantName: booking.onBehalfOfName ?? userName ?? booking.internalEventTitle ?? 'Ukjent søker',
    organizationName: booking.organizationName,
    organizationNumber: booking.organizationNumber,
    location,
    reservations,
    selvkostPrices: await findSelvkostPrices(db, booking.locationId),
  };
}
