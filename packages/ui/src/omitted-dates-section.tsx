import { useId } from 'react';
import { Heading, Paragraph } from '@digdir/designsystemet-react';
import type { OmittedTime } from '@lokaler/domain/booking-omitted';
import { omittedSummary } from '@lokaler/domain/scheduling/date-fate';
import { formatDate } from '@lokaler/domain/scheduling/format-date';
import { formatClock } from '@lokaler/domain/scheduling/time-of-day';

/**
 * Decision 027: the dates of a repeating application sent without because they were not free
 * ('Søkt uten n datoer'), each named — on the citizen's booking page and in the admin app's booking view,
 * each with its own sentence and section class. Nothing when none were left out.
 */
export function OmittedDatesSection({
  omitted,
  intro,
  className,
  listClassName,
}: {
  omitted: readonly OmittedTime[];
  intro: string;
  className?: string;
  listClassName?: string;
}) {
  const headingId = useId();
  if (omitted.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className={className}>
      <Heading level={2} data-size="sm" id={headingId}>
        {omittedSummary(omitted.length)}
      </Heading>
      <Paragraph data-size="sm">{intro}</Paragraph>
      <ul className={listClassName}>
        {omitted.map((t) => (
          <li key={`${t.bookableAssetId}${t.date}${t.startTime}`}>
            {t.roomName}: {formatDate(t.date, 'EEEE dd.MM.yyyy')} kl. {formatClock(t.startTime)}–{formatClock(t.endTime)}
          </li>
        ))}
      </ul>
    </section>
  );
}
