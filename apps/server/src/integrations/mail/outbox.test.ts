import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, truncateAll } from '../../../test/test-db';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema/outbox';
import { LocalMailer, MailDeliveryError, type Mailer } from './mailer';
import { CLAIM_LEASE_SECONDS, MAX_ATTEMPTS, deliverAllDueMail, deliverDueMail, enqueueMail, outboxMessageId } from './outbox';
import { claimDueMail, type OutboxRow } from './outbox-repository';

describe('mail outbox', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());
  beforeEach(() => truncateAll(database));

  /** Lets the clock pass every back-off and claim: the outbox's delays run on the database's now(). */
  const makeEverythingDue = () => database.db.update(mailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` });
  const delayMinutes = (row: OutboxRow) => Math.round((row.nextAttemptAt.getTime() - Date.now()) / 60_000);
  const mail = (to: string) => ({ to, subject: 'Søknaden din er godkjent', text: 'Hei!', topic: { kind: 'test', bookingId: 1 } });

  it('sends what a committed transaction queued, once', async () => {
    const mailer = new LocalMailer();
    await database.db.transaction((tx) => enqueueMail(tx, [mail('kari@example.no'), mail('ola@example.no')]));
    expect(await deliverDueMail(database.db, mailer)).toEqual({ sent: 2, failed: 0 });
    expect(mailer.sent.map((m) => m.to)).toEqual(['kari@example.no', 'ola@example.no']);
    expect(await deliverDueMail(database.db, mailer)).toEqual({ sent: 0, failed: 0 });
  });

  it('sends nothing for a transaction that rolled back', async () => {
    const mailer = new LocalMailer();
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueMail(tx, mail('kari@example.no'));
        throw new Error('the state change failed');
      }),
    ).rejects.toThrow('the state change failed');
    expect(await deliverDueMail(database.db, mailer)).toEqual({ sent: 0, failed: 0 });
    expect(mailer.sent).toEqual([]);
  });

  it('records a message the mail service refused for good (550) as failed, and never tries it again', async () => {
    const mailer = new LocalMailer();
    await enqueueMail(database.db, mail('not-an-address'));
    expect(await deliverDueMail(database.db, mailer)).toEqual({ sent: 0, failed: 1 });
    const [row] = await database.db.select().from(mailOutbox);
    expect(row).toMatchObject({
      attempts: 1,
      sentAt: null,
      failedAt: expect.any(Date),
      lastError: expect.stringContaining('invalid recipient'),
    });
    await makeEverythingDue();
    expect(await deliverDueMail(database.db, mailer)).toEqual({ sent: 0, failed: 0 });
  });

  it('puts off a message after a transient failure, with back-off, and sends it once when due', async () => {
    let refusals = 2;
    const mailer = new LocalMailer();
    const flaky: Mailer = {
      send: async (message) => {
        if (refusals-- > 0) throw new MailDeliveryError('421 try again later', false);
        await mailer.send(message);
      },
    };
    await enqueueMail(database.db, mail('kari@example.no'));
    expect(await deliverDueMail(database.db, flaky)).toEqual({ sent: 0, failed: 1 });
    const [first] = await database.db.select().from(mailOutbox);
    // Not due yet: the next run leaves it alone.
    expect(await deliverDueMail(database.db, flaky)).toEqual({ sent: 0, failed: 0 });
    await makeEverythingDue();
    expect(await deliverDueMail(database.db, flaky)).toEqual({ sent: 0, failed: 1 });
    const [second] = await database.db.select().from(mailOutbox);
    // 1 minute after the first failure, 2 after the second.
    expect(delayMinutes(first!)).toBe(1);
    expect(delayMinutes(second!)).toBe(2);
    await makeEverythingDue();
    expect(await deliverDueMail(database.db, flaky)).toEqual({ sent: 1, failed: 0 });
    expect(mailer.sent.map((m) => m.to)).toEqual(['kari@example.no']);
    const [row] = await database.db.select().from(mailOutbox);
    expect(row).toMatchObject({ attempts: 3, failedAt: null, sentAt: expect.any(Date) });
  });

  it('sends a message again, with the same Message-ID, only after the claim of a process that died mid-send ran out', async () => {
    const mailer = new LocalMailer();
    await enqueueMail(database.db, mail('kari@example.no'));
    // A process claims the row, the relay accepts, and the process dies before marking it sent.
    const [claimed] = await claimDueMail(database.db, { limit: 20, leaseSeconds: CLAIM_LEASE_SECONDS, maxAttempts: MAX_ATTEMPTS });
    const firstId = outboxMessageId(claimed!, 'Lokaler <ikke-svar@lokaler.oslo.kommune.no>');
    // Other processes leave it alone while the claim lasts …
    expect(await deliverDueMail(database.db, mailer)).toEqual({ sent: 0, failed: 0 });
    // … and send it once when it has run out.
    await makeEverythingDue();
    expect(await deliverDueMail(database.db, mailer)).toEqual({ sent: 1, failed: 0 });
    await makeEverythingDue();
    expect(await deliverDueMail(database.db, mailer)).toEqual({ sent: 0, failed: 0 });
    expect(mailer.sent.map((m) => m.messageId)).toEqual([firstId]);
  });

  it('gives up a message whose every attempt ended in a crash, instead of resending it forever', async () => {
    const mailer = new LocalMailer();
    await enqueueMail(database.db, mail('kari@example.no'));
    for (let crash = 0; crash < MAX_ATTEMPTS; crash++) {
      expect(await claimDueMail(database.db, { limit: 20, leaseSeconds: CLAIM_LEASE_SECONDS, maxAttempts: MAX_ATTEMPTS })).toHaveLength(1);
      await makeEverythingDue();
    }
    expect(await deliverDueMail(database.db, mailer)).toEqual({ sent: 0, failed: 0 });
    expect(mailer.sent).toEqual([]);
    const [row] = await database.db.select().from(mailOutbox);
    expect(row).toMatchObject({
      attempts: MAX_ATTEMPTS,
      sentAt: null,
      failedAt: expect.any(Date),
      lastError: expect.stringContaining(`gave up after ${MAX_ATTEMPTS} attempts`),
    });
  });

  it('sends a burst in batches until nothing due is left, recording what the service refused', async () => {
    const mailer = new LocalMailer();
    const recipients = Array.from({ length: 44 }, (_, i) => `person${i}@example.no`);
    await enqueueMail(database.db, [...recipients.slice(0, 20).map(mail), mail('not-an-address'), ...recipients.slice(20).map(mail)]);
    expect(await deliverAllDueMail(database.db, mailer, { limit: 20 })).toEqual({ sent: 44, failed: 1 });
    expect(mailer.sent.map((m) => m.to)).toEqual(recipients);
    expect(await deliverAllDueMail(database.db, mailer)).toEqual({ sent: 0, failed: 0 });
  });
});
