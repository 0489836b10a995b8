import { Heading, Paragraph } from '@digdir/designsystemet-react';
import { omittedSummary } from '@lokaler/domain/scheduling/date-fate';
import { formatDate } from '@lokaler/domain/scheduling/format-date';
import { formatClock } from '@lokaler/domain/scheduling/time-of-day';
import type { UserBooking } from '@lokaler/domain/user-booking';

/** Issue 16: the dates of the series the applicant sent without, because they were not free. */
export function OmittedDatesSection({ booking }: { booking: UserBooking }) {
  const omitted = booking.omittedTimes;
  if (omitted.length === 0) return null;
  return (
    <section className="lk-booking-section" aria-labelledby="lk-omitted-title">
      <Heading level={2} data-size="sm" id="lk-omitted-title">
        {omittedSummary(omitted.length)}
      </Heading>
      <Paragraph data-size="sm">Du sendte søknaden uten disse datoene, fordi de ikke var ledige:</Paragraph>
      <ul className="lk-plain-list">
        {omitted.map((t) => (
          <li key={`${t.bookableAssetId}${t.date}${t.startTime}`}>
            {t.roomName}: {formatDate(t.date, 'EEEE dd.MM.yyyy')} kl. {formatClock(t.startTime)}–{formatClock(t.endTime)}
          </li>
        ))}
      </ul>
    </section>
  );
}
