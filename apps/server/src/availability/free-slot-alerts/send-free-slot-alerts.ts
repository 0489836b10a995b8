import type { FastifyInstance } from 'fastify';
import { alertPieces, freeTimesInPiece } from '@lokaler/domain/free-slot-alert';
import { assetDisplayName } from '@lokaler/domain/bookable-asset';
import { formatDate } from '@lokaler/domain/scheduling/format-date';
import { osloClock } from '@lokaler/domain/scheduling/oslo-clock';
import { prepareRoom } from '@lokaler/domain/scheduling/room-calendar';
import { publicCaller } from '@lokaler/domain/scheduling/scheduling-caller';
import { minutesToTime } from '@lokaler/domain/scheduling/time-of-day';
import type { Db, Tx } from '../../db/client';
import { writeTransaction } from '../../db/write-transaction';
import { enqueueMail, type OutboxMail } from '../../integrations/mail/outbox';
import { loadRoomCalendars } from '../room-calendars/repository';
import {
  alertsMatchingEvent,
  claimEvents,
  deleteEvents,
  dropNoticesOfInactiveAlerts,
  findRecipient,
  insertNotices,
  lockPendingNotices,
  mailsInTheLastHour,
  markNoticesTaken,
  publishedRoomIds,
  recordMail,
  usersWithPendingNotices,
  type NoticeRow,
} from './job-repository';
import { lockUser } from './repository';
import { oneClickUnsubscribeUrl, unsubscribeUrl } from './unsubscribe-token';

/** The job's name in job_schedule. */
export const FREE_SLOT_ALERTS_JOB = 'free-slot-alerts';
/** Often enough that a freed time is mailed well within a minute; an idle run is one indexed read. */
const INTERVAL_MS = 10_000;
const EVENT_BATCH = 200;

export interface FreeSlotAlertJobOptions {
  publicUrl: string;
  secret: string;
  mailsPerHour: number;
  now: Date;
  signal?: AbortSignal | undefined;
}

/**
 * The job `free-slot-alerts` (decision 022), in two steps, each in its own
 * transactions with row locks (FOR UPDATE SKIP LOCKED), so two processes never handle one row twice:
 * 1. freed time recorded by the database triggers (free_slot_events) is matched against the active
 *    alerts and becomes pending notices, one per alert, room, date and piece (unique: never twice);
 * 2. per person, unless the hourly limit is reached, every pending notice is checked with the rule
 *    engine now (the same roomDay/intervalProblem as the availability check): those taken again are
 *    dropped (TAKEN), the rest go out in one e-mail through the outbox (SENT).
 */
export async function sendFreeSlotAlerts(
  db: Db,
  options: FreeSlotAlertJobOptions,
): Promise<{ notices: number; mails: number; taken: number }> {
  const { today } = osloClock(options.now);
  let notices = 0;
  for (;;) {
    const result = await writeTransaction(db, (tx) => matchEvents(tx, today));
    notices += result.notices;
    if (result.events < EVENT_BATCH || options.signal?.aborted) break;
  }
  await dropNoticesOfInactiveAlerts(db, today);
  let mails = 0;
  let taken = 0;
  for (const userId of await usersWithPendingNotices(db)) {
    if (options.signal?.aborted) break;
    const sent = await writeTransaction(db, (tx) => mailOnePerson(tx, userId, options));
    mails += sent.mailed ? 1 : 0;
    taken += sent.taken;
  }
  return { notices, mails, taken };
}

async function matchEvents(tx: Tx, today: string): Promise<{ events: number; notices: number }> {
  const events = await claimEvents(tx, EVENT_BATCH);
  if (events.length === 0) return { events: 0, notices: 0 };
  const roomsOf = new Map<number, number[]>();
  const rows: { alertId: number; assetId: number; date: string; start: number; end: number }[] = [];
  for (const event of events) {
    for (const alert of await alertsMatchingEvent(tx, event, today)) {
      const pieces = alertPieces(
        {
          fromDate: alert.from_date,
          toDate: alert.to_date,
          weekdays: alert.weekdays.map(Number),
          timeFrom: alert.time_from,
          timeTo: alert.time_to,
        },
        {
          fromDate: event.from_date,
          toDate: event.to_date,
          weekday: event.weekday,
          startMinute: event.start_minute,
          endMinute: event.end_minute,
        },
        today,
      );
      if (pieces.length === 0) continue;
      const assetId = alert.bookable_asset_id ?? event.bookable_asset_id;
      let assets = assetId !== null ? [assetId] : roomsOf.get(event.location_id);
      if (!assets) {
        assets = await publishedRoomIds(tx, event.location_id);
        roomsOf.set(event.location_id, assets);
      }
      for (const asset of assets) for (const piece of pieces) rows.push({ alertId: alert.id, assetId: asset, ...piece });
    }
  }
  const inserted = await insertNotices(tx, rows);
  await deleteEvents(
    tx,
    events.map((e) => e.id),
  );
  return { events: events.length, notices: inserted };
}

async function mailOnePerson(tx: Tx, userId: number, options: FreeSlotAlertJobOptions): Promise<{ mailed: boolean; taken: number }> {
  const { today, time } = osloClock(options.now);
  // One person's mail is decided under a lock on their user row: two processes cannot both pass the hourly limit.
  await lockUser(tx, userId);
  if ((await mailsInTheLastHour(tx, userId, options.now)) >= options.mailsPerHour) return { mailed: false, taken: 0 };
  const notices = await lockPendingNotices(tx, userId, today);
  if (notices.length === 0) return { mailed: false, taken: 0 };
  const dates = notices.map((n) => n.date).sort();
  const rooms = await loadRoomCalendars(
    tx,
    notices.map((n) => n.bookable_asset_id),
    { fromInclusive: dates[0]!, toInclusive: dates.at(-1)! },
  );
  const prepared = new Map(
    [...rooms].map(([id, { row, calendar }]) => [
      id,
      {
        row,
        room: prepareRoom(calendar, { today, now: time, caller: publicCaller }),
        visible: row.status === 'PUBLISHED' && row.location.status === 'PUBLISHED',
      },
    ]),
  );
  const free: { notice: NoticeRow; line: string; link: string; alertId: number }[] = [];
  const takenIds: number[] = [];
  for (const notice of notices) {
    const room = prepared.get(notice.bookable_asset_id);
    const times = room?.visible
      ? freeTimesInPiece(room.room, { date: notice.date, start: notice.start_minute, end: notice.end_minute })
      : [];
    if (!room || times.length === 0) {
      takenIds.push(notice.id);
      continue;
    }
    const name = assetDisplayName(room.row.name, room.row.externalAssetNumber);
    const when = `${weekdayName(notice.date)} ${formatDate(notice.date, 'dd.MM.yyyy')} ${times.map((t) => `${short(t.start)}–${short(t.end)}`).join(', ')}`;
    free.push({
      notice,
      alertId: notice.alert_id,
      line: `${name}, ${room.row.location.name}: ${when}`,
      link: `${options.publicUrl}/ressurs?ressurs=${notice.bookable_asset_id}&dato=${notice.date}&tid=${short(times[0]!.start)}`,
    });
  }
  await markNoticesTaken(tx, takenIds);
  if (free.length === 0) return { mailed: false, taken: takenIds.length };
  await recordMail(
    tx,
    userId,
    options.now,
    free.map((f) => f.notice.id),
  );
  const user = await findRecipient(tx, userId);
  if (user?.email) await enqueueMail(tx, alertMail({ to: user.email, name: user.name, free, options }));
  return { mailed: true, taken: takenIds.length };
}

/** One person's e-mail about the free times of their alerts, with the one-click List-Unsubscribe of all of them. */
export function alertMail({
  to,
  name,
  free,
  options,
}: {
  to: string;
  name: string;
  free: { line: string; link: string; alertId: number }[];
  options: Pick<FreeSlotAlertJobOptions, 'publicUrl' | 'secret'>;
}): OutboxMail {
  const alertIds = [...new Set(free.map((f) => f.alertId))];
  const subject = free.length === 1 ? `Ledig tid: ${free[0]!.line.split(':')[0]}` : `${free.length} ledige tider du har bedt om varsel for`;
  const text = [
    `Hei ${name},`,
    '',
    free.length === 1 ? 'En tid du har bedt om varsel for, er blitt ledig:' : 'Tider du har bedt om varsel for, er blitt ledige:',
    '',
    ...free.flatMap((f) => [f.line, `Se tiden i kalenderen og søk om den: ${f.link}`, '']),
    'Tidene holdes ikke av for deg: den som sender søknaden først, får tiden.',
    '',
    ...alertIds.map((id) => `Avslutt dette varselet: ${unsubscribeUrl(options.publicUrl, options.secret, id)}`),
    `Se og avslutt alle varslene dine under Mine bookinger: ${options.publicUrl}/bookinger/varsler`,
  ].join('\n');
  const listUnsubscribe = oneClickUnsubscribeUrl(options.publicUrl, options.secret, alertIds);
  return { to, subject, text, listUnsubscribe, topic: { kind: 'FreeSlotAlert', alertIds } };
}

const weekdayNames = ['mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag', 'søndag'];
function weekdayName(date: string): string {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return weekdayNames[(day + 6) % 7]!;
}
const short = (minutes: number) => minutesToTime(minutes).slice(0, 5);

/** Registers the job on the one job runner (decision 009). */
export function registerFreeSlotAlerts(app: FastifyInstance): void {
  app.jobs.register({
    name: FREE_SLOT_ALERTS_JOB,
    intervalMs: INTERVAL_MS,
    run: ({ now, signal }) =>
      sendFreeSlotAlerts(app.database.db, {
        now,
        signal,
        publicUrl: app.config.publicUrl,
        secret: app.config.cookieSecret,
        mailsPerHour: app.config.freeSlotAlerts.mailsPerHour,
      }),
  });
}
