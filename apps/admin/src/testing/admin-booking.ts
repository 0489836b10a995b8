import type { AdminBookingView } from '@lokaler/domain/admin-booking-view';

/** An application waiting for processing at Bjølsen skole (contract and vedtak), as GET /api/booking/{id} answers it. */
export function buildAdminBooking(change: Partial<AdminBookingView> = {}): AdminBookingView {
  return {
    bookingId: 5,
    caseNumber: 'LOK-2026-00005',
    status: 'UNPROCESSED',
    locationId: 7,
    locationName: 'Bjølsen skole',
    requireContract: true,
    enableVedtak: true,
    userId: 2,
    userName: 'Ola Nordmann',
    userEmail: 'ola.nordmann@example.no',
    displayOrgName: null,
    organizationNumber: null,
    onBehalfOfName: null,
    onBehalfOfEmail: null,
    createdTimeUtc: '2026-03-02T09:30:00.000Z',
    bookingPurpose: 'PUBLICUSER_LOAN',
    sourceForm: 'school',
    bookingDurationType: 'SINGLE_BOOKING',
    costCategory: null,
    marketPrice: null,
    internalEventTitle: null,
    formAnswers: { activity: 'Bordtennistrening', participants: 12, contactPhone: '92345678' },
    cancellationDeadline: null,
    reservations: [
      { reservationId: 51, bookableAssetId: 3, bookableAssetName: 'Gymsal', bookableAssetNumber: null, displayName: 'Gymsal', date: '2026-03-17', startTime: '18:00:00', endTime: '19:00:00', duration: 'PT1H', initialRepetitionDate: null, status: 'UNPROCESSED' },
      { reservationId: 52, bookableAssetId: 3, bookableAssetName: 'Gymsal', bookableAssetNumber: null, displayName: 'Gymsal', date: '2026-03-17', startTime: '19:00:00', endTime: '20:00:00', duration: 'PT1H', initialRepetitionDate: null, status: 'UNPROCESSED' },
    ],
    requirements: [],
    decisionMessages: [],
    hasPendingRequirements: false,
    vedtakExists: false,
    contractExists: false,
    approval: null,
    ...change,
  };
}
