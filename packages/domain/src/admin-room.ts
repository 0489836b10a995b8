import { z } from 'zod';
import { jsonId } from './id-param';
import { bookableAsset } from './bookable-asset';
import { locationStatus } from './location';

/**
 * A room as the administrator edits it (decision 015).
 * GET /api/admin/bookableasset/{locationId}/bookableassets, POST /api/admin/location/{id}/bookableassets,
 * PUT and DELETE /api/admin/bookableasset/{roomId}. displayName stays derived ("name (number)").
 */

export const roomMessages = {
  nameRequired: 'Du må fylle inn navn på rommet',
  capacity: 'Kapasitet må være et helt tall, 0 eller mer',
  squareMeters: 'Areal må være et tall, 0 eller mer',
  unknownTag: 'Ukjent egenskap',
  unknownAssetType: 'Ukjent romtype',
  hasFutureReservations: 'Rommet har fremtidige reservasjoner og kan ikke slettes. Du kan skjule det i stedet.',
  notFound: 'Fant ikke rommet',
} as const;

const optionalTrimmed = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'Teksten er for lang')
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

export const roomFields = z.object({
  name: z.string().trim().min(1, roomMessages.nameRequired).max(120, 'Teksten er for lang'),
  externalAssetNumber: optionalTrimmed(40),
  capacity: z
    .number({ message: roomMessages.capacity })
    .int(roomMessages.capacity)
    .min(0, roomMessages.capacity)
    .max(100_000, roomMessages.capacity)
    .nullable(),
  squareMeters: z
    .number({ message: roomMessages.squareMeters })
    .min(0, roomMessages.squareMeters)
    .max(1_000_000, roomMessages.squareMeters)
    .nullable(),
  assetTypeId: jsonId.nullable(),
  /** Purposes, facilities and universal-design tags (GET /api/tags); the search's filters are these tags. */
  tagIds: z
    .array(z.number().int().positive())
    .max(200)
    .transform((ids) => [...new Set(ids)]),
  /** Plain text shown with the room. */
  assetInfoMessage: optionalTrimmed(5000),
  hasOslonokkelen: z.boolean(),
  allowRepeatedBookingsForPublicUser: z.boolean(),
  allowSingleBookingsForPublicUser: z.boolean(),
  maxOneTimeslotPerBookingForPublicUser: z.boolean(),
  /** false hides the room from the portal (status UNPUBLISHED); its reservations stay. */
  visible: z.boolean(),
});
export type RoomFields = z.infer<typeof roomFields>;
export type RoomFieldsInput = z.input<typeof roomFields>;

/** The room as stored (its own allow flags, not the effective ones), with status and tag ids. */
export const adminRoom = bookableAsset
  .omit({ datesCount: true, unavailableDates: true })
  .extend({ status: locationStatus, tagIds: z.array(z.number().int()), hasFutureReservations: z.boolean() });
export type AdminRoom = z.infer<typeof adminRoom>;
export const adminRooms = z.array(adminRoom);
