import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { oslonokkelenRequestStatuses } from '@lokaler/domain/oslonokkelen';
import { bookings } from './bookings';
import { users } from './identity';

/** Tables of the applicant's side after an application (spec 02 §1–§9): digital keys, claim links, signed contracts. */

export const oslonokkelenRequestStatusEnum = pgEnum('oslonokkelen_request_status', oslonokkelenRequestStatuses);

/**
 * A phone number the applicant shares the digital key of a booking with. The key job pushes access
 * to the key service and follows its status; `grant_id` is the key service's grant for the times in
 * `granted_times_hash`, so a change of times is seen and the grant replaced.
 */
export const oslonokkelenPermissions = pgTable(
  'oslonokkelen_permissions',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    phoneNumber: text('phone_number').notNull(),
    status: oslonokkelenRequestStatusEnum('status').notNull().default('NOT_REQUESTED'),
    /** The current grant at the key service, once pushed; null while none is active. */
    grantId: text('grant_id'),
    /**
     * Counts the grants this number has had: the next grant's id is derived from it, so a retried push
     * repeats the same id (the service's PUT is idempotent) and a grant after a withdrawal gets a new one.
     */
    grantGeneration: integer('grant_generation').notNull().default(0),
    grantedTimesHash: text('granted_times_hash'),
    /** Failed calls to the key service in a row (back-off; FAILED after too many). */
    attempts: integer('attempts').notNull().default(0),
    /** When the key job looks at this number next. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('oslonokkelen_permissions_booking_phone').on(t.bookingId, t.phoneNumber),
    index('oslonokkelen_permissions_due').on(t.status, t.nextAttemptAt),
    check('oslonokkelen_permissions_phone_8_digits', sql`${t.phoneNumber} ~ '^[0-9]{8}$'`),
  ],
);

/**
 * Grants to withdraw at the key service. Written in the transaction that takes access away
 * (cancellation, changed times, a removed number); the key job calls the service afterwards.
 */
export const oslonokkelenRevocations = pgTable(
  'oslonokkelen_revocations',
  {
    grantId: text('grant_id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [index('oslonokkelen_revocations_due').on(t.doneAt, t.nextAttemptAt)],
);

/**
 * The state of the LOCAL key service (integrations/key-service/local-key-service.ts), which stands in
 * for the real Oslonøkkelen. Kept in the database so it survives restarts and every process sees it.
 */
export const localKeyServiceGrants = pgTable('local_key_service_grants', {
  grantId: text('grant_id').primaryKey(),
  phoneNumber: text('phone_number').notNull(),
  doors: jsonb('doors').$type<string[]>().notNull(),
  periods: jsonb('periods').$type<{ from: string; until: string }[]>().notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/**
 * Links that let a person take over a booking made for them (GET /verifiedbookingaccess/{token}).
 * Only a SHA-256 of the token is stored, so the table does not hand out working links.
 */
export const claimTokens = pgTable(
  'claim_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    claimedByUserId: integer('claimed_by_user_id').references(() => users.id),
  },
  (t) => [index('claim_tokens_booking').on(t.bookingId)],
);

/** The contract exactly as it was signed: what the applicant saw is what stays on file. */
export const signedContracts = pgTable('signed_contracts', {
  bookingId: integer('booking_id')
    .primaryKey()
    .references(() => bookings.id, { onDelete: 'cascade' }),
  html: text('html').notNull(),
  sha256: text('sha256').notNull(),
  signedByUserId: integer('signed_by_user_id')
    .notNull()
    .references(() => users.id),
  signedByName: text('signed_by_name').notNull(),
  signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
});
