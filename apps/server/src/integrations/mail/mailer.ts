import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { composeMail } from './compose-mail';

export interface MailMessage {
  to: string;
  subject: string;
  /** The plain text; the HTML part is rendered from it by the one layout (mail-layout.ts). */
  text: string;
  /** Where an answer goes: the location's contact address (decision 053); none: no Reply-To. */
  replyTo?: string;
  /** The one-click address that stops such messages (RFC 8058; the free-time alerts). */
  listUnsubscribe?: string;
}

/** A message as handed to the mail service: the outbox adds the sender and its stable Message-ID. */
export interface OutgoingMail extends MailMessage {
  from: string;
  /** `<…@…>`, the same on every attempt of one outbox row, so a resend is recognisable as one. */
  messageId: string;
}

/** The shape of the city's mail service client: one call that hands over one message. */
export interface Mailer {
  /** Resolves once the service accepted the message; throws a MailDeliveryError (or any error: transient). */
  send(message: OutgoingMail): Promise<void>;
  close?(): Promise<void>;
}

/**
 * Why a send failed. Permanent (an SMTP 5xx on the message or its recipient): sending it again will
 * not help, so the outbox records it failed. Anything else (4xx, refused or dropped connection,
 * timeouts, a login the relay refused) is transient and retried with back-off.
 */
export class MailDeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/** The local mail service's record of delivered Message-IDs, a hidden folder inside its mail folder. */
export const DELIVERED_FOLDER = '.delivered';
/** One line per resend it recognised by Message-ID and accepted without a second file. */
export const RESENDS_LOG = 'resends.log';

const isCode = (error: unknown, code: string) => (error as NodeJS.ErrnoException | undefined)?.code === code;

/**
 * The local mail service: writes each message as an RFC 5322 .eml file into a folder (open them in
 * any mail program), composed as the SMTP adapter sends it, and keeps the latest ones in memory for tests. Like a real relay it refuses
 * addresses it cannot deliver to (permanently: 550), so a bad address takes the outbox's failed path.
 *
 * Like a receiving service that deduplicates, it delivers each Message-ID once: the outbox resends a
 * message whose sender died before marking it sent (decision 017), and the resend is accepted without a
 * second file. Crash-safe and shared by every process writing into the folder: the first delivery
 * creates `.delivered/{sha256 of the Message-ID}` exclusively (atomically, by a hard link), naming the
 * .eml file it is about to write; the .eml is written to a temporary name and renamed, so the mailbox
 * never sees half a message. A resend that finds the marker but not its file (a crash in between)
 * writes that file; one that finds both writes nothing and appends a line to `.delivered/resends.log`.
 */
export class LocalMailer implements Mailer {
  readonly sent: OutgoingMail[] = [];
  /** Resends recognised by Message-ID (and accepted without delivering again) by this instance. */
  resends = 0;
  constructor(private readonly folder?: string) {}

  async send(message: OutgoingMail): Promise<void> {
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(message.to)) throw new MailDeliveryError('550 invalid recipient address', true);
    if (!this.folder) {
      // Without a folder the memory is the record (the last 200 messages).
      if (this.sent.some((m) => m.messageId === message.messageId)) {
        this.resends++;
        return;
      }
      this.remember(message);
      return;
    }
    const delivered = path.join(this.folder, DELIVERED_FOLDER);
    await fs.mkdir(delivered, { recursive: true });
    const marker = path.join(delivered, createHash('sha256').update(message.messageId).digest('hex'));
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    let name = `${stamp}-${randomBytes(3).toString('hex')}.eml`;
    if (!(await createExclusively(marker, name, delivered))) {
      // Delivered before (or being delivered by another process right now): the marker names the file.
      name = (await fs.readFile(marker, 'utf8')).trim();
      if (await exists(path.join(this.folder, name))) {
        this.resends++;
        await fs.appendFile(path.join(delivered, RESENDS_LOG), `${new Date().toISOString()} ${message.messageId} ${name}\n`);
        return;
      }
    }
    const temporary = path.join(delivered, `${name}.${process.pid}.${randomBytes(3).toString('hex')}.partial`);
    // The bytes production sends (compose-mail.ts, decision 053).
    await fs.writeFile(temporary, await composeMail(message));
    await fs.rename(temporary, path.join(this.folder, name));
    this.remember(message);
  }

  private remember(message: OutgoingMail): void {
    this.sent.push(message);
    if (this.sent.length > 200) this.sent.shift();
  }
}

/**
 * Creates `file` holding `content` only if it does not exist yet, atomically: a complete temporary
 * file is hard-linked to the name (link fails when the name exists), so no reader ever finds the
 * marker empty or half written, and of two processes racing exactly one wins. False when it existed.
 */
async function createExclusively(file: string, content: string, folder: string): Promise<boolean> {
  const temporary = path.join(folder, `.${path.basename(file)}.${process.pid}.${randomBytes(3).toString('hex')}`);
  await fs.writeFile(temporary, content);
  try {
    await fs.link(temporary, file);
    return true;
  } catch (error) {
    if (isCode(error, 'EEXIST')) return false;
    throw error;
  } finally {
    await fs.rm(temporary, { force: true });
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch (error) {
    if (isCode(error, 'ENOENT')) return false;
    throw error;
  }
}
