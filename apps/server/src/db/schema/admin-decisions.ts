import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CostBasedPrices } from '@lokaler/domain/admin-selvkost';
import type { DayOfWeek } from '@lokaler/domain/scheduling/day-of-week';
import { bookings, costCategoryEnum } from './bookings';
import { users } from './identity';
import { locations } from './locations';

/**
 * What the administrator's decisions store beside the booking row: the documents the
 * applicant receives, the terms of an approval, the cost-based price lists and the prepared reasons
 * for rejections.
 */

export const bookingDocumentKinds = ['CONTRACT', 'VEDTAK'] as const;
export const bookingDocumentKindEnum = pgEnum('booking_document_kind', bookingDocumentKinds);

/**
 * The vedtak (decision) and contract exactly as the administrator approved them: the HTML and its
 * SHA-256 (hex). The applicant's pages (GET /api/user/contract/{id}, /api/user/vedtak/{id}) read
 * the row whose revoked_at is null; 'Angre godkjenning' revokes instead of deleting, so what was
 * once sent stays on record.
 */
export const bookingDocuments = pgTable(
  'booking_documents',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: bookingDocumentKindEnum('kind').notNull(),
    html: text('html').notNull(),
    hash: text('hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('booking_documents_current')
      .on(t.bookingId, t.kind)
      .where(sql`${t.revokedAt} is null`),
    check('booking_documents_hash_hex', sql`${t.hash} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * The terms of the current approval of a booking (spec 02 §3 "Approval wizard state"); deleted when
 * the approval is reverted (the change log keeps the history). Money in øre.
 */
export const bookingApprovals = pgTable(
  'booking_approvals',
  {
    bookingId: integer('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    costCategory: costCategoryEnum('cost_category').notNull(),
    marketPriceOre: integer('market_price_ore'),
    costBasedPrices: jsonb('cost_based_prices').$type<CostBasedPrices>(),
    calculatedPriceOre: integer('calculated_price_ore'),
    retroactiveContract: boolean('retroactive_contract').notNull().default(false),
    hasTilsynsvakt: boolean('has_tilsynsvakt').notNull().default(false),
    tilsynsvaktWeekdays: jsonb('tilsynsvakt_weekdays').$type<DayOfWeek[]>().notNull().default([]),
    approvedByUserId: integer('approved_by_user_id').references(() => users.id),
    approvedByName: text('approved_by_name'),
    approvedAt: timestamp('approved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('booking_approvals_market_price', sql`${t.marketPriceOre} is null or ${t.marketPriceOre} >= 0`)],
);

/** A location's cost-based price list ("selvkost"), in øre; hour prices per hour. */
export const selvkostPrices = pgTable(
  'selvkost_prices',
  {
    locationId: integer('location_id')
      .primaryKey()
      .references(() => locations.id, { onDelete: 'cascade' }),
    lokalkategori1Ore: integer('lokalkategori1_ore').notNull(),
    lokalkategori2Ore: integer('lokalkategori2_ore').notNull(),
    lokalkategori3Ore: integer('lokalkategori3_ore').notNull(),
    etableringSemesterlanOre: integer('etablering_semesterlan_ore').notNull(),
    etableringEngangsutleieOre: integer('etablering_engangsutleie_ore').notNull(),
    timeTilsynsvaktOre: integer('time_tilsynsvakt_ore').notNull(),
    timeEkstraRenholdOre: integer('time_ekstra_renhold_ore').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'selvkost_prices_non_negative',
      sql`least(${t.lokalkategori1Ore}, ${t.lokalkategori2Ore}, ${t.lokalkategori3Ore}, ${t.etableringSemesterlanOre}, ${t.etableringEngangsutleieOre}, ${t.timeTilsynsvaktOre}, ${t.timeEkstraRenholdOre}) >= 0`,
    ),
  ],
);

/** Prepared reasons for a rejection (GET /api/rejection-choices); reference data from a migration. */
export const rejectionChoices = pgTable(
  'rejection_choices',
  {
    key: text('key').primaryKey(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('rejection_choices_order').on(t.sortOrder)],
);
