import fs from 'node:fs/promises';
import path from 'node:path';
import { renderMailParts } from './mail-layout';

export interface MailMessage {
  to: string;
  subject: string;
  /** The plain text; the HTML part is rendered from it by the one layout (mail-layout.ts). */
  text: string;
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
  constructor(message: string, readonly permanent: boolean) {
    super(message);
  }
}

/**
 * The local mail service: writes each message as an RFC 5322 .eml file into a folder (open them in
 * any mail program) and keeps the latest ones in memory for tests. Like a real relay it refuses
 * addresses it cannot deliver to (permanently: 550), so a bad address takes the outbox's failed path.
 */
export class LocalMailer implements Mailer {
  readonly sent: OutgoingMail[] = [];
  constructor(private readonly folder?: string) {}

  async send(message: OutgoingMail): Promise<void> {
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(message.to)) throw new MailDeliveryError('550 invalid recipient address', true);
    this.sent.push(message);
    if (this.sent.length > 200) this.sent.shift();
    if (!this.folder) return;
    await fs.mkdir(this.folder, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const { text, html } = renderMailParts(message);
    const boundary = `lokaler-${Math.random().toString(36).slice(2)}`;
    // 8bit parts, the text first: readable in a text editor, and the dev mailbox of the e2e tests
    // (e2e/support/mailbox.ts) finds the text right after the headers.
    const eml = [
      `From: ${message.from}`,
      `To: ${message.to}`,
      `Subject: =?UTF-8?B?${Buffer.from(message.subject).toString('base64')}?=`,
      `Date: ${new Date().toUTCString()}`,
      `Message-ID: ${message.messageId}`,
      'MIME-Version: 1.0',
      `Content-Type: multipart/alternative; boundary="${boundary}"`,
      '',
      `--${boundary}`,
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: 8bit',
      '',
      text.replace(/\n/g, '\r\n'),
      `--${boundary}`,
      'Content-Type: text/html; charset=utf-8',
      'Content-Transfer-Encoding: 8bit',
      '',
      html.replace(/\n/g, '\r\n'),
      `--${boundary}--`,
      '',
    ].join('\r\n');
    await fs.writeFile(path.join(this.folder, `${stamp}-${Math.random().toString(36).slice(2, 8)}.eml`), eml);
  }
}

