import type { BookableAsset } from '@lokaler/domain/bookable-asset';

/** Rooms of Bjølsen skole (location 7) as GET /api/location/7/bookableassets answers them. */
export function buildRooms(rooms: readonly { id: number; name: string }[]): BookableAsset[] {
  return rooms.map((r) => ({
    ...r,
    displayName: r.name,
    externalAssetNumber: null,
    locationId: 7,
    locationName: 'Bjølsen skole',
    bookingFlowId: null,
    bookingFlow: null,
    capacity: null,
    squareMeters: null,
    purposes: [],
    facilities: [],
    uu: [],
    filters: [],
    assetTypeId: null,
    latLng: null,
    hasOslonokkelen: false,
    assetInfoMessage: null,
    allowRepeatedBookingsForPublicUser: true,
    allowSingleBookingsForPublicUser: true,
    maxOneTimeslotPerBookingForPublicUser: false,
  }));
}
