import { assetDisplayName, type BookableAsset } from '@lokaler/domain/bookable-asset';
import { compareNorwegian } from '@lokaler/domain/norwegian-order';
import { publicRulesOfRoom } from '@lokaler/domain/scheduling/room-rules';
import type { Tag } from '@lokaler/domain/tag';
import type { AssetRow } from './repository';

/** A room row and its tags as the API answers it (spec 01 §3 Bookable asset). */
export function toBookableAsset(row: AssetRow, tags: readonly Tag[]): BookableAsset {
  const sorted = [...tags].sort((a, b) => compareNorwegian(a.name, b.name));
  const names = (type: Tag['tagType']) => sorted.filter((t) => t.tagType === type).map((t) => t.name);
  const rules = publicRulesOfRoom(row);
  return {
    id: row.id,
    name: row.name,
    externalAssetNumber: row.externalAssetNumber,
    displayName: assetDisplayName(row.name, row.externalAssetNumber),
    locationId: row.locationId,
    locationName: row.locationName,
    bookingFlowId: row.bookingFlowId,
    // A left join answers an object of nulls when the room has no flow.
    bookingFlow: row.bookingFlow?.id != null ? row.bookingFlow : null,
    capacity: row.capacity,
    squareMeters: row.squareMeters,
    purposes: names('purpose'),
    facilities: names('facility'),
    uu: names('uu'),
    filters: sorted,
    assetTypeId: row.assetTypeId,
    latLng: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
    hasOslonokkelen: row.hasOslonokkelen,
    assetInfoMessage: row.assetInfoMessage,
    allowRepeatedBookingsForPublicUser: rules.allowRepeated,
    allowSingleBookingsForPublicUser: rules.allowSingle,
    maxOneTimeslotPerBookingForPublicUser: rules.maxOneTimeslot,
  };
}

export function byDisplayName(a: BookableAsset, b: BookableAsset): number {
  return compareNorwegian(a.displayName, b.displayName);
}
