import { eq } from 'drizzle-orm';
import type { CostBasedPrices } from '@lokaler/domain/admin-selvkost';
import type { BookingDurationType, BookingFormAnswers } from '@lokaler/domain/booking';
import type { DbOrTx } from '../../../db/client';
import { users } from '../../../db/schema/identity';
import { locations } from '../../../db/schema/locations';
import type { BookingRow } from '../../admin-booking-shared/booking-access';
import { isActive, loadReservationRows, type ReservationRow } from '../../admin-booking-shared/reservation-rows';
import { findSelvkostPrices } from '../../admin-selvkost/repository';

/** Everything the vedtak and the contract say about a booking, read in one place. */
export interface DocumentData {
  bookingId: number;
  caseNumber: string;
  durationType: BookingDurationType;
  formAnswers: BookingFormAnswers;
  applicantName: string;
  organizationName: string | null;
  organizationNumber: string | null;
  location: { id: number; name: string; streetAddress: string | null; postCode: string | null; city: string | null; contactEmail: string | null; requireContract: boolean; enableVedtak: boolean };
  /** The active times (UNPROCESSED, APPROVED): what the decision is about. */
  reservations: ReservationRow[];
  /** The location's cost-based price list; null when it has none. */
  selvkostPrices: CostBasedPrices | null;
}

/** Reads the document data of a booking (inside the caller's transaction when it has one). */
export async function loadDocumentData(db: DbOrTx, booking: BookingRow): Promise<DocumentData> {
  const [location] = await db.select({
    id: locations.id, name: locations.name, streetAddress: locations.streetAddress, postCode: locations.postCode, city: locations.city,
    contactEmail: locations.contactEmail, requireContract: locations.requireContract, enableVedtak: locations.enableVedtak,
  }).from(locations).where(eq(locations.id, booking.locationId));
  const [user] = booking.userId === null ? [] : await db.select({ name: users.name }).from(users).where(eq(users.id, booking.userId));
  const reservations = (await loadReservationRows(db, [booking.id])).filter(isActive);
  return {
    bookingId: booking.id,
    caseNumber: booking.caseNumber,
    durationType: booking.durationType,
    formAnswers: booking.formAnswers,
    applicantName: booking.onBehalfOfName ?? user?.name ?? booking.internalEventTitle ?? 'Ukjent søker',
    organizationName: booking.organizationName,
    organizationNumber: booking.organizationNumber,
    location: location!,
    reservations,
    selvkostPrices: await findSelvkostPrices(db, booking.locationId),
  };
}
