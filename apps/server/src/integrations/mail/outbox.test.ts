import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, truncateAll } from '../../../test/test-db';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema/outbox';
import { LocalMailer } from './mailer';
import { deliverAllDueMail, deliverDueMail, enqueueMail } from './outbox';

describe('mail outbox', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());
  beforeEach(() => truncateAll(database));

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
    await expect(database.db.transaction(async (tx) => {
      await enqueueMail(tx, mail('kari@example.no'));
      throw new Error('the state change failed');
    })).rejects.toThrow('the state change failed');
    expect(await deliverDueMail(database.db, mailer)).toEqual({ sent: 0, failed: 0 });
    expect(mailer.sent).toEqual([]);
  });

  it('keeps a message the mail service refused and schedules a retry', async () => {
    const mailer = new LocalMailer();
    await enqueueMail(database.db, mail('not-an-address'));
    expect(await deliverDueMail(database.db, mailer)).toEqual({ sent: 0, failed: 1 });
    const [row] = await database.db.select().from(mailOutbox);
    expect(row).toMatchObject({ attempts: 1, sentAt: null, lastError: expect.stringContaining('invalid recipient') });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: the next run leaves it alone.
    expect(await deliverDueMail(database.db, mailer)).toEqual({ sent: 0, failed: 0 });
  });

  it('sends a burst in batches until nothing due is left, putting off what the service refused', async () => {
    const mailer = new LocalMailer();
    const recipients = Array.from({ length: 44 }, (_, i) => `person${i}@example.no`);
    await enqueueMail(database.db, [...recipients.slice(0, 20).map(mail), mail('not-an-address'), ...recipients.slice(20).map(mail)]);
    expect(await deliverAllDueMail(database.db, mailer, undefined, 20)).toEqual({ sent: 44, failed: 1 });
    expect(mailer.sent.map((m) => m.to)).toEqual(recipients);
    expect(await deliverAllDueMail(database.db, mailer)).toEqual({ sent: 0, failed: 0 });
  });
});
