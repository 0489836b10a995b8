import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createInvoiceDelivery, InvoiceDeliveryRefused, LocalAccessPoint, type LocalErp, type EhfMessage, type ErpFile } from './index';

const message: EhfMessage = {
  messageId: 'ehf-1042-1',
  receiverOrgnr: '923609016',
  kind: 'INVOICE',
  invoiceNumber: 1042,
  xml: '<Invoice>Ørn</Invoice>\n',
};
const file: ErpFile = {
  messageId: 'erp-run-7',
  fileName: 'lokaler-faktura-run-7.csv',
  content: '\uFEFFKjøring;Fakturanummer\r\nrun-7;1042\r\n',
};

describe('the local invoice adapters (decision 071)', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await fs.mkdtemp(path.join(os.tmpdir(), 'lokaler-invoicing-'));
  });
  afterEach(() => fs.rm(folder, { recursive: true, force: true }));

  it('writes ehf/<messageId>.xml and erp/<fileName> and leaves no temporary file', async () => {
    const { accessPoint, erp } = createInvoiceDelivery({ mode: 'local', localFolder: folder });
    expect(await accessPoint.send(message)).toEqual({ receiptId: 'local-ehf-1042-1' });
    expect(await erp.deliver(file)).toEqual({ receiptId: 'local-erp-run-7' });
    expect(await fs.readFile(path.join(folder, 'ehf', 'ehf-1042-1.xml'), 'utf8')).toBe(message.xml);
    expect(await fs.readFile(path.join(folder, 'erp', file.fileName), 'utf8')).toBe(file.content);
    expect(await fs.readdir(path.join(folder, 'ehf'))).toEqual(['ehf-1042-1.xml']);
    expect(await fs.readdir(path.join(folder, 'erp'))).toEqual([file.fileName]);
  });

  it('takes the same message again (a resend after a lost answer, or from another process) once, with the same receipt', async () => {
    const first = createInvoiceDelivery({ mode: 'local', localFolder: folder });
    await first.accessPoint.send(message);
    const before = await fs.stat(path.join(folder, 'ehf', 'ehf-1042-1.xml'));
    // Another process (a restart) with the same folder; the resend's text differs only if something upstream did.
    const second = createInvoiceDelivery({ mode: 'local', localFolder: folder });
    const [a, b] = await Promise.all([second.accessPoint.send(message), second.accessPoint.send(message)]);
    expect([a, b]).toEqual([{ receiptId: 'local-ehf-1042-1' }, { receiptId: 'local-ehf-1042-1' }]);
    expect((await fs.stat(path.join(folder, 'ehf', 'ehf-1042-1.xml'))).mtimeMs).toBe(before.mtimeMs);
    expect((second.accessPoint as LocalAccessPoint).received).toEqual([]);
    await Promise.all([first.erp.deliver(file), second.erp.deliver(file)]);
    expect(await fs.readdir(path.join(folder, 'erp'))).toEqual([file.fileName]);
  });

  it('refuses for good a name that could leave the folder, and another file under a name already delivered', async () => {
    const { accessPoint, erp } = createInvoiceDelivery({ mode: 'local', localFolder: folder });
    await expect(accessPoint.send({ ...message, messageId: '../x' })).rejects.toBeInstanceOf(InvoiceDeliveryRefused);
    await expect(erp.deliver({ ...file, fileName: '../../etc/x.csv' })).rejects.toBeInstanceOf(InvoiceDeliveryRefused);
    await erp.deliver(file);
    await expect(erp.deliver({ ...file, messageId: 'erp-run-8', content: 'other' })).rejects.toThrow(
      new InvoiceDeliveryRefused(`Det finnes allerede en annen fil med navnet ${file.fileName}`),
    );
    expect(await fs.readFile(path.join(folder, 'erp', file.fileName), 'utf8')).toBe(file.content);
  });

  it('keeps the documents in memory without a folder, each message once, for the tests to read', async () => {
    const { accessPoint, erp } = createInvoiceDelivery({ mode: 'local' });
    expect(accessPoint).toBeInstanceOf(LocalAccessPoint);
    await accessPoint.send(message);
    await accessPoint.send(message);
    await accessPoint.send({ ...message, messageId: 'ehf-1043-1', invoiceNumber: 1043 });
    await erp.deliver(file);
    await erp.deliver(file);
    expect((accessPoint as LocalAccessPoint).received.map((m) => m.invoiceNumber)).toEqual([1042, 1043]);
    expect((erp as LocalErp).received).toEqual([file]);
  });
});
