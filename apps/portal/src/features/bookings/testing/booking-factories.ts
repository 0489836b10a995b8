import type { BookingReservation } from '@lokaler/domain/booking-reservation';
import type { ChangeLogEntry } from '@lokaler/domain/change-log';
import type { ContractResponse } from '@lokaler/domain/contract';
import type { OslonokkelenInfo } from '@lokaler/domain/oslonokkelen';
import type { UserBooking, UserBookingSummary } from '@lokaler/domain/user-booking';

/** Answers of the applicant endpoints as the server sends them; override what a test is about. */

let nextReservationId = 1;

export function buildReservation(overrides: Partial<BookingReservation> = {}): BookingReservation {
  return {
    reservationId: nextReservationId++,
    bookableAssetId: 11,
    bookableAssetName: 'Storsalen',
    bookableAssetNumber: null,
    displayName: 'Storsalen',
    date: '2030-03-12',
    startTime: '17:00:00',
    endTime: '19:00:00',
    duration: 'PT2H',
    initialRepetitionDate: null,
    status: 'APPROVED',
    ...overrides,
  };
}

export function buildUserBooking(overrides: Partial<UserBooking> = {}): UserBooking {
  return {
    bookingId: 42,
    status: 'APPROVED',
    locationId: 7,
    omittedTimes: [],
    round: null,
    weddingHold: null,
    location: {
      id: 7,
      name: 'Sagene samfunnshus',
      publicLocationType: 'DISTRICT_VENUES',
      streetAddress: 'Kristiansands gate 2',
      postCode: '0463',
      city: 'Oslo',
      contactEmail: 'sagene@example.no',
      phoneNumber: null,
    },
    userId: 1,
    userName: 'Kari Nordmann',
    userEmail: 'kari.nordmann@example.no',
    createdTimeUtc: '2030-02-01T10:15:00.000Z',
    sourceForm: 'default',
    formDetailsSubRoute: null,
    reservations: [buildReservation()],
    requirements: [],
    comments: [],
    formAnswers: {},
    reservationModificationDescriptions: [],
    reservationTimesDescription: '12.03.2030 kl. 17:00–19:00',
    timeDescriptionsByReservationId: {},
    bookingPurpose: 'PUBLICUSER_LOAN',
    periodDescription: '12.03.2030',
    caseNumber: 'LOK-2030-00042',
    decisionMessages: [],
    vedtakExists: false,
    contractExists: false,
    hasPendingRequirements: false,
    isCancellable: false,
    cancellationDeadline: null,
    hasOslonokkelen: false,
    oslonokkelenStatus: null,
    oslonokkelenPermissions: [],
    bookingDurationType: 'SINGLE_BOOKING',
    displayOrgName: null,
    onBehalfOfName: null,
    onBehalfOfEmail: null,
    costCategory: 'FREE',
    internalEventTitle: null,
    ...overrides,
  };
}

export function buildSummary(overrides: Partial<UserBookingSummary> = {}): UserBookingSummary {
  return {
    bookingId: 42,
    status: 'UNPROCESSED',
    createdTimeUtc: '2030-02-01T10:15:00.000Z',
    locationId: 7,
    locationName: 'Sagene samfunnshus',
    periodDescription: '12.03.2030',
    caseNumber: 'LOK-2030-00042',
    sourceForm: 'default',
    displayOrgName: null,
    hasPendingRequirements: false,
    round: null,
    weddingNotSent: false,
    ...overrides,
  };
}

export function buildChange(overrides: Partial<ChangeLogEntry> = {}): ChangeLogEntry {
  return {
    type: 'Comment',
    label: null,
    loggedUtc: '2030-02-01T10:15:00.000Z',
    reservationTimes: null,
    newReservationTimes: null,
    user: 'Kari Nordmann',
    comment: null,
    ...overrides,
  };
}

export function buildContract(overrides: Partial<ContractResponse> = {}): ContractResponse {
  return {
    bookingId: 42,
    contractHtml: '<h1>Leiekontrakt</h1><p>Leietaker forplikter seg til å rydde etter seg.</p>',
    isSigned: false,
    signedByName: null,
    signedTimeUtc: null,
    ...overrides,
  };
}

export function buildKeyInfo(overrides: Partial<OslonokkelenInfo> = {}): OslonokkelenInfo {
  return {
    bookingId: 42,
    bookingStatus: 'APPROVED',
    hasOslonokkelen: true,
    oslonokkelenStatus: null,
    oslonokkelenPermissions: [],
    allowOslonokkelenKeySharing: true,
    contractRequirement: null,
    ...overrides,
  };
}
