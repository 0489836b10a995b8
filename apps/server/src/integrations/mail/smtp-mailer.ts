import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Config } from '../../config';
import { composeMail } from './compose-mail';
import { MailDeliveryError, type Mailer, type OutgoingMail } from './mailer';

type SmtpSettings = NonNullable<Config['mail']['smtp']>;

/** An SMTP reply on the message or its recipients that sending again will not change. */
function isPermanent(error: unknown): boolean {
  const { code, responseCode } = error as { code?: string; responseCode?: number };
  // A refused login (535) or TLS problem is the relay's or our configuration's, not the message's:
  // every message would fail alike, so they wait for the fix instead of being written off.
  if (code === 'EAUTH' || code === 'ETLS' || code === 'ECONNECTION' || code === 'ETIMEDOUT' || code === 'ESOCKET') return false;
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
}

/** `Lokaler <noreply@…>` → `noreply@…`: the envelope's MAIL FROM takes the address alone. */
const bareAddress = (from: string) => /<([^>]+)>\s*$/.exec(from)?.[1] ?? from;

/**
 * The city's mail relay over SMTP. `send` resolves only when the relay answered 250 to the message's
 * DATA, which is the moment the outbox may mark the row sent. A small connection pool carries bursts.
 */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter<SMTPTransport.SentMessageInfo>;

  constructor(settings: SmtpSettings) {
    this.transport = nodemailer.createTransport({
      host: settings.host,
      port: settings.port,
      secure: settings.secure,
      requireTLS: settings.requireTls,
      ...(settings.auth ? { auth: settings.auth } : {}),
      pool: true,
      maxConnections: 2,
      // Far below the outbox's claim lease (outbox.ts), so a hung relay cannot outlive a claim.
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    });
  }

  async send(message: OutgoingMail): Promise<void> {
    // Composed once (compose-mail.ts): the relay gets exactly the bytes the local mail service writes.
    const raw = await composeMail(message);
    try {
      await this.transport.sendMail({ envelope: { from: bareAddress(message.from), to: [message.to] }, raw });
    } catch (error) {
      const { responseCode, code } = error as { responseCode?: number; code?: string };
      const reason = `${responseCode ?? code ?? 'SMTP'}: ${error instanceof Error ? error.message : String(error)}`;
      throw new MailDeliveryError(reason, isPermanent(error));
    }
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
