import { Heading, Paragraph } from '@digdir/designsystemet-react';
import type { AdminBookingView } from '@lokaler/domain/admin-booking-view';
import { omittedSummary } from '@lokaler/domain/scheduling/date-fate';
import { formatDate } from '@lokaler/domain/scheduling/format-date';
import { formatClock } from '@lokaler/domain/scheduling/time-of-day';

/**
 * Issue 16: the dates of a repeating application the applicant chose to send without because they
 * were not free when sent ('Søkt uten n datoer'), each named. Nothing when none were left out.
 */
export function OmittedDatesSection({ booking }: { booking: AdminBookingView }) {
  const omitted = booking.omittedTimes;
  if (omitted.length === 0) return null;
  return (
    <section aria-labelledby="lk-omitted" className="lk-section">
      <Heading level={2} data-size="sm" id="lk-omitted">
        {omittedSummary(omitted.length)}
      </Heading>
      <Paragraph data-size="sm">Søkeren valgte å sende søknaden uten disse datoene i gjentakelsen, fordi de ikke var ledige:</Paragraph>
      <ul>
        {omitted.map((t) => (
          <li key={`${t.bookableAssetId}${t.date}${t.startTime}`}>
            {t.roomName}: {formatDate(t.date, 'EEEE dd.MM.yyyy')} kl. {formatClock(t.startTime)}–{formatClock(t.endTime)}
          </li>
        ))}
      </ul>
    </section>
  );
}
