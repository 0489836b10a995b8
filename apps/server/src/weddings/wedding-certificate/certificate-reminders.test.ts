import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EmailReminder } from '@lokaler/domain/admin-booking-view';
import type { ChangeLogEntry } from '@lokaler/domain/change-log';
import { buildApp, type App } from '../../app';
import { loadConfig } from '../../config';
import { queryRows, type Database } from '../../db/client';
import { weddingForms } from '../../db/schema/wedding-forms';
import { testAdmins } from '../../seed/test-users';
import { bearer, loginAs } from '../../../test/login';
import { createTestDatabase, truncateAll } from '../../../test/test-db';
import { FakeClock } from '../../../test/fake-clock';
import { applicantBooking } from '../../../test/factories/applicant';
import { addLocationAdmin, inDays } from '../../../test/factories/calendar';
import { createAsset, createLocation, createUser } from '../../../test/factories/places';
import { createWeddingVenue } from '../../../test/factories/wedding';
import { CERTIFICATE_REMINDER_KIND } from './certificate-reminder-mail';
import { WEDDING_CERTIFICATE_REMINDERS_JOB, sendCertificateReminders } from './send-certificate-reminders';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * Decision 012: one reminder when no prøvingsattest is on file 4 weeks before the ceremony, driven
 * by the job runner with a fake clock; never twice, also with two app instances at once.
 */
describe('the wedding certificate reminder job', () => {
  let database: Database;
  let clock: FakeClock;
  const apps: App[] = [];
  let roomId: number;
  let locationId: number;
  let userId: number;

  const startApp = async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '3000' });
    const app = await buildApp({ config, database, logger: false, jobs: { run: false, clock } });
    await app.ready();
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.close();
  });
  beforeEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await truncateAll(database);
    clock = new FakeClock(new Date());
    ({ roomId, locationId } = await createWeddingVenue(database.db));
    userId = (await createUser(database.db)).id;
  });

  const wedding = (
    date: string,
    startTime = '11:00:00',
    options: Partial<Parameters<typeof applicantBooking>[1]> = {},
    durationMinutes = 30,
  ) =>
    applicantBooking(database.db, {
      locationId,
      userId,
      sourceForm: 'wedding',
      status: 'APPROVED',
      requirements: [{ type: 'WEDDING_CERTIFICATE' }],
      times: [{ bookableAssetId: roomId, date, startTime, durationMinutes }],
      ...options,
    });
  const reminders = () =>
    queryRows<{ booking_id: number; recipient: string; subject: string; body: string }>(
      database.db,
      sql`
    select (topic->>'bookingId')::int as booking_id, recipient, subject, body from mail_outbox where topic->>'kind' = ${CERTIFICATE_REMINDER_KIND} order by id`,
    );
  const logEntries = () =>
    queryRows<{ booking_id: number; user_name: string }>(
      database.db,
      sql`
    select booking_id, user_name from change_log where type = 'WeddingCertificateReminderSent' order by id`,
    );

  it('sends one reminder once the ceremony is within 4 weeks, never again, and the admin sees it in the e-mail log and the change log', async () => {
    const app = await startApp();
    const booking = await wedding(inDays(40));

    expect(await app.jobs.tick()).toMatchObject({ ran: expect.arrayContaining([WEDDING_CERTIFICATE_REMINDERS_JOB]), failed: [] });
    expect(await reminders()).toEqual([]);

    clock.advance(13 * DAY);
    expect(await app.jobs.tick()).toMatchObject({ ran: expect.arrayContaining([WEDDING_CERTIFICATE_REMINDERS_JOB]), failed: [] });
    const [mail, ...more] = await reminders();
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      booking_id: booking.id,
      recipient: 'kontakt@example.no',
      subject: `Påminnelse: prøvingsattest for vielsen (${booking.caseNumber})`,
    });
    expect(mail!.body).toContain(
      'Prøvingsattesten må sendes inn senest 4 uker før vielsen. Kommer den ikke fram i tide, kan dere miste tidspunktet.',
    );

    for (let i = 0; i < 3; i++) {
      clock.advance(HOUR + 1000);
      await app.jobs.tick();
    }
    await app.jobs.runNow(WEDDING_CERTIFICATE_REMINDERS_JOB);
    expect(await reminders()).toHaveLength(1);
    expect(await logEntries()).toEqual([{ booking_id: booking.id, user_name: 'System' }]);

    await addLocationAdmin(database.db, locationId, testAdmins[2]!.email);
    const vigdis = (await loginAs(app, testAdmins[2]!, { client: 'admin' })).accessToken;
    const emails = await app.inject({ method: 'GET', url: `/api/booking-log/${booking.id}/email-reminders`, headers: bearer(vigdis) });
    expect(emails.statusCode, emails.body).toBe(200);
    expect(emails.json<EmailReminder[]>()).toEqual([
      expect.objectContaining({
        kind: CERTIFICATE_REMINDER_KIND,
        recipient: 'kontakt@example.no',
        subject: expect.stringContaining('prøvingsattest'),
      }),
    ]);
    const changes = await app.inject({ method: 'GET', url: `/api/booking-log/${booking.id}/changes`, headers: bearer(vigdis) });
    expect(changes.json<ChangeLogEntry[]>().filter((c) => c.type === 'WeddingCertificateReminderSent')).toEqual([
      expect.objectContaining({ label: 'Sendt', user: 'System' }),
    ]);
  });

  it('leaves alone a certificate on file, a fulfilled requirement, a hold, a past or far ceremony, a rejected booking and a non-wedding', async () => {
    const db = database.db;
    const now = clock.now();
    const due = await wedding(inDays(20));
    const submitted = await wedding(inDays(21), '11:00:00', { status: 'UNPROCESSED' });
    const uploaded = await wedding(inDays(20), '12:00:00');
    await db
      .insert(weddingForms)
      .values({
        bookingId: uploaded.id,
        proevingsattestFilename: 'a.pdf',
        proevingsattestContentType: 'application/pdf',
        proevingsattestSize: 5,
        proevingsattestBytes: Buffer.from('%PDF-'),
        proevingsattestAddedAt: now,
      });
    await wedding(inDays(20), '13:00:00', { requirements: [{ type: 'WEDDING_CERTIFICATE', fulfilled: true }] });
    const held = await wedding(inDays(20), '14:00:00', { status: 'UNPROCESSED' });
    await db.execute(
      sql`update bookings set hold_expires_at = ${new Date(now.getTime() + 20 * 60_000).toISOString()}::timestamptz where id = ${held.id}`,
    );
    await wedding(inDays(-1), '11:00:00');
    await wedding(inDays(29), '15:00:00');
    await wedding(inDays(20), '15:00:00', { status: 'REJECTED' });
    const school = await createLocation(db, { name: 'Sagene skole' });
    await applicantBooking(db, {
      locationId: school.id,
      userId,
      status: 'APPROVED',
      times: [{ bookableAssetId: (await createAsset(db, school.id)).id, date: inDays(20), startTime: '18:00:00', durationMinutes: 60 }],
    });

    expect(await sendCertificateReminders(db, now, 'http://localhost')).toEqual({ reminded: [due.id, submitted.id] });
    expect(await sendCertificateReminders(db, now, 'http://localhost')).toEqual({ reminded: [] });
    expect((await reminders()).map((r) => r.booking_id)).toEqual([due.id, submitted.id]);
  });

  it('two app instances at once send each reminder exactly once', async () => {
    const both = [await startApp(), await startApp()];
    const ids: number[] = [];
    for (let i = 0; i < 24; i++) {
      const start = `${String(10 + Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}:00`;
      ids.push((await wedding(inDays(10), start, {}, 15)).id);
    }
    const results = await Promise.all(
      both.flatMap((app) => [
        app.jobs.tick(),
        app.jobs.runNow<{ reminded: number[] }>(WEDDING_CERTIFICATE_REMINDERS_JOB),
        app.jobs.runNow<{ reminded: number[] }>(WEDDING_CERTIFICATE_REMINDERS_JOB),
      ]),
    );
    const acted = results.flatMap((r) => ('reminded' in r ? r.reminded : []));
    expect([...acted].sort((a, b) => a - b)).toEqual(ids);
    expect((await reminders()).map((r) => r.booking_id).sort((a, b) => a - b)).toEqual(ids);
    expect(await logEntries()).toHaveLength(ids.length);
  });
});
