import type { FastifyInstance } from 'fastify';
import { jobObserver } from '../observability/job-observer';
import { JobRunner, type JobRunnerOptions } from './job-runner';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one runner of background jobs; integrations and modules register theirs on it. */
    jobs: JobRunner;
  }
}

export interface JobsOptions extends Omit<JobRunnerOptions, 'db' | 'onError' | 'observer'> {
  /** Run due jobs in the background (default). Server tests turn it off and run jobs by hand. */
  run?: boolean;
}

/**
 * Creates the job runner before anything registers a job, starts it once the app is ready (every job
 * is registered by then) and stops it when the app closes: in-flight runs finish before the database
 * is closed, and no timer is left behind.
 */
export function registerJobs(app: FastifyInstance, options: JobsOptions = {}): void {
  const { run = true, ...runnerOptions } = options;
  const runner = new JobRunner({
    leaseMs: app.config.jobLeaseMs,
    ...runnerOptions,
    db: app.database.db,
    observer: jobObserver(app.metrics),
    onError: (error, jobName) => app.log.error({ err: error, job: jobName }, jobName ? `job ${jobName} failed` : 'job runner failed'),
  });
  app.decorate('jobs', runner);
  if (run) app.addHook('onReady', async () => runner.start());
  app.addHook('onClose', async () => runner.stop());
}
