import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { json, startHttpStub, type HttpStub } from '../../../test/http-stub';
import { createInvoiceDelivery, InvoiceDeliveryRefused, peppolDocumentType, type EhfMessage, type ErpFile } from './index';

const message: EhfMessage = {
  messageId: 'ehf-1042-1',
  receiverOrgnr: '923609016',
  kind: 'CREDIT_NOTE',
  invoiceNumber: 1042,
  xml: '<?xml version="1.0" encoding="UTF-8"?>\n<CreditNote>Ørn</CreditNote>\n',
};
const file: ErpFile = {
  messageId: 'erp-run-7',
  fileName: 'lokaler-faktura-run-7-20261102T063000Z.csv',
  content: '\uFEFFKjøring;Fakturanummer\r\nrun-7;1042\r\n',
};

/** The access point's and the ERP's HTTP clients against a local stub: what they send, and each way a call ends. */
describe('the invoice adapters over HTTP (decision 071)', () => {
  let stub: HttpStub;
  const delivery = (timeoutMs = 2000) =>
    createInvoiceDelivery({
      mode: 'http',
      accessPoint: { url: `${stub.url}/ap/`, token: 'ap-token', timeoutMs },
      erp: { url: `${stub.url}/erp`, token: 'erp-token', timeoutMs },
    });

  beforeAll(async () => {
    stub = await startHttpStub();
  });
  afterAll(() => stub.close());
  beforeEach(() => {
    stub.requests.length = 0;
  });

  it('POSTs the EHF with the receiver, the document type and process in headers, a bearer token and an idempotency key', async () => {
    stub.answer(json(201, { id: 'ap-receipt-9' }));
    expect(await delivery().accessPoint.send(message)).toEqual({ receiptId: 'ap-receipt-9' });
    const [request] = stub.requests;
    expect(request).toMatchObject({ method: 'POST', url: '/ap/documents', body: message.xml });
    expect(request!.headers).toMatchObject({
      authorization: 'Bearer ap-token',
      'content-type': 'application/xml; charset=utf-8',
      'idempotency-key': 'ehf-1042-1',
      'x-peppol-receiver': 'iso6523-actorid-upis::0192:923609016',
      'x-peppol-document-type': `busdox-docid-qns::${peppolDocumentType.CREDIT_NOTE}`,
      'x-peppol-process': 'cenbii-procid-ubl::urn:fdc:peppol.eu:2017:poacc:billing:01:1.0',
    });
  });

  it('PUTs the ERP file under its name with a bearer token; the name is the receipt when the answer has no id', async () => {
    stub.answer((_request, response) => response.writeHead(204).end());
    expect(await delivery().erp.deliver(file)).toEqual({ receiptId: `erp-${file.fileName}` });
    expect(stub.requests[0]).toMatchObject({ method: 'PUT', url: `/erp/files/${file.fileName}`, body: file.content });
    expect(stub.requests[0]!.headers).toMatchObject({ authorization: 'Bearer erp-token', 'content-type': 'text/csv; charset=utf-8' });
    stub.answer(json(200, { id: 42 }));
    expect(await delivery().erp.deliver(file)).toEqual({ receiptId: '42' });
  });

  it('turns a 4xx into InvoiceDeliveryRefused with the message of its body, for both services', async () => {
    stub.answer(json(400, { title: 'Bad Request', detail: 'Mottakeren 0192:923609016 er ikke registrert i ELMA' }));
    const refused = await delivery()
      .accessPoint.send(message)
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(InvoiceDeliveryRefused);
    expect((refused as Error).message).toBe('Aksesspunktet avviste dokumentet (400): Mottakeren 0192:923609016 er ikke registrert i ELMA');
    stub.answer((_request, response) => response.writeHead(422, { 'content-type': 'text/plain' }).end('Ukjent kolonne: Kunde-ID'));
    await expect(delivery().erp.deliver(file)).rejects.toThrow(
      new InvoiceDeliveryRefused('Økonomisystemet avviste dokumentet (422): Ukjent kolonne: Kunde-ID'),
    );
  });

  it('leaves 5xx, 429, 401, a missing receipt and a service that does not answer in time as ordinary errors, to be retried', async () => {
    for (const status of [500, 503, 429, 401]) {
      stub.answer(json(status, { message: 'later' }));
      const error = await delivery()
        .accessPoint.send(message)
        .catch((e: unknown) => e);
      expect(error, String(status)).toBeInstanceOf(Error);
      expect(error, String(status)).not.toBeInstanceOf(InvoiceDeliveryRefused);
    }
    stub.answer(json(200, {}));
    await expect(delivery().accessPoint.send(message)).rejects.toThrow('answered without an id');
    stub.answer(() => {}); // never answers
    const started = Date.now();
    const error = await delivery(300)
      .erp.deliver(file)
      .catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(InvoiceDeliveryRefused);
    expect((error as Error).message).toBe('Økonomisystemet: no answer within 300 ms');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('needs both services configured in http mode', () => {
    expect(() => createInvoiceDelivery({ mode: 'http', accessPoint: { url: stub.url, token: 't', timeoutMs: 1 } })).toThrow(/ERP/);
  });
});
