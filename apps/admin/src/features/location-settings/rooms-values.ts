import { z } from 'zod';
import { roomFields, type AdminRoom, type RoomFieldsInput } from '@lokaler/domain/admin-room';

/**
 * The room form's values: roomFields, except that the tag checkboxes give their ids as strings
 * (one group of checkboxes per tag type shares the field) — they become numbers before roomFields
 * judges them. Number inputs give numbers (or null when empty) through their setValueAs.
 */
export const roomFormSchema = roomFields.extend({
  tagIds: z
    .array(z.string())
    .transform((ids) => ids.map(Number))
    .pipe(roomFields.shape.tagIds),
});
export type RoomFormValues = z.input<typeof roomFormSchema>;
export type RoomFormOutput = z.output<typeof roomFormSchema>;

export const newRoomValues: RoomFormValues = {
  name: '',
  externalAssetNumber: '',
  capacity: null,
  squareMeters: null,
  assetTypeId: null,
  tagIds: [],
  assetInfoMessage: '',
  hasOslonokkelen: false,
  allowSingleBookingsForPublicUser: true,
  allowRepeatedBookingsForPublicUser: true,
  maxOneTimeslotPerBookingForPublicUser: false,
  visible: true,
};

/** A stored room as the PUT body takes it (every field; hiding and showing change `visible` only). */
export function roomBody(room: AdminRoom): RoomFieldsInput {
  return {
    name: room.name,
    externalAssetNumber: room.externalAssetNumber,
    capacity: room.capacity,
    squareMeters: room.squareMeters,
    assetTypeId: room.assetTypeId,
    tagIds: room.tagIds,
    assetInfoMessage: room.assetInfoMessage,
    hasOslonokkelen: room.hasOslonokkelen,
    allowSingleBookingsForPublicUser: room.allowSingleBookingsForPublicUser,
    allowRepeatedBookingsForPublicUser: room.allowRepeatedBookingsForPublicUser,
    maxOneTimeslotPerBookingForPublicUser: room.maxOneTimeslotPerBookingForPublicUser,
    visible: room.status === 'PUBLISHED',
  };
}

export function roomFormValues(room: AdminRoom): RoomFormValues {
  const body = roomBody(room);
  return {
    ...body,
    externalAssetNumber: body.externalAssetNumber ?? '',
    assetInfoMessage: body.assetInfoMessage ?? '',
    tagIds: room.tagIds.map(String),
  };
}

/** Labels of the per-room flags, as the administrator reads them. */
export const roomFlagLabels = {
  hasOslonokkelen: 'Rommet har digital nøkkel (Oslonøkkelen)',
  allowSingleBookingsForPublicUser: 'Innbyggere kan søke om enkelttider',
  allowRepeatedBookingsForPublicUser: 'Innbyggere kan søke om faste tider som gjentas hver uke',
  maxOneTimeslotPerBookingForPublicUser: 'Innbyggere kan bare velge ett sammenhengende tidsrom per søknad',
  visible: 'Vis rommet i portalen',
} as const;
