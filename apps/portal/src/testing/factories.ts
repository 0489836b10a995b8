import type { Location } from '@lokaler/domain/location';

let nextId = 1;

/** A published location as GET /api/location answers it; override what the test is about. */
export function buildLocation(overrides: Partial<Location> = {}): Location {
  const id = overrides.id ?? nextId++;
  return {
    id,
    name: `Lokale ${id}`,
    informationUrl: null,
    externalUrl: null,
    companyCode: null,
    status: 'PUBLISHED',
    publicLocationType: 'SCHOOLS',
    filterCategory: 'SCHOOLS',
    geographicAreaId: 'gamle-oslo',
    geographicAreaName: 'Gamle Oslo',
    displayInPortal: true,
    homepage: null,
    streetAddress: 'Hagegata 1',
    postCode: '0653',
    city: 'Oslo',
    phoneNumber: null,
    contactEmail: null,
    informationMessage: null,
    requireContract: false,
    requireCostCategory: false,
    enableVedtak: false,
    allowRepeatedBookingsForPublicUser: true,
    allowSingleBookingsForPublicUser: true,
    maxOneTimeslotPerBookingForPublicUser: false,
    hasBookableAssetWithOslonokkelen: false,
    behandlingstid: 0,
    minBookingDurationMinutes: null,
    latLng: null,
    ...overrides,
  };
}
