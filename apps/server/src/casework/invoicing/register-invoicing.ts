import type { FastifyInstance } from 'fastify';
import { createInvoiceDelivery } from '../../integrations/invoicing/index';
import { deliverAllDueInvoices, type InvoiceDelivery } from './deliver';

declare module 'fastify' {
  interface FastifyInstance {
    /** The access point's and the ERP's clients (local folder or memory, or HTTP), or null with INVOICE_DELIVERY_MODE=off. */
    invoiceDelivery: InvoiceDelivery | null;
    /** Sends everything due in the invoice outbox now (the job runner does it every 10 s; tests call it). */
    flushInvoices(): Promise<{ sent: number; failed: number }>;
  }
}

/** The invoice outbox's delivery job in the job runner. */
export const DELIVER_INVOICES_JOB = 'deliver-invoices';

/** Chooses the delivery by config (decision 071) and registers the outbox's delivery as a job. */
export function registerInvoicing(app: FastifyInstance, options: { delivery?: InvoiceDelivery } = {}): void {
  const settings = app.config.invoicing;
  const delivery =
    options.delivery ??
    (settings.delivery.mode === 'off'
      ? null
      : createInvoiceDelivery({
          mode: settings.delivery.mode,
          localFolder: settings.delivery.localFolder,
          accessPoint: settings.delivery.accessPoint,
          erp: settings.delivery.erp,
        }));
  app.decorate('invoiceDelivery', delivery);
  if (!delivery) {
    app.decorate('flushInvoices', () => Promise.resolve({ sent: 0, failed: 0 }));
    return;
  }
  app.jobs.register({
    name: DELIVER_INVOICES_JOB,
    intervalMs: 10_000,
    run: ({ signal }) =>
      deliverAllDueInvoices(app.database.db, app.invoiceDelivery ?? delivery, settings.seller, {
        signal,
        onFailure: (failure) =>
          app.log.warn(
            failure,
            failure.refused
              ? `invoice document ${failure.outboxId} refused for good`
              : `invoice document ${failure.outboxId} failed, next attempt in ${failure.retryInMinutes} min`,
          ),
      }),
  });
  app.decorate('flushInvoices', () => app.jobs.runNow<{ sent: number; failed: number }>(DELIVER_INVOICES_JOB));
}
