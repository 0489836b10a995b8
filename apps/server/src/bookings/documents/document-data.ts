import type { CostBasedPrices } from '@lokaler/domain/admin-selvkost';
import type { BookingDurationType, BookingFormAnswers } from '@lokaler/domain/booking';
import type { DbOrTx } from '../../db/client';
import { isActive, loadReservationRows, type ReservationRow } from '../admin-booking-shared/reservation-rows';
import { findSelvkostPricesOfLocations } from '../admin-selvkost/repository';
import { findDocumentLocations, findUserNames, type BookingRow, type DocumentLocation } from './repository';

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
  return (await loadDocumentDataOfBookings(db, [booking]))[0]!;
}

/**
 * The document data of several bookings (a round's batch), in their order: the same reads as for
 * one, each a single query whatever the number of bookings (locations, names, times, price lists).
 */
export async function loadDocumentDataOfBookings(db: DbOrTx, rows: readonly BookingRow[]): Promise<DocumentData[]> {
  if (rows.length === 0) return [];
  const locationIds = rows.map((b) => b.locationId);
  const locations = await findDocumentLocations(db, locationIds);
  const names = await findUserNames(
    db,
    rows.map((b) => b.userId),
  );
  const reservations = new Map<number, ReservationRow[]>();
  for (const r of (
    await loadReservationRows(
      db,
      rows.map((b) => b.id),
    )
  ).filter(isActive)) {
    const list = reservations.get(r.bookingId) ?? [];
    list.push(r);
    reservations.set(r.bookingId, list);
  }
  const prices = await findSelvkostPricesOfLocations(db, locationIds);
  return rows.map((booking) => {
    const location = locations.get(booking.locationId);
    if (!location) throw new Error(`Location ${booking.locationId} of a booking is missing`);
    const userName = booking.userId === null ? null : (names.get(booking.userId) ?? null);
    return {
      bookingId: booking.id,
      caseNumber: booking.caseNumber,
      durationType: booking.durationType,
      formAnswers: booking.formAnswers,
      applicantName: booking.onBehalfOfName ?? userName ?? booking.internalEventTitle ?? 'Ukjent søker',
      organizationName: booking.organizationName,
      organizationNumber: booking.organizationNumber,
      location,
      reservations: reservations.get(booking.id) ?? [],
      selvkostPrices: prices.get(booking.locationId) ?? null,
    };
  });
}
