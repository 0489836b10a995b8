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
    omittedTimes: [],
    round: null,
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
    wedding: null,
    keyAccess: { hasOslonokkelen: false, numbers: [] },
    ...change,
  };
}

/** A wedding at Oslo rådhus whose couple has sent the form and the prøvingsattest, waiting for the wedding office. */
export function buildAdminWedding(change: Partial<AdminBookingView> = {}): AdminBookingView {
  return buildAdminBooking({
    bookingId: 9,
    caseNumber: 'LOK-2026-00009',
    locationId: 8,
    locationName: 'Oslo rådhus',
    requireContract: false,
    enableVedtak: true,
    sourceForm: 'wedding',
    userName: 'Kari Nordmann',
    userEmail: 'kari@example.no',
    formAnswers: { participants: 20, contactEmail: 'kari@example.no', contactPhone: '41234567' },
    cancellationDeadline: '2026-05-07T21:59:00.000Z',
    reservations: [
      { reservationId: 91, bookableAssetId: 6, bookableAssetName: 'Seremonirommet', bookableAssetNumber: null, displayName: 'Seremonirommet', date: '2026-06-05', startTime: '11:00:00', endTime: '11:30:00', duration: 'PT30M', initialRepetitionDate: null, status: 'UNPROCESSED' },
    ],
    requirements: [{ type: 'WEDDING_CERTIFICATE', isFulfilled: true, userName: 'Kari Nordmann', fulfillmentTimeUtc: '2026-03-02T09:40:00.000Z' }],
    wedding: {
      submittedAtUtc: '2026-03-02T09:45:00.000Z',
      answers: {
        applicantName: 'Kari Nordmann', applicantEmail: 'kari@example.no', applicantPhoneNo: '412 34 567',
        addressStreetName: 'Storgata 1', addressPostCode: '0155', addressPostalName: 'Oslo',
        spouseName: 'Ola Nordmann', spouseEmail: 'ola@example.no', spousePhoneNo: '+47 98765432',
        eventLanguage: 'norsk', weddingInterpreterRequired: true, weddingInterpreterLanguage: 'somali', preferredContactLanguage: 'engelsk',
        weddingCulturalSegmentDesired: true, weddingCulturalSegment: 'Et dikt av Ingrid Bjørnov', needsAccommodation: false, accommodationDetails: '',
        extraInformation: 'Vi kommer med to vitner.',
      },
      nationalIdentityNumberGiven: true,
      proevingsattestFile: { filename: 'provingsattest.pdf', contentType: 'application/pdf', size: 84_213 },
      proevingsattestFileAddedTimeUtc: '2026-03-02T09:40:00.000Z',
      ceremonyDate: '2026-06-05',
      cancellationDaysBeforeCeremony: 28,
      infoLetterDueDate: null,
    },
    ...change,
  });
}
