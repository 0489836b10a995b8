import { formatTimeRange } from '@lokaler/domain/booking-create';
import { reservationEndTime } from '@lokaler/domain/scheduling/time-of-day';
import { letterText } from '../../integrations/mail/mail-layout';
import type { OutboxMail } from '../../integrations/mail/outbox';

/** The topic kind of the reminder in the outbox (and so in the admin's e-mail log). */
export const CERTIFICATE_REMINDER_KIND = 'wedding-certificate-reminder';

/**
 * The one reminder to the couple that the prøvingsattest is missing (decision 012, spec 02 §9:
 * due at the latest 4 weeks before the ceremony, or the time may be lost). No personal data in the topic.
 */
export function certificateReminderMail(input: {
  to: string;
  bookingId: number;
  caseNumber: string;
  locationName: string;
  time: { date: string; startTime: string; durationMinutes: number };
  publicUrl: string;
}): OutboxMail {
  const when = formatTimeRange(input.time.date, input.time.startTime, reservationEndTime(input.time.startTime, input.time.durationMinutes));
  const text = letterText({
    blocks: [
      `Vi har ennå ikke mottatt prøvingsattesten for vielsen deres i ${input.locationName}, ${when} (saksnummer ${input.caseNumber}).`,
      [
        'Prøvingsattesten må sendes inn senest 4 uker før vielsen. Kommer den ikke fram i tide, kan dere miste tidspunktet.',
        `Dere laster den opp (PDF, høyst 10 MB) på bookingen her: ${input.publicUrl}/bookinger/${input.bookingId}`,
      ],
      'Har dere allerede sendt den på annen måte, kan dere se bort fra denne e-posten.',
    ],
  });
  return {
    to: input.to,
    subject: `Påminnelse: prøvingsattest for vielsen (${input.caseNumber})`,
    text,
    topic: { kind: CERTIFICATE_REMINDER_KIND, bookingId: input.bookingId },
  };
}
