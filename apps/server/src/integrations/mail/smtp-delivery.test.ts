import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema/outbox';
import { testAdmins, testCitizens } from '../../seed/test-users';
import { bookingWithTimes, call } from '../../../test/admin-test-support';
import { createTestDatabase, truncateAll } from '../../../test/test-db';
import { loginAs } from '../../../test/login';
import { addLocationAdmin, inDays, setOpeningHours } from '../../../test/factories/calendar';
import { createAsset, createLocation } from '../../../test/factories/places';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp-test-server';
import { MAX_ATTEMPTS } from './outbox';

const FROM = 'Lokaler <ikke-svar@lokaler.oslo.kommune.no>';

/**
 * The SMTP adapter against a real (local) SMTP server: what a citizen receives when an administrator
 * decides, with two server processes on one database, a restart, a relay that answers 451 and one
 * that answers 550.
 */
describe('e-mail over SMTP', () => {
  let smtp: TestSmtpServer;
  let database: Database;
  let apps: App[];
  let admin: string;
  let kariId: number;

  const env = () => ({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '3000',
    MAIL_ADAPTER: 'smtp',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    MAIL_FROM: FROM,
  });
  const startApp = async (extra: Record<string, string> = {}) => {
    const app = await buildApp({ config: loadConfig({ ...env(), ...extra }), database, logger: false, jobs: { run: false } });
    await app.ready();
    return app;
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    database = await createTestDatabase();
    apps = [await startApp(), await startApp()];
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.close();
    await smtp.close();
  });
  beforeEach(async () => {
    await truncateAll(database);
    smtp.received.length = 0;
    smtp.attempts = 0;
    admin = (await loginAs(apps[0]!, testAdmins[0]!, { client: 'admin' })).accessToken;
    const kari = (await loginAs(apps[0]!, testCitizens[0]!)).accessToken;
    kariId = (await call(apps[0]!, kari, 'GET', '/api/currentuser/roles')).json<{ userId: number }>().userId;
  });

  /** An application by Kari at Sagene samfunnshus, approved by the location's administrator. */
  const approvedApplication = async () => {
    const db = database.db;
    const location = await createLocation(db, { name: 'Sagene samfunnshus', contactEmail: 'sagene@example.no' });
    await setOpeningHours(db, location.id, '08:00', '23:00');
    await addLocationAdmin(db, location.id, testAdmins[0]!.email);
    const hall = await createAsset(db, location.id, { name: 'Storsalen' });
    const booking = await bookingWithTimes(db, location.id, kariId, [
      { bookableAssetId: hall.id, date: inDays(20), startTime: '18:00:00', durationMinutes: 60 },
    ]);
    const approved = await call(apps[0]!, admin, 'PUT', `/api/booking/${booking.bookingId}/approve`, {
      costCategory: 'FREE',
      comment: 'Velkommen! Nøkkel hos vaktmester.',
    });
    expect(approved.statusCode).toBe(200);
    return booking;
  };
  /** Lets the clock pass every back-off: the outbox's delays run on the database's now(). */
  const makeEverythingDue = () => database.db.update(mailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` });

  it('delivers the approval to the citizen once, in Norwegian, with a text and an HTML part, though two processes and a restart try', async () => {
    const { bookingId, caseNumber } = await approvedApplication();
    // Both processes at once, several times over, as their job runners would.
    for (let round = 0; round < 3; round++) await Promise.all(apps.flatMap((app) => [app.flushMail(), app.flushMail()]));
    // A restart: a new process on the same database finds nothing left to send.
    const restarted = await startApp();
    await restarted.flushMail();
    await restarted.close();

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail).toMatchObject({
      from: FROM,
      to: 'soker@example.no',
      subject: `Søknaden din er godkjent – Sagene samfunnshus (${caseNumber})`,
      partTypes: ['text/plain', 'text/html'],
    });
    expect(mail!.text).toContain('Søknaden din om å låne Sagene samfunnshus er godkjent.');
    expect(mail!.text).toContain('Melding fra lokalet: Velkommen! Nøkkel hos vaktmester.');
    expect(mail!.html).toContain('Søknaden din om å låne Sagene samfunnshus er godkjent.');
    expect(mail!.html).toContain(`<a href="http://localhost:3000/bookinger/${bookingId}"`);
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'soker@example.no'));
    expect(row).toMatchObject({ attempts: 1, failedAt: null, sentAt: expect.any(Date) });
    expect(mail!.messageId).toBe(`<outbox-${row!.id}-${row!.createdAt.getTime()}@lokaler.oslo.kommune.no>`);
    // The bytes composed once (decision 053): an automatic message, answered to the location.
    const head = mail!.raw.slice(0, mail!.raw.indexOf('\r\n\r\n'));
    expect(head).toMatch(/^Auto-Submitted: auto-generated$/m);
    expect(head).toMatch(/^Reply-To: sagene@example\.no$/m);
    expect(head).not.toMatch(/^List-Unsubscribe/m);
    expect(row!.replyTo).toBe('sagene@example.no');
  });

  it('retries a message the relay put off (451) and delivers it once', async () => {
    await approvedApplication();
    smtp.refuseNext(451);
    expect(await apps[0]!.flushMail()).toEqual({ sent: 0, failed: 1 });
    expect(smtp.received).toHaveLength(0);
    const [waiting] = await database.db.select().from(mailOutbox);
    expect(waiting).toMatchObject({ sentAt: null, failedAt: null, attempts: 1, lastError: expect.stringContaining('451') });
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    // Not due yet: nothing is tried; once due, it goes out, once.
    expect(await apps[1]!.flushMail()).toEqual({ sent: 0, failed: 0 });
    await makeEverythingDue();
    expect(await apps[1]!.flushMail()).toEqual({ sent: 1, failed: 0 });
    await makeEverythingDue();
    await Promise.all(apps.map((app) => app.flushMail()));
    expect(smtp.attempts).toBe(2);
    expect(smtp.received.map((m) => m.to)).toEqual(['soker@example.no']);
  });

  it('records a message the relay refused for good (550) as failed and never tries it again', async () => {
    const { bookingId } = await approvedApplication();
    smtp.refuseNext(550);
    expect(await apps[0]!.flushMail()).toEqual({ sent: 0, failed: 1 });
    for (let round = 0; round < 3; round++) {
      await makeEverythingDue();
      await Promise.all(apps.map((app) => app.flushMail()));
    }
    expect(smtp.attempts).toBe(1);
    expect(smtp.received).toHaveLength(0);
    const [row] = await database.db.select().from(mailOutbox);
    expect(row).toMatchObject({ sentAt: null, attempts: 1, failedAt: expect.any(Date), lastError: expect.stringContaining('550') });
    // The administrator's e-mail log says so.
    const log = await call(apps[0]!, admin, 'GET', `/api/booking-log/${bookingId}/email-reminders`);
    expect(log.json()).toEqual([expect.objectContaining({ kind: 'BookingApproval', status: 'FAILED', sentTimeUtc: null })]);
  });

  it('keeps retrying while the relay is unreachable, and gives up after the last attempt', async () => {
    await approvedApplication();
    const closed = await startSmtpServer();
    const port = closed.port;
    await closed.close();
    const unreachable = await startApp({ SMTP_PORT: String(port) });
    try {
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        await makeEverythingDue();
        expect(await unreachable.flushMail()).toEqual({ sent: 0, failed: 1 });
        const [row] = await database.db.select().from(mailOutbox);
        expect(row).toMatchObject({ attempts: attempt, sentAt: null, failedAt: attempt < MAX_ATTEMPTS ? null : expect.any(Date) });
      }
      await makeEverythingDue();
      expect(await unreachable.flushMail()).toEqual({ sent: 0, failed: 0 });
    } finally {
      await unreachable.close();
    }
  });

  it('does not send over a connection without TLS when TLS is required', async () => {
    await approvedApplication();
    const strict = await startApp({ SMTP_REQUIRE_TLS: 'true' });
    try {
      expect(await strict.flushMail()).toEqual({ sent: 0, failed: 1 });
    } finally {
      await strict.close();
    }
    expect(smtp.received).toHaveLength(0);
    const [row] = await database.db.select().from(mailOutbox);
    expect(row).toMatchObject({ sentAt: null, failedAt: null, attempts: 1 });
  });
});
