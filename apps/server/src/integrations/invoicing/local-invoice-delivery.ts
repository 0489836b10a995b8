import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  InvoiceDeliveryRefused,
  SAFE_NAME,
  type AccessPointClient,
  type EhfMessage,
  type ErpClient,
  type ErpFile,
} from './invoice-delivery';

/**
 * The local stand-ins for the access point and the ERP (decision 071), like the local archive: each
 * document becomes a file for a person to open, {folder}/ehf/{messageId}.xml and {folder}/erp/{fileName}.
 * A file is written under a temporary name and renamed into place, so a half-written document never
 * appears; a document whose file exists was delivered before (a resend after a lost answer or a crash)
 * and is accepted again, with the same receipt, without a second copy. Without a folder the memory is
 * the record (tests read `received`).
 */

const receiptOf = (messageId: string) => `local-${messageId}`;

/** Writes `content` to `target` once: false when the file was there already (with the content it holds). */
async function writeOnce(target: string, content: string): Promise<{ written: boolean; existing?: string }> {
  const existing = await fs.readFile(target, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (existing !== undefined) return { written: false, existing };
  await fs.mkdir(path.dirname(target), { recursive: true });
  const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.${randomBytes(3).toString('hex')}.partial`);
  try {
    await fs.writeFile(temporary, content, 'utf8');
    // link, not rename: it fails when another process put the file there meanwhile, instead of replacing it.
    // A file system without hard links gets the rename (the same message's file holds the same content).
    await fs.link(temporary, target).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPERM' && error.code !== 'ENOTSUP' && error.code !== 'ENOSYS') throw error;
      await fs.rename(temporary, target);
    });
    return { written: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return { written: false, existing: await fs.readFile(target, 'utf8') };
    throw error;
  } finally {
    await fs.rm(temporary, { force: true });
  }
}

export class LocalAccessPoint implements AccessPointClient {
  readonly received: EhfMessage[] = [];
  constructor(private readonly folder?: string) {}

  async send(message: EhfMessage): Promise<{ receiptId: string }> {
    if (!SAFE_NAME.test(message.messageId)) throw new InvoiceDeliveryRefused(`Ugyldig meldings-ID: ${message.messageId}`);
    if (!/^\d{9}$/.test(message.receiverOrgnr))
      throw new InvoiceDeliveryRefused(`Ugyldig organisasjonsnummer for mottakeren: ${message.receiverOrgnr}`);
    const known = this.received.some((m) => m.messageId === message.messageId);
    if (this.folder) {
      const { written } = await writeOnce(path.join(this.folder, 'ehf', `${message.messageId}.xml`), message.xml);
      if (written && !known) this.remember(message);
    } else if (!known) this.remember(message);
    return { receiptId: receiptOf(message.messageId) };
  }

  private remember(message: EhfMessage) {
    this.received.push(message);
    if (this.folder && this.received.length > 200) this.received.shift();
  }
}

export class LocalErp implements ErpClient {
  readonly received: ErpFile[] = [];
  constructor(private readonly folder?: string) {}

  async deliver(file: ErpFile): Promise<{ receiptId: string }> {
    if (!SAFE_NAME.test(file.messageId)) throw new InvoiceDeliveryRefused(`Ugyldig meldings-ID: ${file.messageId}`);
    if (!SAFE_NAME.test(file.fileName)) throw new InvoiceDeliveryRefused(`Ugyldig filnavn: ${file.fileName}`);
    const earlier = this.received.find((f) => f.fileName === file.fileName);
    if (!this.folder) {
      if (earlier && earlier.content !== file.content) throw refusedName(file);
      if (!earlier) this.received.push(file);
      return { receiptId: receiptOf(file.messageId) };
    }
    const { written, existing } = await writeOnce(path.join(this.folder, 'erp', file.fileName), file.content);
    // The same name with other content is another run's file: the ERP would refuse to overwrite it.
    if (!written && existing !== file.content) throw refusedName(file);
    if (written) {
      this.received.push(file);
      if (this.received.length > 200) this.received.shift();
    }
    return { receiptId: receiptOf(file.messageId) };
  }
}

const refusedName = (file: ErpFile) => new InvoiceDeliveryRefused(`Det finnes allerede en annen fil med navnet ${file.fileName}`);
