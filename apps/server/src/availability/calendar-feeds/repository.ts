import { randomBytes } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ReservationStatus } from '@lokaler/domain/reservation';
import { queryRows, type DbOrTx } from '../../db/client';
import { calendarFeeds } from '../../db/schema/calendar-feeds';

export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;

/** Whose feed: a person's own bookings, an organisation's, or a location's. */
export type FeedOwner =
  { kind: 'PERSON'; userId: number } | { kind: 'ORGANIZATION'; organizationNumber: string } | { kind: 'LOCATION'; locationId: number };

/** 32 random bytes: 256 bits, 43 characters of base64url. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

function ownerColumns(owner: FeedOwner) {
  switch (owner.kind) {
    case 'PERSON':
      return { kind: owner.kind, userId: owner.userId };
    case 'ORGANIZATION':
      return { kind: owner.kind, organizationNumber: owner.organizationNumber };
    case 'LOCATION':
      return { kind: owner.kind, locationId: owner.locationId };
  }
}

function ownerIs(owner: FeedOwner): SQL {
  switch (owner.kind) {
    case 'PERSON':
      return and(eq(calendarFeeds.kind, 'PERSON'), eq(calendarFeeds.userId, owner.userId))!;
    case 'ORGANIZATION':
      return and(eq(calendarFeeds.kind, 'ORGANIZATION'), eq(calendarFeeds.organizationNumber, owner.organizationNumber))!;
    case 'LOCATION':
      return and(eq(calendarFeeds.kind, 'LOCATION'), eq(calendarFeeds.locationId, owner.locationId))!;
  }
}

export async function findFeed(db: DbOrTx, id: number): Promise<CalendarFeedRow | undefined> {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.id, id));
  return row;
}

/** The owner's feed, made on first ask (two callers at once: the unique index keeps one, both read it). */
export async function ensureFeed(db: DbOrTx, owner: FeedOwner): Promise<CalendarFeedRow> {
  const [existing] = await db.select().from(calendarFeeds).where(ownerIs(owner));
  if (existing) return existing;
  await db
    .insert(calendarFeeds)
    .values({ ...ownerColumns(owner), secret: newSecret() })
    .onConflictDoNothing();
  const [row] = await db.select().from(calendarFeeds).where(ownerIs(owner));
  if (!row) throw new Error(`Calendar feed of ${owner.kind} was not stored`);
  return row;
}

/** A new secret for the owner's feed (made if there was none): the old URL stops working at once. */
export async function rotateFeed(db: DbOrTx, owner: FeedOwner, now: Date): Promise<CalendarFeedRow> {
  const feed = await ensureFeed(db, owner);
  const [row] = await db
    .update(calendarFeeds)
    .set({ secret: newSecret(), rotatedAt: now })
    .where(eq(calendarFeeds.id, feed.id))
    .returning();
  return row!;
}

/** One reservation as the feeds show it. Only columns that carry no applicant's personal data. */
export interface FeedReservationRow extends Record<string, unknown> {
  id: number;
  bookingId: number;
  caseNumber: string;
  date: string;
  startTime: string;
  durationMinutes: number;
  status: ReservationStatus;
  revision: number;
  createdAt: Date | string;
  updatedAt: Date | string;
  roomName: string;
  locationName: string;
  streetAddress: string | null;
  postCode: string | null;
  city: string | null;
  /** An organisation's name (not personal data); null for a private person's booking. */
  organizationName: string | null;
  /** The administrator's internal title of an activity (the column must not hold personal data). */
  internalEventTitle: string | null;
}

/** How far back a feed reaches: calendar apps keep what they have seen; older times need not be sent again. */
export const FEED_DAYS_BACK = 90;
/**
 * A location's feed is shorter: 30 days back, a year ahead. The city's busiest location has ~3,700
 * times in the person's window (1.8 MB, bench/RESULTS.md); a room's week is what its staff look at.
 */
export const LOCATION_FEED_DAYS = { back: 30, ahead: 365 } as const;

function feedRows(db: DbOrTx, whose: SQL): Promise<FeedReservationRow[]> {
  return queryRows<FeedReservationRow>(
    db,
    sql`
    select r.id, r.booking_id as "bookingId", b.case_number as "caseNumber", r.date::text as date, r.start_time::text as "startTime",
      r.duration_minutes as "durationMinutes", r.status, r.revision, r.created_at as "createdAt", r.updated_at as "updatedAt",
      a.name as "roomName", l.name as "locationName", l.street_address as "streetAddress", l.post_code as "postCode", l.city,
      b.organization_name as "organizationName", b.internal_event_title as "internalEventTitle"
    from bookings b
    join reservations r on r.booking_id = b.id
    join bookable_assets a on a.id = r.bookable_asset_id
    join locations l on l.id = b.location_id
    where ${whose} and r.date >= (now() at time zone 'Europe/Oslo')::date - ${FEED_DAYS_BACK}::int
    order by r.date, r.start_time, r.id`,
  );
}

/** The reservations a feed lists: every status (the ended ones become STATUS:CANCELLED). */
export function loadFeedReservations(db: DbOrTx, owner: FeedOwner): Promise<FeedReservationRow[]> {
  switch (owner.kind) {
    case 'PERSON':
      return feedRows(db, sql`b.user_id = ${owner.userId} and b.organization_number is null`);
    case 'ORGANIZATION':
      return feedRows(db, sql`b.organization_number = ${owner.organizationNumber}`);
    case 'LOCATION':
      return feedRows(
        db,
        sql`b.location_id = ${owner.locationId}
      and r.date <= (now() at time zone 'Europe/Oslo')::date + ${LOCATION_FEED_DAYS.ahead}::int
      and r.date >= (now() at time zone 'Europe/Oslo')::date - ${LOCATION_FEED_DAYS.back}::int`,
      );
  }
}

export async function loadName(db: DbOrTx, table: 'users' | 'locations', id: number): Promise<string | null> {
  const rows = await queryRows<{ name: string }>(
    db,
    table === 'users' ? sql`select name from users where id = ${id}` : sql`select name from locations where id = ${id}`,
  );
  return rows[0]?.name ?? null;
}
