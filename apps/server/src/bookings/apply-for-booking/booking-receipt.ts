import { deadlineText } from '@lokaler/domain/application-rounds';
import type { ChangeLogReservationTimes } from '@lokaler/domain/booking';
import { formatTimeRange } from '@lokaler/domain/booking-create';
import type { OmittedTime } from '@lokaler/domain/booking-omitted';
import { omittedSummary } from '@lokaler/domain/scheduling/date-fate';
import { formatDateNorwegian } from '@lokaler/domain/scheduling/format-date';
import { formatClock } from '@lokaler/domain/scheduling/time-of-day';
import { letterText } from '../../integrations/mail/mail-layout';
import type { OutboxMail } from '../../integrations/mail/outbox';

export interface BookedRoomTimes {
  roomName: string;
  times: ReadonlyArray<{ date: string; startTime: string; endTime: string }>;
}

/** The change log's times, as the demo data writes them: '12.03.2026 18:00–19:00' per room. */
export function changeLogTimes(rooms: readonly BookedRoomTimes[]): ChangeLogReservationTimes {
  return rooms.map((r) => ({
    assetDescription: r.roomName,
    times: r.times.map((t) => `${formatDateNorwegian(t.date)} ${formatClock(t.startTime)}–${formatClock(t.endTime)}`),
  }));
}

const LISTED_TIMES = 20;

/**
 * The receipt to the applicant, queued in the booking's transaction (sent only if it commits).
 * The topic carries no personal data.
 */
export function bookingReceipt(input: {
  to: string;
  bookingId: number;
  caseNumber: string;
  locationName: string;
  rooms: readonly BookedRoomTimes[];
  publicUrl: string;
  /** The dates the person chose to send without (decision 027); none when omitted. */
  omitted?: readonly OmittedTime[];
  /** The semester round the application entered (decision 029): answered after its deadline. */
  round?: { name: string; deadline: string } | null;
}): OutboxMail {
  const lines: string[] = [];
  for (const room of input.rooms) {
    lines.push(`${room.roomName}:`);
    for (const t of room.times.slice(0, LISTED_TIMES)) lines.push(`  ${formatTimeRange(t.date, t.startTime, t.endTime)}`);
    if (room.times.length > LISTED_TIMES) lines.push(`  … og ${room.times.length - LISTED_TIMES} tidspunkter til`);
  }
  const omitted = input.omitted ?? [];
  const text = letterText({
    blocks: [
      `Vi har mottatt søknaden din om å låne ${input.locationName}. Saksnummeret er ${input.caseNumber}.`,
      ['Du har søkt om:', ...lines],
      ...(omitted.length > 0
        ? [
            [
              `${omittedSummary(omitted.length)} som ikke var ledige:`,
              ...omitted.slice(0, LISTED_TIMES).map((t) => `  ${t.roomName} ${formatTimeRange(t.date, t.startTime, t.endTime)}`),
            ],
          ]
        : []),
      [
        ...(input.round
          ? [
              `Søknaden er med i søknadsrunden «${input.round.name}». ${deadlineText(input.round.deadline)}.`,
              'Søknaden behandles sammen med de andre søknadene til semesteret etter søknadsfristen. Du får en e-post når den er behandlet.',
            ]
          : ['Søknaden venter på behandling. Du får en e-post når lokalet har behandlet den, normalt innen tre uker.']),
        `Du kan følge søknaden og avbestille den her: ${input.publicUrl}/bookinger/${input.bookingId}`,
      ],
    ],
  });
  return {
    to: input.to,
    subject: `Vi har mottatt søknaden din (${input.caseNumber})`,
    text,
    topic: { kind: 'booking-received', bookingId: input.bookingId },
  };
}
