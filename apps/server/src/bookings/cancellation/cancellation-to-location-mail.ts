import type { OutboxMail } from '../../integrations/mail/outbox';

/** To the location's contact address when the applicant cancels an approved booking: which times are free again. */
export function cancellationToLocationMail(input: {
  to: string;
  bookingId: number;
  caseNumber: string;
  freedTimes: readonly string[];
}): OutboxMail {
  return {
    to: input.to,
    subject: `Godkjent booking kansellert av søker (${input.caseNumber})`,
    text: [`Søkeren har kansellert den godkjente bookingen ${input.caseNumber}. Disse tidene er nå ledige:`, '', ...input.freedTimes].join(
      '\n',
    ),
    topic: { kind: 'BookingCancellationToLocation', bookingId: input.bookingId },
  };
}
