import type { OutboxMail } from '../../integrations/mail/outbox';

/** A citizen's inquiry, to the location or central support; the answer goes to the citizen's address. */
export function supportInquiryMail(input: {
  to: string;
  inquiryId: number;
  categoryLabel: string;
  locationName: string | null;
  replyTo: string;
  message: string;
}): OutboxMail {
  return {
    to: input.to,
    subject: `Henvendelse fra Lokaler: ${input.categoryLabel}${input.locationName ? ` (${input.locationName})` : ''}`,
    text: [
      `Kategori: ${input.categoryLabel}`,
      ...(input.locationName ? [`Lokale: ${input.locationName}`] : []),
      `Svar til: ${input.replyTo}`,
      '',
      input.message,
    ].join('\n'),
    // Answering the e-mail answers the citizen.
    replyTo: input.replyTo,
    topic: { kind: 'support-inquiry', inquiryId: input.inquiryId },
  };
}
