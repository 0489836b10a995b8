import type { Tx } from '../db/client';
import { assetTags, assetTypes, bookableAssets, bookingFlows, tags } from '../db/schema/assets';
import { geographicAreas } from '../db/schema/geography';
import { cityAdmins, closedDateRanges } from '../db/schema/location-setup';
import { locationAbout, locationAdmins, locations } from '../db/schema/locations';
import { blockedTimes, closedDates, openingHours } from '../db/schema/schedule';
import type { PlannedRoom } from './booking-plan';
import { buildLocations } from './build-locations';
import { blockedTimesFor, closedDatesFor, closedRangesOf, gymOverride, openingHoursFor } from './build-schedule';
import { assetTypeNames, bookingFlowSeeds, tagSeeds } from './catalogue';
import { inChunks } from './chunks';
import { districts, unknownArea } from './districts';
import { Occupancy } from './occupancy';
import { adminEmailsFor, cityAdminEmails } from './people';
import type { BackgroundRoom } from './plan-background-bookings';
import type { Random } from './prng';
import { roomsFor } from './rooms';

export interface SeededWorld {
  locationIdByName: Map<string, number>;
  roomsByLocationId: Map<number, PlannedRoom[]>;
  /** Rooms of published locations, where demo bookings may go. */
  bookableRooms: BackgroundRoom[];
  closed: Set<string>;
  occupancy: Occupancy;
}

/** Areas, catalogue, locations, rooms, schedules and admins: everything but people and bookings. */
export async function insertWorld(tx: Tx, random: Random, today: string): Promise<SeededWorld> {
  await tx.insert(geographicAreas).values([...districts.map((d) => ({ id: d.id, name: d.name })), unknownArea]);
  const tagRows = await tx
    .insert(tags)
    .values([...tagSeeds])
    .returning({ id: tags.id, name: tags.name });
  const tagIdByName = new Map(tagRows.map((t) => [t.name, t.id]));
  const typeRows = await tx
    .insert(assetTypes)
    .values(assetTypeNames.map((name) => ({ name })))
    .returning();
  const typeIdByName = new Map(typeRows.map((t) => [t.name, t.id]));
  const flowRows = await tx
    .insert(bookingFlows)
    .values(bookingFlowSeeds.map(({ key: _key, ...flow }) => flow))
    .returning();
  const flowIdByTheme = new Map(flowRows.map((f) => [f.theme, f.id]));

  const built = buildLocations(random);
  const locationRows = await inChunks(built, (chunk) =>
    tx
      .insert(locations)
      .values(chunk.map((b) => b.row))
      .returning({ id: locations.id, name: locations.name }),
  );
  const locationIdByName = new Map(locationRows.map((l) => [l.name, l.id]));
  const idOf = (name: string) => locationIdByName.get(name)!;
  await tx.insert(locationAbout).values(built.map((b) => ({ locationId: idOf(b.seed.name), ...b.about })));
  const admins = built.flatMap((b) =>
    adminEmailsFor({ name: b.seed.name, type: b.seed.type, district: b.seed.district }).map((email) => ({
      locationId: idOf(b.seed.name),
      email,
    })),
  );
  await tx.insert(locationAdmins).values(admins);
  await tx.insert(cityAdmins).values(cityAdminEmails.map((email) => ({ email })));

  const roomSeeds = built.flatMap((b) => roomsFor(b.seed.type, b.seed.name, random).map((room) => ({ room, location: b })));
  const roomRows = await inChunks(roomSeeds, (chunk) =>
    tx
      .insert(bookableAssets)
      .values(
        chunk.map(({ room, location }) => ({
          locationId: idOf(location.seed.name),
          name: room.name,
          externalAssetNumber: room.externalAssetNumber,
          capacity: room.capacity,
          squareMeters: room.squareMeters,
          assetTypeId: typeIdByName.get(room.assetType)!,
          bookingFlowId: flowIdByTheme.get(room.flow)!,
          hasOslonokkelen: room.hasOslonokkelen,
          assetInfoMessage: room.assetInfoMessage,
          maxOneTimeslotPerBookingForPublicUser: room.maxOneTimeslot,
          allowRepeatedBookingsForPublicUser: room.allowRepeated,
          lat: location.row.lat,
          lng: location.row.lng,
        })),
      )
      .returning({
        id: bookableAssets.id,
        locationId: bookableAssets.locationId,
        name: bookableAssets.name,
        externalAssetNumber: bookableAssets.externalAssetNumber,
      }),
  );
  await inChunks(
    roomSeeds.flatMap(({ room }, i) => room.tagNames.map((name) => ({ bookableAssetId: roomRows[i]!.id, tagId: tagIdByName.get(name)! }))),
    (chunk) => tx.insert(assetTags).values(chunk).returning({ id: assetTags.tagId }),
  );

  const roomsByLocationId = new Map<number, PlannedRoom[]>();
  for (const room of roomRows) roomsByLocationId.set(room.locationId, [...(roomsByLocationId.get(room.locationId) ?? []), room]);

  const published = built.filter((b) => b.seed.status === 'PUBLISHED');
  const hours = published.flatMap((b, i) => {
    const rooms = roomsByLocationId.get(idOf(b.seed.name)) ?? [];
    const gym = rooms.find((r) => r.name === 'Gymsal');
    return [...openingHoursFor(b.seed.type, idOf(b.seed.name)), ...(gym && i % 3 === 0 ? gymOverride(gym.locationId, gym.id) : [])];
  });
  await inChunks(hours, (chunk) => tx.insert(openingHours).values(chunk).returning({ id: openingHours.id }));

  const closedRows = published
    .filter((b) => b.seed.type !== 'LIBRARIES')
    .flatMap((b, i) => closedDatesFor(idOf(b.seed.name), today, i % 9 === 4));
  // As ranges with their days (closed_dates.range_id), what the administrator sees and can remove.
  const ranges = closedRangesOf(closedRows);
  const rangeRows = await inChunks(ranges, (chunk) =>
    tx
      .insert(closedDateRanges)
      .values(chunk.map(({ days: _, ...range }) => range))
      .returning({ id: closedDateRanges.id }),
  );
  const closedWithRanges = ranges.flatMap((range, i) => range.days.map((day) => ({ ...day, rangeId: rangeRows[i]!.id })));
  await inChunks(closedWithRanges, (chunk) => tx.insert(closedDates).values(chunk).returning({ id: closedDates.id }));
  const closed = new Set(closedRows.map((c) => `${c.locationId}|${c.date}`));

  const occupancy = new Occupancy();
  const typeByLocationId = new Map(built.map((b) => [idOf(b.seed.name), b.seed]));
  const bookableRooms: BackgroundRoom[] = roomRows
    .filter((r) => typeByLocationId.get(r.locationId)!.status === 'PUBLISHED')
    .map((r) => ({ ...r, locationType: typeByLocationId.get(r.locationId)!.type, locationName: typeByLocationId.get(r.locationId)!.name }));
  const blocked = bookableRooms
    .filter((r) => r.locationType === 'SCHOOLS' && (r.name === 'Gymsal' || r.name === 'Aula'))
    .flatMap((r) => blockedTimesFor(r.id, today, random, occupancy));
  await inChunks(blocked, (chunk) => tx.insert(blockedTimes).values(chunk).returning({ id: blockedTimes.id }));

  return { locationIdByName, roomsByLocationId, bookableRooms, closed, occupancy };
}
