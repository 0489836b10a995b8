import { deliver } from './http-delivery';
import type { AccessPointClient, EhfMessage, HttpServiceSettings } from './invoice-delivery';

/** The PEPPOL identifiers of the document types we send (BIS Billing 3.0, UBL 2.1). */
export const peppolDocumentType = {
  INVOICE:
    'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1',
  CREDIT_NOTE:
    'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2::CreditNote##urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1',
} as const;
export const PEPPOL_PROCESS = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

/**
 * The access point's HTTP API as most PEPPOL access points offer it (decision 071; the shape, not
 * verified against a chosen provider): POST {url}/documents with the UBL as the body, the receiver's
 * participant id (0192:orgnr), the document type and process in headers, a bearer token, and the
 * messageId as Idempotency-Key so a resend after a lost answer is one document. The answer's `id`
 * is the receipt.
 */
export class HttpAccessPoint implements AccessPointClient {
  constructor(private readonly settings: HttpServiceSettings) {}

  async send(message: EhfMessage): Promise<{ receiptId: string }> {
    const { id } = await deliver('Aksesspunktet', {
      method: 'POST',
      url: `${this.settings.url.replace(/\/$/, '')}/documents`,
      token: this.settings.token,
      timeoutMs: this.settings.timeoutMs,
      headers: {
        'content-type': 'application/xml; charset=utf-8',
        'idempotency-key': message.messageId,
        'x-peppol-receiver': `iso6523-actorid-upis::0192:${message.receiverOrgnr}`,
        'x-peppol-document-type': `busdox-docid-qns::${peppolDocumentType[message.kind]}`,
        'x-peppol-process': `cenbii-procid-ubl::${PEPPOL_PROCESS}`,
      },
      body: message.xml,
    });
    if (!id) throw new Error('Aksesspunktet: answered without an id');
    return { receiptId: id };
  }
}
