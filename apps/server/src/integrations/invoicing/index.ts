import { HttpAccessPoint } from './http-access-point';
import { HttpErp } from './http-erp';
import type { AccessPointClient, ErpClient, InvoiceDeliveryOptions } from './invoice-delivery';
import { LocalAccessPoint, LocalErp } from './local-invoice-delivery';

export type { AccessPointClient, EhfMessage, ErpClient, ErpFile, InvoiceDeliveryOptions } from './invoice-delivery';
export { InvoiceDeliveryRefused } from './invoice-delivery';
export { HttpAccessPoint, peppolDocumentType } from './http-access-point';
export { HttpErp } from './http-erp';
export { LocalAccessPoint, LocalErp } from './local-invoice-delivery';

/**
 * The invoice adapters by mode (decision 071): 'local' writes under localFolder (ehf/, erp/) or keeps the
 * documents in memory (LocalAccessPoint/LocalErp, whose `received` the tests read); 'http' calls the
 * access point and the ERP, both of which must then be configured.
 */
export function createInvoiceDelivery(options: InvoiceDeliveryOptions): { accessPoint: AccessPointClient; erp: ErpClient } {
  if (options.mode === 'local') return { accessPoint: new LocalAccessPoint(options.localFolder), erp: new LocalErp(options.localFolder) };
  if (!options.accessPoint || !options.erp) throw new Error('createInvoiceDelivery: http needs both the access point and the ERP settings');
  return { accessPoint: new HttpAccessPoint(options.accessPoint), erp: new HttpErp(options.erp) };
}
