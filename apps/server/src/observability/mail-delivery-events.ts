import type { FastifyBaseLogger } from 'fastify';
import type { DeliveryEvents } from '../integrations/mail/outbox';
import { redactText } from '../http/redact-personal-data';
import type { AppMetrics } from './metrics';

/**
 * A relay that refuses mail must show in the log, not only in the outbox table: each failed attempt
 * that will be retried is a warning, a message given up is an error. The lines carry the outbox id
 * and the relay's reason; never the address, subject or text (a relay's reply can quote the
 * address, so the reason is redacted here as well as by the logger).
 */
export function mailDeliveryEvents(log: FastifyBaseLogger, metrics: AppMetrics): DeliveryEvents {
  return {
    failed({ outboxId, attempt, reason, permanent, retryInMinutes }) {
      const fields = { outboxId, attempt, reason: redactText(reason), permanent };
      if (retryInMinutes === null) {
        metrics.mailFailures.inc({ outcome: 'given_up' });
        log.error(fields, `mail ${outboxId} given up after attempt ${attempt}: ${fields.reason}`);
      } else {
        metrics.mailFailures.inc({ outcome: 'retry' });
        log.warn(
          { ...fields, retryInMinutes },
          `mail ${outboxId} not delivered (attempt ${attempt}), retrying in ${retryInMinutes} min: ${fields.reason}`,
        );
      }
    },
    exhausted(count) {
      metrics.mailFailures.inc({ outcome: 'given_up' }, count);
      log.error({ count }, `${count} mail(s) given up: every attempt ended without a result`);
    },
  };
}
