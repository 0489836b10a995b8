import fs from 'node:fs/promises';
import path from 'node:path';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** The shape of the city's mail service client: one call that hands over one message. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * The local mail service: writes each message as an RFC 5322 .eml file into a folder (open them in
 * any mail program) and keeps the latest ones in memory for tests. Like a real relay it refuses
 * addresses it cannot deliver to, so a bad address takes the outbox's retry path.
 */
export class LocalMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  constructor(private readonly folder?: string) {}

  async send(message: MailMessage): Promise<void> {
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(message.to)) throw new Error('550 invalid recipient address');
    this.sent.push(message);
    if (this.sent.length > 200) this.sent.shift();
    if (!this.folder) return;
    await fs.mkdir(this.folder, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const eml = [
      'From: Lokaler <ikke-svar@lokaler.oslo.kommune.no>',
      `To: ${message.to}`,
      `Subject: =?UTF-8?B?${Buffer.from(message.subject).toString('base64')}?=`,
      `Date: ${new Date().toUTCString()}`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: 8bit',
      '',
      message.text,
    ].join('\r\n');
    await fs.writeFile(path.join(this.folder, `${stamp}-${Math.random().toString(36).slice(2, 8)}.eml`), eml);
  }
}
