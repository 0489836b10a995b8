import { formatTimeRange } from '@lokaler/domain/booking-create';
import { reservationEndTime } from '@lokaler/domain/scheduling/time-of-day';
import { letterText } from '../../integrations/mail/mail-layout';
import type { OutboxMail } from '../../integrations/mail/outbox';

/**
 * The couple's confirmation that the wedding form was received, queued in the submit's transaction
 * (sent only if it commits). The topic carries no personal data.
 */
export function weddingConfirmationMail(input: {
  to: string;
  bookingId: number;
  caseNumber: string;
  locationName: string;
  time: { date: string; startTime: string; durationMinutes: number } | undefined;
  certificateSent: boolean;
  publicUrl: string;
}): OutboxMail {
  const when = input.time
    ? formatTimeRange(input.time.date, input.time.startTime, reservationEndTime(input.time.startTime, input.time.durationMinutes))
    : null;
  const text = letterText({
    blocks: [
      `Vi har mottatt søknaden deres om vielse i ${input.locationName}${when ? `, ${when}` : ''}. Saksnummeret er ${input.caseNumber}.`,
      [
        'Søknaden venter nå på behandling hos vielseskontoret. Dere får en e-post når den er behandlet.',
        input.certificateSent
          ? 'Vi har mottatt prøvingsattesten.'
          : 'Husk å sende prøvingsattesten senest 4 uker før vielsen, ellers kan dere miste tidspunktet. Den tar 5–6 uker å få og er gyldig i 4 måneder.',
        `Dere kan følge søknaden her: ${input.publicUrl}/bookinger/${input.bookingId}`,
      ],
    ],
  });
  return {
    to: input.to,
    subject: `Vi har mottatt søknaden om vielse (${input.caseNumber})`,
    text,
    topic: { kind: 'wedding-application-received', bookingId: input.bookingId },
  };
}
