import type { RetroactiveContractResponse } from '@lokaler/domain/user-booking-documents';
import { formatOsloDateTime } from '@lokaler/domain/user-booking-rules';
import type { DbOrTx } from '../../db/client';
import type { BookingRow } from '../user-bookings/booking-access';
import { loadLocation } from '../user-bookings/repository';
import { findApprovalTerms } from './repository';

/**
 * The retroactive-booking note ('endringsnotat'): when the administrator approved the booking with
 * a retroactive contract (the times were used before the approval), the applicant gets this note;
 * otherwise the text is empty.
 */
export async function retroactiveContractNote(db: DbOrTx, booking: BookingRow): Promise<RetroactiveContractResponse> {
  const terms = await findApprovalTerms(db, booking.id);
  if (!terms?.retroactiveContract || booking.status !== 'APPROVED') return { text: '' };
  const location = await loadLocation(db, booking.locationId);
  return {
    text: [
      `Endringsnotat for sak ${booking.caseNumber}`,
      `${location.name} godkjente bookingen i etterkant ${formatOsloDateTime(terms.approvedAt)}, etter at noen av tidene allerede var tatt i bruk.`,
      'Kontrakten og vilkårene gjelder også for tidene som ble brukt før godkjenningen. Har du spørsmål, ta kontakt med utleiestedet.',
    ].join('\n'),
  };
}
