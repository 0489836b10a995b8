import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { bookingFlowThemes } from '@lokaler/domain/booking-flow';
import { tagTypes } from '@lokaler/domain/tag';
import { locations, locationStatusEnum } from './locations';

export const bookingFlowThemeEnum = pgEnum('booking_flow_theme', bookingFlowThemes);
export const tagTypeEnum = pgEnum('tag_type', tagTypes);

/** How a room is applied for: the form's theme and where the admin/public forms live. */
export const bookingFlows = pgTable('booking_flows', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  theme: bookingFlowThemeEnum('theme').notNull().default('default'),
  adminFormLink: text('admin_form_link'),
  publicFormLink: text('public_form_link'),
});

/** Kinds of rooms (Gymsal, Klasserom, Møterom …), GET /preferences/options/assettypes. */
export const assetTypes = pgTable('asset_types', { id: serial('id').primaryKey(), name: text('name').notNull().unique() });

/** A room (bookable asset) of a location (spec 01 §3 Bookable asset, spec 02 §3 Room). */
export const bookableAssets = pgTable(
  'bookable_assets',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The room number; displayName is name plus this. */
    externalAssetNumber: text('external_asset_number'),
    status: locationStatusEnum('status').notNull().default('PUBLISHED'),
    capacity: integer('capacity'),
    squareMeters: doublePrecision('square_meters'),
    assetTypeId: integer('asset_type_id').references(() => assetTypes.id),
    bookingFlowId: integer('booking_flow_id').references(() => bookingFlows.id),
    hasOslonokkelen: boolean('has_oslonokkelen').notNull().default(false),
    assetInfoMessage: text('asset_info_message'),
    /** Per-room rules; the effective rule is the location's AND the room's. */
    allowRepeatedBookingsForPublicUser: boolean('allow_repeated_bookings_for_public_user').notNull().default(true),
    allowSingleBookingsForPublicUser: boolean('allow_single_bookings_for_public_user').notNull().default(true),
    maxOneTimeslotPerBookingForPublicUser: boolean('max_one_timeslot_per_booking_for_public_user').notNull().default(false),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bookable_assets_location').on(t.locationId),
    check('bookable_assets_capacity_non_negative', sql`${t.capacity} is null or ${t.capacity} >= 0`),
  ],
);

/** Facilities, accessibility (uu) and purposes a room can be tagged with; also the search filters. */
export const tags = pgTable(
  'tags',
  { id: serial('id').primaryKey(), name: text('name').notNull(), tagType: tagTypeEnum('tag_type').notNull() },
  (t) => [unique('tags_name_type').on(t.name, t.tagType)],
);

export const assetTags = pgTable(
  'asset_tags',
  {
    bookableAssetId: integer('bookable_asset_id')
      .notNull()
      .references(() => bookableAssets.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.bookableAssetId, t.tagId] }), index('asset_tags_tag').on(t.tagId)],
);
