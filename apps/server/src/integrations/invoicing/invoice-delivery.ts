import type { InvoiceKind } from '@lokaler/domain/invoices';

/**
 * Where invoices go (decision 071): an organisation's EHF through a PEPPOL access point, a run's file of
 * persons' invoices to the city's ERP. The outbox (the invoicing module) calls these once per message and
 * again after a failure; the same messageId sent again must not make a second document.
 */

export interface EhfMessage {
  messageId: string;
  receiverOrgnr: string;
  kind: InvoiceKind;
  invoiceNumber: number;
  xml: string;
}
export interface AccessPointClient {
  send(message: EhfMessage): Promise<{ receiptId: string }>;
}
export interface ErpFile {
  messageId: string;
  fileName: string;
  content: string;
}
export interface ErpClient {
  deliver(file: ErpFile): Promise<{ receiptId: string }>;
}

/** The receiver refused the document for good (no retry helps); the message is what the admin's log shows. Any other error is retried. */
export class InvoiceDeliveryRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvoiceDeliveryRefused';
  }
}

export interface HttpServiceSettings {
  url: string;
  token: string;
  timeoutMs: number;
}

export interface InvoiceDeliveryOptions {
  mode: 'local' | 'http';
  /** local: the folder the adapters write under (ehf/ and erp/); undefined keeps the documents in memory (tests). */
  localFolder?: string;
  accessPoint?: HttpServiceSettings;
  erp?: HttpServiceSettings;
}

/** A message or file id that becomes a file name: nothing that could leave the folder. */
export const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
