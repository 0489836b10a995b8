import { describe, expect, it } from 'vitest';
import { applicantNoticeMail, type ApplicantNotice } from '../../bookings/admin-booking-shared/applicant-mail';
import { approvalNotice, unapprovalNotice } from '../../casework/admin-approval/approval-mails';
import { bookingReceipt } from '../../bookings/apply-for-booking/booking-receipt';
import { cancellationToLocationMail } from '../../bookings/cancellation/cancellation-to-location-mail';
import { contractSignedMail } from '../../bookings/contracts/contract-signed-mail';
import type { DocumentData } from '../../bookings/documents/document-data';
import { supportInquiryMail } from '../../platform/support/support-inquiry-mail';
import { weddingConfirmationMail } from '../../weddings/wedding-application/wedding-confirmation-mail';
import { certificateReminderMail } from '../../weddings/wedding-certificate/certificate-reminder-mail';
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
    for (const url of text.match(/https?:\/\/\S+[^\s.,;:!?)]/g) ?? []) expect(html).toContain(`<a href="${url}"`);
    // Letters to people share one greeting and signature.
    if (!['support-inquiry', 'BookingCancellationToLocation'].includes(kind)) {
      expect(text).toMatch(/^Hei[ !]/);
      expect(text).toMatch(/\n\nMed vennlig hilsen\n(.+\n)?Oslo kommune$/);
    }
  });

  it("escapes what people typed: an administrator's comment cannot put markup into the HTML", () => {
    const { html } = renderMailParts(messages.find(([kind]) => kind === 'BookingApproval')![1]);
    expect(html).not.toContain('<script>');
    expect(html).toContain('Velkommen! &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;hei&quot;');
  });
});
