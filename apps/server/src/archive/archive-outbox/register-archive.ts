import type { FastifyInstance } from 'fastify';
import type { ArchiveClient } from '../../integrations/archive/archive-client';
import { configuredArchiveClient } from '../../integrations/archive/index';
import { deliverAllDueArchiveMessages } from './deliver';

declare module 'fastify' {
  interface FastifyInstance {
    /** The archive's client (the local folder, Fiks Arkiv), or null with ARCHIVE_MODE=off. */
    archive: ArchiveClient | null;
    /** Sends everything due in the archive outbox now (the job runner does it every 10 s; tests call it). */
    flushArchive(): Promise<{ sent: number; failed: number }>;
  }
}

/** The archive outbox's delivery job in the job runner. */
export const DELIVER_ARCHIVE_JOB = 'deliver-archive';

/** Chooses the archive's client by config and registers the outbox's delivery as a job (decision 056). */
export function registerArchive(app: FastifyInstance, options: { client?: ArchiveClient } = {}): void {
  const client = options.client ?? configuredArchiveClient(app.config.archive);
  app.decorate('archive', client);
  if (!client) {
    app.decorate('flushArchive', () => Promise.resolve({ sent: 0, failed: 0 }));
    return;
  }
  app.jobs.register({
    name: DELIVER_ARCHIVE_JOB,
    intervalMs: 10_000,
    run: ({ signal }) =>
      deliverAllDueArchiveMessages(app.database.db, app.archive ?? client, {
        signal,
        onFailure: (failure) =>
          app.log.warn(failure, `archive message ${failure.outboxId} failed, next attempt in ${failure.retryInMinutes} min`),
      }),
  });
  app.decorate('flushArchive', () => app.jobs.runNow<{ sent: number; failed: number }>(DELIVER_ARCHIVE_JOB));
}
