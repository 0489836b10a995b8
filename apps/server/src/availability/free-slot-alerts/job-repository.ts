import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';

/** The queries of the job `free-slot-alerts` (send-free-slot-alerts.ts). */

export interface EventRow extends Record<string, unknown> {
  id: number;
  location_id: number;
  bookable_asset_id: number | null;
  from_date: string;
  to_date: string;
  weekday: number | null;
  start_minute: number;
  end_minute: number;
}

export interface MatchingAlertRow extends Record<string, unknown> {
  id: number;
  bookable_asset_id: number | null;
  from_date: string;
  to_date: string;
  weekdays: number[];
  time_from: string | null;
  time_to: string | null;
}

export interface NoticeRow extends Record<string, unknown> {
  id: number;
  alert_id: number;
  bookable_asset_id: number;
  date: string;
  start_minute: number;
  end_minute: number;
}

const ids = (values: readonly number[]) =>
  sql.join(
    values.map((id) => sql`${id}`),
    sql`, `,
  );

/** The oldest freed times the triggers recorded, locked for this transaction (others skip them). */
export function claimEvents(db: DbOrTx, limit: number): Promise<EventRow[]> {
  return queryRows<EventRow>(
    db,
    sql`select id, location_id, bookable_asset_id, from_date::text, to_date::text, weekday, start_minute, end_minute
    from free_slot_events order by id limit ${limit} for update skip locked`,
  );
}

export async function deleteEvents(db: DbOrTx, eventIds: readonly number[]): Promise<void> {
  if (eventIds.length) await db.execute(sql`delete from free_slot_events where id in (${ids(eventIds)})`);
}

/** The active alerts of the event's location whose range and room meet the event's. */
export function alertsMatchingEvent(db: DbOrTx, event: EventRow, today: string): Promise<MatchingAlertRow[]> {
  return queryRows<MatchingAlertRow>(
    db,
    sql`select id, bookable_asset_id, from_date::text, to_date::text, weekdays, time_from::text, time_to::text
    from free_slot_alerts
    where location_id = ${event.location_id} and ended_at is null and to_date >= ${today}::date
      and from_date <= ${event.to_date}::date and to_date >= ${event.from_date}::date
      and (bookable_asset_id is null or ${event.bookable_asset_id}::int is null or bookable_asset_id = ${event.bookable_asset_id}::int)`,
  );
}

export async function publishedRoomIds(db: DbOrTx, locationId: number): Promise<number[]> {
  return (
    await queryRows<{ id: number }>(
      db,
      sql`select id from bookable_assets where location_id = ${locationId} and status = 'PUBLISHED' order by id`,
    )
  ).map((r) => r.id);
}

/** Pending notices; a piece an alert already has (pending, sent or taken) is skipped. Answers how many are new. */
export async function insertNotices(
  db: DbOrTx,
  rows: readonly { alertId: number; assetId: number; date: string; start: number; end: number }[],
): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const values = sql.join(
      rows.slice(i, i + 500).map((r) => sql`(${r.alertId}, ${r.assetId}, ${r.date}::date, ${r.start}, ${r.end})`),
      sql`, `,
    );
    inserted += (
      await queryRows<{ id: number }>(
        db,
        sql`insert into free_slot_notices (alert_id, bookable_asset_id, date, start_minute, end_minute)
      values ${values} on conflict do nothing returning id`,
      )
    ).length;
  }
  return inserted;
}

/** Pending notices of alerts that ended or expired will never be sent. */
export async function dropNoticesOfInactiveAlerts(db: DbOrTx, today: string): Promise<void> {
  await db.execute(sql`delete from free_slot_notices n using free_slot_alerts a
    where n.alert_id = a.id and n.status = 'PENDING' and (a.ended_at is not null or a.to_date < ${today}::date)`);
}

export async function usersWithPendingNotices(db: DbOrTx): Promise<number[]> {
  return (
    await queryRows<{ user_id: number }>(
      db,
      sql`select distinct a.user_id from free_slot_notices n join free_slot_alerts a on a.id = n.alert_id
    where n.status = 'PENDING' order by 1`,
    )
  ).map((r) => r.user_id);
}

/** Alert e-mails sent to the person in the hour before `now`. */
export async function mailsInTheLastHour(db: DbOrTx, userId: number, now: Date): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from free_slot_alert_mails
    where user_id = ${userId} and sent_at > ${now.toISOString()}::timestamptz - interval '1 hour'`,
  );
  return row?.n ?? 0;
}

/** The person's pending notices of active alerts, locked (FOR UPDATE SKIP LOCKED). */
export function lockPendingNotices(db: DbOrTx, userId: number, today: string): Promise<NoticeRow[]> {
  return queryRows<NoticeRow>(
    db,
    sql`select n.id, n.alert_id, n.bookable_asset_id, n.date::text, n.start_minute, n.end_minute
    from free_slot_notices n join free_slot_alerts a on a.id = n.alert_id
    where a.user_id = ${userId} and n.status = 'PENDING' and a.ended_at is null and a.to_date >= ${today}::date
    order by n.date, n.start_minute, n.bookable_asset_id, n.id
    for update of n skip locked`,
  );
}

export async function markNoticesTaken(db: DbOrTx, noticeIds: readonly number[]): Promise<void> {
  if (noticeIds.length) await db.execute(sql`update free_slot_notices set status = 'TAKEN' where id in (${ids(noticeIds)})`);
}

/** Records one e-mail to the person (what the hourly limit counts) and marks its notices SENT. */
export async function recordMail(db: DbOrTx, userId: number, now: Date, noticeIds: readonly number[]): Promise<void> {
  const [mail] = await queryRows<{ id: number }>(
    db,
    sql`insert into free_slot_alert_mails (user_id, sent_at) values (${userId}, ${now.toISOString()}::timestamptz) returning id`,
  );
  await db.execute(sql`update free_slot_notices set status = 'SENT', mail_id = ${mail!.id} where id in (${ids(noticeIds)})`);
}

export async function findRecipient(db: DbOrTx, userId: number): Promise<{ name: string; email: string | null } | undefined> {
  const [user] = await queryRows<{ name: string; email: string | null }>(db, sql`select name, email from users where id = ${userId}`);
  return user;
}
