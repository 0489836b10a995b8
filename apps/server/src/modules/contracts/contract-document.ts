import { assetDisplayName } from '@lokaler/domain/bookable-asset';
import { reservationEndTime } from '@lokaler/domain/booking-reservation';
import { reservationsInOverview } from '@lokaler/domain/user-booking-rules';
import type { DbOrTx } from '../../db/client';
import type { BookingRow } from '../user-bookings/booking-access';
import { currentDocument, loadLocation, loadReservations, loadUser } from '../user-bookings/repository';
import { findApprovalTerms } from './repository';
import { renderContractHtml, type ContractInput } from './render-contract';

/** Everything the contract of a booking is built from, read from the database. */
export async function contractInputFor(db: DbOrTx, booking: BookingRow): Promise<ContractInput> {
  const [location, creator, reservations, terms] = [
    await loadLocation(db, booking.locationId),
    await loadUser(db, booking.userId),
    await loadReservations(db, [booking.id]),
    await findApprovalTerms(db, booking.id),
  ];
  const active = reservationsInOverview(reservations);
  return {
    caseNumber: booking.caseNumber,
    location,
    tenant: {
      name: booking.onBehalfOfName ?? creator?.name ?? '',
      email: booking.onBehalfOfEmail ?? booking.formAnswers.contactEmail ?? creator?.email ?? null,
      organization: booking.organizationName ? { name: booking.organizationName, number: booking.organizationNumber } : null,
    },
    activity: booking.formAnswers.activity ?? booking.formAnswers.purpose ?? null,
    participants: booking.formAnswers.participants ?? null,
    durationType: booking.durationType,
    times: active.map((r) => ({ room: assetDisplayName(r.roomName, r.roomNumber), date: r.date, startTime: r.startTime, endTime: reservationEndTime(r.startTime, r.durationMinutes) })),
    cost: {
      category: terms?.costCategory ?? booking.costCategory,
      marketPriceOre: terms?.marketPriceOre ?? booking.marketPriceOre,
      calculatedPriceOre: terms?.calculatedPriceOre ?? null,
    },
    hasOslonokkelen: active.some((r) => r.hasOslonokkelen),
    hasTilsynsvakt: terms?.hasTilsynsvakt ?? false,
  };
}

/**
 * The contract the applicant reads and signs: the document the administrator approved with the
 * booking when there is one (booking_documents), else the contract built from the booking's data.
 */
export async function contractHtmlFor(db: DbOrTx, booking: BookingRow): Promise<string> {
  const approved = await currentDocument(db, booking.id, 'CONTRACT');
  if (approved) return approved.html;
  return renderContractHtml(await contractInputFor(db, booking));
}
