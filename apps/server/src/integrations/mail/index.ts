import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { deliverDueMail } from './outbox';
import { LocalMailer, type Mailer } from './mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    /** Sends what is due in the outbox now (the background loop calls it; tests may too). */
    flushMail(): Promise<{ sent: number; failed: number }>;
  }
}

export interface MailOptions {
  /** Poll the outbox every N ms; 0 turns the background loop off (tests flush by hand). */
  pollMs: number;
  mailer?: Mailer;
}

/** Chooses the mail adapter by config and runs the outbox delivery loop. */
export function registerMail(app: FastifyInstance, options: MailOptions): void {
  const dataDir = app.config.database.engine === 'pglite' ? app.config.database.dataDir : undefined;
  const mailer = options.mailer ?? new LocalMailer(dataDir ? path.join(dataDir, 'mail') : undefined);
  app.decorate('mailer', mailer);
  app.decorate('flushMail', () => deliverDueMail(app.database.db, mailer));
  if (options.pollMs > 0) {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      app.flushMail()
        .catch((error: unknown) => app.log.error({ err: error }, 'mail delivery failed'))
        .finally(() => { running = false; });
    }, options.pollMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
}
