import type { FastifyInstance } from 'fastify';
import { PROEVINGSATTEST_DUE_DAYS_BEFORE } from '@lokaler/domain/wedding-certificate';
import type { Db } from '../../db/client';
import { enqueueMail } from '../../integrations/mail/outbox';
import { certificateReminderMail } from './certificate-reminder-mail';
import { claimDueCertificateReminders, insertReminderEntry, markCertificateReminderSent } from './repository';
import { writeTransaction } from '../../db/write-transaction';

/** The job's name in job_schedule. */
export const WEDDING_CERTIFICATE_REMINDERS_JOB = 'wedding-certificate-reminders';
/** Hourly: the reminder is about a deadline weeks away, an hour late is no matter. */
const INTERVAL_MS = 60 * 60_000;
const BATCH = 50;

/**
 * Decision 012: one reminder e-mail per wedding booking whose ceremony is within 4 weeks and has
 * no prøvingsattest on file. Each batch is one transaction: the bookings claimed FOR UPDATE SKIP
 * LOCKED, the marker row (primary key = booking, so a second process's insert does nothing and sends
 * nothing), the mail in the outbox (the admin's e-mail log reads it) and the change-log entry
 * WeddingCertificateReminderSent ('Sendt'). A booking without any e-mail address is only marked.
 */
export async function sendCertificateReminders(
  db: Db,
  now: Date,
  publicUrl: string,
  signal?: AbortSignal,
): Promise<{ reminded: number[] }> {
  const reminded: number[] = [];
  for (;;) {
    const { claimed, sent } = await writeTransaction(db, async (tx) => {
      const due = await claimDueCertificateReminders(tx, now, PROEVINGSATTEST_DUE_DAYS_BEFORE, BATCH);
      const done: number[] = [];
      for (const booking of due) {
        if (!(await markCertificateReminderSent(tx, booking.bookingId, now))) continue;
        // Without any e-mail address there is nobody to remind: marked, so it is not looked at every hour, and not logged as sent.
        if (!booking.to) continue;
        await enqueueMail(tx, certificateReminderMail({ ...booking, to: booking.to, publicUrl }));
        await insertReminderEntry(tx, booking.bookingId, now, 'Påminnelse om prøvingsattest sendt på e-post.');
        done.push(booking.bookingId);
      }
      return { claimed: due.length, sent: done };
    });
    reminded.push(...sent);
    if (claimed < BATCH || signal?.aborted) return { reminded };
  }
}

/** Registers the job on the one job runner (decision 009). */
export function registerCertificateReminders(app: FastifyInstance): void {
  app.jobs.register({
    name: WEDDING_CERTIFICATE_REMINDERS_JOB,
    intervalMs: INTERVAL_MS,
    run: ({ now, signal }) => sendCertificateReminders(app.database.db, now, app.config.publicUrl, signal),
  });
}
