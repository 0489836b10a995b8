import type { AdminLocationDetails, LocationPreferences } from '@lokaler/domain/admin-location';
import type { BookingRules } from '@lokaler/domain/admin-location-rules';

/** Stub answers of a location's setup, shaped as the contract's schemas (the stub API parses them). */
export const testPreferences: LocationPreferences = {
  behandlingstid: 14,
  minBookingDurationMinutes: null,
  requireCostCategory: true,
  displayInPortal: true,
  allowRepeatedBookingsForPublicUser: true,
  allowSingleBookingsForPublicUser: true,
  maxOneTimeslotPerBookingForPublicUser: false,
};

export const testRules: BookingRules = {
  REQUIRE_CONTRACT: true,
  ENABLE_VEDTAK: false,
  ADMIN_CAN_BOOK_PAST_DATES: false,
  MAX_PENDING_HOURS: null,
  MAX_PENDING_APPLICATIONS: 5,
  MAX_ROOMS_PER_APPLICATION: null,
  MAX_DATES_PER_SERIES: null,
};

export function buildLocationDetails(overrides: Partial<AdminLocationDetails> = {}): AdminLocationDetails {
  return {
    id: 7,
    status: 'UNPUBLISHED',
    geographicAreaName: 'Sagene',
    name: 'Testskolen',
    publicLocationType: 'SCHOOLS',
    filterCategory: 'SCHOOLS',
    geographicAreaId: 'sagene',
    streetAddress: null,
    postCode: null,
    city: null,
    phoneNumber: null,
    contactEmail: null,
    homepage: null,
    externalUrl: null,
    companyCode: null,
    informationMessage: null,
    lat: null,
    lng: null,
    preferences: testPreferences,
    ...testRulesAsFields(),
    ...overrides,
  };
}

function testRulesAsFields() {
  return {
    requireContract: testRules.REQUIRE_CONTRACT,
    enableVedtak: testRules.ENABLE_VEDTAK,
    adminCanBookPastDates: testRules.ADMIN_CAN_BOOK_PAST_DATES,
  };
}

export const testAreas = [
  { id: 'gamle-oslo', name: 'Gamle Oslo' },
  { id: 'sagene', name: 'Sagene' },
];

export const testMapSettings = { tileUrl: null, tileAttribution: '' };
