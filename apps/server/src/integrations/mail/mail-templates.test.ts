import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { alertMail } from '../../availability/free-slot-alerts/send-free-slot-alerts';
import { isValidUnsubscribeToken } from '../../availability/free-slot-alerts/unsubscribe-token';
import { applicantNoticeMail, type ApplicantNotice } from '../../bookings/admin-booking-shared/applicant-mail';
import { approvalNotice, unapprovalNotice } from '../../casework/admin-approval/approval-mails';
import { bookingReceipt } from '../../bookings/apply-for-booking/booking-receipt';
import { cancellationToLocationMail } from '../../bookings/cancellation/cancellation-to-location-mail';
import { contractSignedMail } from '../../bookings/contracts/contract-signed-mail';
import type { DocumentData } from '../../bookings/documents/document-data';
import { supportInquiryMail } from '../../platform/support/support-inquiry-mail';
import { weddingConfirmationMail } from '../../weddings/wedding-application/wedding-confirmation-mail';
import { certificateReminderMail } from '../../weddings/wedding-certificate/certificate-reminder-mail';
import { composeMail } from './compose-mail';
import { locationInvitationMail } from './location-invitation-mail';
import { renderMailParts } from './mail-layout';
import type { OutboxMail } from './outbox';

const publicUrl = 'https://lokaler.oslo.kommune.no';
const booking = { id: 42, caseNumber: '2026-000042' };
const location = { locationName: 'Sagene samfunnshus', contactEmail: 'sagene@example.no', publicUrl };
const notice = (n: ApplicantNotice) => applicantNoticeMail({ to: 'kari@example.no', booking, notice: n, ...location });
/** approvalNotice reads only the location's name from the document data. */
const documentData = { location: { name: 'Sagene samfunnshus' } } as DocumentData;
const time = { date: '2031-05-06', startTime: '18:00:00', durationMinutes: 60 };

/** Every kind of message the server queues, built by its own builder, with a phrase it must say. */
const messages: Array<[kind: string, mail: OutboxMail, says: string]> = [
  [
    'booking-received',
    bookingReceipt({
      to: 'kari@example.no',
      bookingId: 42,
      caseNumber: booking.caseNumber,
      locationName: 'Sagene samfunnshus',
      publicUrl,
      rooms: [{ roomName: 'Storsalen', times: [{ date: '2031-05-06', startTime: '18:00:00', endTime: '19:00:00' }] }],
    }),
    'Vi har mottatt søknaden din om å låne Sagene samfunnshus',
  ],
  [
    'wedding-application-received',
    weddingConfirmationMail({
      to: 'par@example.no',
      bookingId: 42,
      caseNumber: booking.caseNumber,
      locationName: 'Oslo rådhus',
      time,
      certificateSent: false,
      publicUrl,
    }),
    'Vi har mottatt søknaden deres om vielse i Oslo rådhus',
  ],
  [
    'wedding-certificate-reminder',
    certificateReminderMail({
      to: 'par@example.no',
      bookingId: 42,
      caseNumber: booking.caseNumber,
      locationName: 'Oslo rådhus',
      time,
      publicUrl,
    }),
    'Vi har ennå ikke mottatt prøvingsattesten',
  ],
  [
    'location-invitation',
    locationInvitationMail({
      to: 'ny@example.no',
      locationName: 'Tøyen skole',
      invitedBy: 'Siri Admin',
      link: `${publicUrl}/admin/nytt-lokale/abc`,
      lastDay: '2031-05-20',
    }),
    'har lagt til Tøyen skole i Lokaler og invitert deg',
  ],
  [
    'BookingApproval',
    notice(
      approvalNotice({ data: documentData, comment: 'Velkommen! <script>alert(1)</script> & "hei"', contractToSign: true, vedtak: true }),
    ),
    'Søknaden din om å låne Sagene samfunnshus er godkjent.',
  ],
  ['BookingSetToUnprocessed', notice(unapprovalNotice('Sagene samfunnshus')), 'søknaden behandles på nytt'],
  [
    'BookingRejection (any notice in the applicant frame)',
    notice({
      kind: 'BookingRejection',
      subject: 'Søknaden din er avslått',
      paragraphs: ['Søknaden din om å låne Sagene samfunnshus er avslått.'],
    }),
    'er avslått',
  ],
  [
    'CONTRACT',
    contractSignedMail({
      to: 'kari@example.no',
      signerName: 'Kari Nordmann',
      bookingId: 42,
      caseNumber: booking.caseNumber,
      locationName: 'Sagene samfunnshus',
      signedAt: '6. mai 2031 kl. 18:00',
    }),
    'Du signerte kontrakten for bookingen hos Sagene samfunnshus',
  ],
  [
    'BookingCancellationToLocation',
    cancellationToLocationMail({
      to: 'sagene@example.no',
      bookingId: 42,
      caseNumber: booking.caseNumber,
      freedTimes: ['Storsalen: 06.05.2031 18:00–19:00'],
    }),
    'Søkeren har kansellert den godkjente bookingen',
  ],
  [
    'support-inquiry',
    supportInquiryMail({
      to: 'sagene@example.no',
      inquiryId: 7,
      categoryLabel: 'Spørsmål om lokalet',
      locationName: 'Sagene samfunnshus',
      replyTo: 'kari@example.no',
      message: 'Er det parkering?',
    }),
    'Er det parkering?',
  ],
  [
    'FreeSlotAlert',
    alertMail({
      to: 'kari@example.no',
      name: 'Kari Nordmann',
      free: [
        {
          line: 'Gymsal, Hasle skole: tirsdag 6. mai 18:00–19:00',
          link: `${publicUrl}/ressurs?ressurs=3&dato=2031-05-06&tid=18:00`,
          alertId: 11,
        },
        {
          line: 'Aula, Hasle skole: onsdag 7. mai 18:00–19:00',
          link: `${publicUrl}/ressurs?ressurs=4&dato=2031-05-07&tid=18:00`,
          alertId: 12,
        },
      ],
      options: { publicUrl, secret: 'a-secret-of-the-server' },
    }),
    'Tider du har bedt om varsel for, er blitt ledige',
  ],
];

/** The HTML's visible text, tags dropped and entities decoded, for comparison with the plain part. */
function visibleText(html: string): string {
  return html
    .replace(/<br>\n/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

describe('every message renders a plain text and an HTML part in Norwegian, in the one frame', () => {
  it.each(messages)('%s', (kind, mail, says) => {
    const { text, html } = renderMailParts(mail);
    expect(mail.topic.kind).toBe(kind.split(' ')[0]);
    expect(mail.subject).toMatch(/[a-zæøå]{3}/i);
    expect(text).toBe(mail.text);
    expect(text).toContain(says);
    expect(html).toMatch(/^<!doctype html>\n<html lang="nb">/);
    expect(html).toContain('<meta charset="utf-8">');
    // The HTML says everything the text says, line by line.
    const shown = visibleText(html);
    for (const line of text
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean))
      expect(shown).toContain(line);
    // Every address in the text is a link in the HTML.
    for (const url of text.match(/https?:\/\/\S+[^\s.,;:!?)]/g) ?? []) expect(html).toContain(`<a href="${url.replace(/&/g, '&amp;')}"`);
    // Letters to people share one greeting and signature.
    if (!['support-inquiry', 'BookingCancellationToLocation', 'FreeSlotAlert'].includes(kind)) {
      expect(text).toMatch(/^Hei[ !]/);
      expect(text).toMatch(/\n\nMed vennlig hilsen\n(.+\n)?Oslo kommune$/);
    }
  });

  it('the decision e-mail links to the pages of its vedtak and contract, where each is read and downloaded as PDF (decision 055)', () => {
    const { text, html } = renderMailParts(messages.find(([kind]) => kind === 'BookingApproval')![1]);
    expect(text).toContain(`Les vedtaket eller last det ned som PDF: ${publicUrl}/bookinger/42/vedtak`);
    expect(text).toContain(`Les og signer kontrakten, eller last den ned som PDF: ${publicUrl}/bookinger/42/kontrakt`);
    expect(html).toContain(`<a href="${publicUrl}/bookinger/42/vedtak"`);
  });

  it("escapes what people typed: an administrator's comment cannot put markup into the HTML", () => {
    const { html } = renderMailParts(messages.find(([kind]) => kind === 'BookingApproval')![1]);
    expect(html).not.toContain('<script>');
    expect(html).toContain('Velkommen! &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;hei&quot;');
  });
});

/** One header's value as written (continuation lines joined), or undefined. */
function rawHeader(head: string, name: string): string | undefined {
  const match = new RegExp(`^${name}:(.*(?:\r\n[ \t].*)*)`, 'mi').exec(head);
  return match?.[1]?.replace(/\r\n[ \t]/g, ' ').trim();
}

describe('every message as the mail service gets it (compose-mail.ts, decision 053)', () => {
  const from = 'Lokaler <ikke-svar@lokaler.oslo.kommune.no>';

  it.each(messages)('%s: parsed back by a MIME parser, with the headers, both parts and short lines', async (kind, mail) => {
    const replyTo = mail.replyTo ?? 'sagene@example.no';
    const bytes = await composeMail({ ...mail, replyTo, from, messageId: '<outbox-1-1@lokaler.oslo.kommune.no>' });
    const raw = bytes.toString('latin1');
    const head = raw.slice(0, raw.indexOf('\r\n\r\n'));

    // Every line within RFC 5322's 78 characters (text quoted-printable, headers folded; the one-click
    // address is kept whole, within the 998 every line must keep), ASCII only, CRLF.
    for (const line of raw.split('\r\n')) expect(line.length, line).toBeLessThanOrEqual(line.startsWith('List-Unsubscribe: <') ? 998 : 78);
    expect([...raw].every((c) => c === '\t' || c === '\r' || c === '\n' || (c >= ' ' && c <= '~'))).toBe(true);
    expect(raw.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);

    const parsed = await PostalMime.parse(bytes);
    expect(parsed.subject).toBe(mail.subject);
    expect(parsed.from).toMatchObject({ address: 'ikke-svar@lokaler.oslo.kommune.no', name: 'Lokaler' });
    expect(parsed.to?.map((a) => 'address' in a && a.address)).toEqual([mail.to]);
    expect(parsed.replyTo?.map((a) => 'address' in a && a.address)).toEqual([replyTo]);
    expect(parsed.messageId).toBe('<outbox-1-1@lokaler.oslo.kommune.no>');
    expect(rawHeader(head, 'Auto-Submitted')).toBe('auto-generated');
    expect(rawHeader(head, 'MIME-Version')).toBe('1.0');
    expect(rawHeader(head, 'Date')).toMatch(/^\w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d \+0000$/);
    // Both parts, the plain text exactly the text the outbox stored.
    expect(parsed.text?.replace(/\r\n/g, '\n').replace(/\n$/, '')).toBe(mail.text);
    expect(parsed.html?.replace(/\r\n/g, '\n').replace(/\n$/, '')).toBe(renderMailParts(mail).html.replace(/\n$/, ''));

    if (kind === 'FreeSlotAlert') {
      // RFC 8058: one click in the mail program ends every alert the e-mail is about.
      const url = new URL(/^<(.+)>/.exec(rawHeader(head, 'List-Unsubscribe') ?? '')![1]!);
      expect(`${url.origin}${url.pathname}`).toBe(`${publicUrl}/api/free-slot-alerts/unsubscribe`);
      expect(url.searchParams.get('varsel')).toBe('11');
      expect(url.searchParams.get('og')).toBe('12');
      expect(isValidUnsubscribeToken('a-secret-of-the-server', [11, 12], url.searchParams.get('token')!)).toBe(true);
      expect(rawHeader(head, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    } else {
      expect(rawHeader(head, 'List-Unsubscribe')).toBeUndefined();
      expect(rawHeader(head, 'List-Unsubscribe-Post')).toBeUndefined();
    }
  });

  it("the support inquiry answers the citizen: its Reply-To is the citizen's address", () => {
    expect(messages.find(([kind]) => kind === 'support-inquiry')![1].replyTo).toBe('kari@example.no');
  });
});
