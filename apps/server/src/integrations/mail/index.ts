import type { FastifyInstance } from 'fastify';
import { mailDeliveryEvents } from '../../observability/mail-delivery-events';
import { deliverAllDueMail } from './outbox';
export { deleteFinishedMailBefore } from './outbox-repository';
import { LocalMailer, type Mailer } from './mailer';
import { SmtpMailer } from './smtp-mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    /** Sends everything due in the outbox now (the job runner does it every 5 s; tests call it). */
    flushMail(): Promise<{ sent: number; failed: number }>;
  }
}

export interface MailOptions {
  mailer?: Mailer;
}

/** The outbox's delivery job in the job runner. */
export const DELIVER_MAIL_JOB = 'deliver-mail';

function configuredMailer(app: FastifyInstance): Mailer {
  const { smtp } = app.config.mail;
  if (app.config.adapters.mail === 'smtp' && smtp) return new SmtpMailer(smtp);
  return new LocalMailer(app.config.localMailDir);
}

/** Chooses the mail adapter by config and registers outbox delivery as a job (every 5 s). */
export function registerMail(app: FastifyInstance, options: MailOptions = {}): void {
  const mailer = options.mailer ?? configuredMailer(app);
  const from = app.config.mail.from;
  const events = mailDeliveryEvents(app.log, app.metrics);
  app.decorate('mailer', mailer);
  app.jobs.register({
    name: DELIVER_MAIL_JOB,
    intervalMs: 5000,
    run: ({ signal }) =>
      deliverAllDueMail(app.database.db, mailer, { from, signal, leaseSeconds: app.config.mailClaimLeaseSeconds, events }),
  });
  app.decorate('flushMail', () => app.jobs.runNow<{ sent: number; failed: number }>(DELIVER_MAIL_JOB));
  app.addHook('onClose', async () => {
    await mailer.close?.();
  });
}
