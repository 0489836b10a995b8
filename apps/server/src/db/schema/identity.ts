import { index, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** A person who has logged in, keyed by the provider's `sub` (never by national identity number). */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  sub: text('sub').notNull().unique(),
  name: text('name').notNull(),
  email: text('email'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Storage of the local OIDC provider (sessions, grants, codes, refresh tokens...), so that logins
 * survive a restart and any number of processes share them.
 */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    id: text('id').notNull(),
    model: text('model').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.model, t.id] }), index('oidc_payloads_grant').on(t.grantId), index('oidc_payloads_uid').on(t.uid)],
);
