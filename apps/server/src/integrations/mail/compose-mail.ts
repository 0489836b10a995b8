import MailComposer from 'nodemailer/lib/mail-composer';
import { renderMailParts } from './mail-layout';
import type { OutgoingMail } from './mailer';

/**
 * The one MIME composer (nodemailer's): the bytes of a message exactly as the mail service gets them.
 * The SMTP adapter sends these bytes as they are, and the local mail service writes them to its .eml
 * files, so the development mailbox shows what production sends (decision 053).
 *
 * - a plain-text part first and the HTML rendered from the same text (mail-layout.ts), each
 *   quoted-printable, so no line of the text is longer than 76 characters;
 * - the subject as RFC 2047 encoded words, folded;
 * - `Auto-Submitted: auto-generated` (RFC 3834): no out-of-office answers back to the portal;
 * - `Reply-To` where the message has one (the location's contact address);
 * - `List-Unsubscribe` with `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058) where the
 *   message can be stopped with one click (the free-time alerts).
 */
export async function composeMail(message: OutgoingMail, date: Date = new Date()): Promise<Buffer> {
  const { text, html } = renderMailParts(message);
  const headers: Record<string, string | { prepared: true; value: string }> = { 'Auto-Submitted': 'auto-generated' };
  if (message.listUnsubscribe) {
    // As written: an address is not folded (RFC 2369 would allow it, not every mail program reads it).
    headers['List-Unsubscribe'] = { prepared: true, value: `<${message.listUnsubscribe}>` };
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  const composer = new MailComposer({
    from: message.from,
    to: message.to,
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    subject: message.subject,
    messageId: message.messageId,
    date,
    text,
    html,
    textEncoding: 'quoted-printable',
    headers,
  });
  // nodemailer's transports turn its line ends into CRLF on the way out (and SMTP adds its dot-stuffing
  // on the wire); done here, the stored bytes are the message itself.
  const bytes = await composer.compile().build();
  return Buffer.from(bytes.toString('latin1').replace(/\r?\n/g, '\r\n'), 'latin1');
}
