import type { FastifyInstance } from 'fastify';
import { createKeyService, type KeyServiceClient } from '../../integrations/key-service/index';
import { runKeyJobs, type KeyJobResult } from './key-jobs';

declare module 'fastify' {
  interface FastifyInstance {
    /** The key service (Oslonøkkelen) chosen by config.adapters.keyService. */
    keyService: KeyServiceClient;
    /** One run of the key job now (the job runner does it every 2 s; tests call it). */
    runKeyJobs(): Promise<KeyJobResult>;
  }
}

export interface KeyAccessOptions {
  keyService?: KeyServiceClient;
}

/** The key job in the job runner. */
export const KEY_JOB = 'oslonokkelen-keys';

/** Chooses the key service and registers the key job (withdraw, push, follow grants) every 2 s. */
export function registerKeyAccess(app: FastifyInstance, options: KeyAccessOptions = {}): void {
  const keyService = options.keyService ?? createKeyService(app.config, app.database.db, app.log);
  app.decorate('keyService', keyService);
  app.jobs.register({ name: KEY_JOB, intervalMs: 2000, run: () => runKeyJobs(app.database.db, keyService) });
  app.decorate('runKeyJobs', () => app.jobs.runNow<KeyJobResult>(KEY_JOB));
}
