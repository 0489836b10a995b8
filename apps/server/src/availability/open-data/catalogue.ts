import type { BookableAsset } from '@lokaler/domain/bookable-asset';
import { OPEN_DATA_LICENSE, type OpenDataCatalogue, type OpenDataLocation, type OpenDataRoom } from '@lokaler/domain/open-data';
import type { DbOrTx } from '../../db/client';
import { listAssets, listLocations } from '../../locations';
import { roomOpeningHours } from '../room-calendars/repository';
import { findCatalogueRooms, findOpeningHours } from './repository';

/** The portal's page of a location, and of a room on it (spec 01 §2: /lokale/{id}?ressurs={room}). */
export const locationUrl = (publicUrl: string, locationId: number) => `${publicUrl}/lokale/${locationId}`;
export const roomUrl = (publicUrl: string, locationId: number, roomId: number) => `${locationUrl(publicUrl, locationId)}?ressurs=${roomId}`;

/**
 * The open catalogue (decision 061): the published locations shown in the portal and their published
 * rooms, read by the same functions as GET /api/location (listLocations) and the rooms routes
 * (listAssets), so it holds what the portal shows and nothing else — no unpublished location, no
 * hidden room, no booking or person. Four queries whatever the size of the city.
 */
export async function buildCatalogue({
  db,
  publicUrl,
  today,
}: {
  db: DbOrTx;
  publicUrl: string;
  today: string;
}): Promise<OpenDataCatalogue> {
  const portalLocations = await listLocations({ db });
  const roomRows = await findCatalogueRooms(db);
  const rooms = await listAssets({ db, ids: roomRows.map((r) => r.id) });
  const hours = await findOpeningHours(
    db,
    portalLocations.map((l) => l.id),
    today,
  );
  const typeOf = new Map(roomRows.map((r) => [r.id, r.assetTypeName]));
  const roomsOf = new Map<number, BookableAsset[]>();
  for (const room of rooms) roomsOf.set(room.locationId, [...(roomsOf.get(room.locationId) ?? []), room]);

  const toRoom = (room: BookableAsset): OpenDataRoom => ({
    id: room.id,
    name: room.name,
    displayName: room.displayName,
    assetType: typeOf.get(room.id) ?? null,
    capacity: room.capacity,
    squareMeters: room.squareMeters,
    latLng: room.latLng,
    accessibility: room.uu,
    facilities: room.facilities,
    purposes: room.purposes,
    openingHours: roomOpeningHours(hours, room.id, room.locationId).map((h) => ({
      weekday: h.weekday,
      opens: h.opens,
      closes: h.closes,
      fromDate: h.fromDate ?? null,
      toDate: h.toDate ?? null,
    })),
    portalUrl: roomUrl(publicUrl, room.locationId, room.id),
  });

  const locations: OpenDataLocation[] = portalLocations.map((l) => ({
    id: l.id,
    name: l.name,
    type: l.publicLocationType,
    streetAddress: l.streetAddress,
    postCode: l.postCode,
    city: l.city,
    geographicAreaId: l.geographicAreaId,
    geographicAreaName: l.geographicAreaName,
    latLng: l.latLng,
    homepage: l.homepage,
    contactEmail: l.contactEmail,
    phoneNumber: l.phoneNumber,
    portalUrl: locationUrl(publicUrl, l.id),
    rooms: (roomsOf.get(l.id) ?? []).map(toRoom),
  }));
  return { license: { ...OPEN_DATA_LICENSE }, locations };
}
