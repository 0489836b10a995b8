import type { JobObserver } from '../jobs/job-runner';
import type { AppMetrics } from './metrics';
import { recordFailure, tracer } from './tracer';

/** Counts each run, its failure, its lag behind the schedule and its duration, inside a span of its own. */
export function jobObserver(metrics: AppMetrics): JobObserver {
  return {
    observe(job, { dueAt, startedAt }, run) {
      metrics.jobRuns.inc({ job });
      // Lag: a run due at 12:00:00 that started at 12:00:04 (busy runners, a slow poll, a dead lease holder).
      if (dueAt) metrics.jobLag.observe({ job }, Math.max(0, startedAt.getTime() - dueAt.getTime()) / 1000);
      const stopTimer = metrics.jobDuration.startTimer({ job });
      return tracer.startActiveSpan(`job ${job}`, { attributes: { 'lokaler.job.name': job } }, async (span) => {
        try {
          return await run();
        } catch (error) {
          metrics.jobFailures.inc({ job });
          recordFailure(span, error);
          throw error;
        } finally {
          stopTimer();
          span.end();
        }
      });
    },
  };
}
