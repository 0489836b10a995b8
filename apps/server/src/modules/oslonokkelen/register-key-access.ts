import type { FastifyInstance } from 'fastify';
import { createKeyService, type KeyServiceClient } from '../../integrations/key-service/index';
import { runKeyJobs, type KeyJobResult } from './key-jobs';

declare module 'fastify' {
  interface FastifyInstance {
    /** The key service (Oslonøkkelen) chosen by config.adapters.keyService. */
    keyService: KeyServiceClient;
    /** One run of the key job now (the background loop calls it; tests may too). */
    runKeyJobs(): Promise<KeyJobResult>;
  }
}

export interface KeyAccessOptions {
  /** Run the key job every N ms; 0 turns the loop off (server tests run it by hand). */
  pollMs: number;
  keyService?: KeyServiceClient;
}

/** Chooses the key service and runs the key job in the background, like the mail outbox. */
export function registerKeyAccess(app: FastifyInstance, options: KeyAccessOptions): void {
  const keyService = options.keyService ?? createKeyService(app.config.adapters.keyService, app.database.db);
  app.decorate('keyService', keyService);
  app.decorate('runKeyJobs', () => runKeyJobs(app.database.db, keyService));
  if (options.pollMs <= 0) return;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    app.runKeyJobs()
      .catch((error: unknown) => app.log.error({ err: error }, 'key job failed'))
      .finally(() => { running = false; });
  }, options.pollMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
