import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ArchiveDeliveryError, type ArchiveClient, type ArchiveMessage } from './archive-client';

/** The local archive's receipt: the message's own id, so a resend gets the same one. */
const receiptOf = (message: ArchiveMessage) => `local-${message.messageId}`;
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * The local stand-in for the city's archive (decision 056), like the local mail service: each message
 * becomes a folder {folder}/{messageId}/ holding arkivmelding.xml and its files, for a person to
 * open. It is written in a temporary folder and renamed into place, so a half-written message never
 * appears; a message whose folder exists was delivered before (a resend after a crash) and is
 * accepted again without a second copy. Without a folder the memory is the record (tests).
 */
export class LocalArchive implements ArchiveClient {
  readonly received: ArchiveMessage[] = [];
  constructor(private readonly folder?: string) {}

  async send(message: ArchiveMessage): Promise<{ receiptId: string }> {
    // The names become paths: a name that could leave the folder is refused, like an archive refuses a bad message.
    for (const name of [message.messageId, ...message.files.map((f) => f.name)])
      if (!SAFE_NAME.test(name) || name === 'arkivmelding.xml') throw new ArchiveDeliveryError(`Ugyldig filnavn i meldingen: ${name}`);
    if (!this.folder) {
      if (!this.received.some((m) => m.messageId === message.messageId)) this.received.push(message);
      return { receiptId: receiptOf(message) };
    }
    const target = path.join(this.folder, message.messageId);
    if (await exists(target)) return { receiptId: receiptOf(message) };
    await fs.mkdir(this.folder, { recursive: true });
    const temporary = path.join(this.folder, `.${message.messageId}.${process.pid}.${randomBytes(3).toString('hex')}.partial`);
    await fs.mkdir(temporary);
    try {
      await fs.writeFile(path.join(temporary, 'arkivmelding.xml'), message.xml, 'utf8');
      for (const file of message.files) await fs.writeFile(path.join(temporary, file.name), file.bytes);
      await fs.rename(temporary, target);
    } catch (error) {
      await fs.rm(temporary, { recursive: true, force: true });
      // Another process delivered the same message meanwhile: its folder is the message.
      if (await exists(target)) return { receiptId: receiptOf(message) };
      throw error;
    }
    this.received.push(message);
    if (this.received.length > 200) this.received.shift();
    return { receiptId: receiptOf(message) };
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
