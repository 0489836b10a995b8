import { Heading } from '@digdir/designsystemet-react';
import type { RepeatPattern } from '@lokaler/domain/scheduling/expand-repetition';
import { daysBetween } from '@lokaler/domain/scheduling/calendar-date';
import { formatDateNorwegian } from '@lokaler/domain/scheduling/format-date';
import type { BoundsResponse } from '@lokaler/domain/scheduling/schedule-query';

/** '60 minutter', '1 time', '1 time og 30 minutter', '2 timer'. */
export function durationText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const h = hours === 1 ? '1 time' : `${hours} timer`;
  if (hours === 0) return `${rest} minutter`;
  return rest === 0 ? h : `${h} og ${rest} minutter`;
}

/** What the repetition rules allow, as a citizen reads them. */
export function repetitionRuleText(patterns: readonly RepeatPattern[]): string {
  const single = patterns.includes('SINGLE_DAY');
  const repeated = patterns.some((p) => p !== 'SINGLE_DAY');
  if (single && repeated) return 'Du kan låne én gang eller fast, hver uke eller annenhver uke.';
  if (single) return 'Lokalet kan bare lånes én gang om gangen, ikke fast.';
  if (repeated) return 'Lokalet kan bare lånes fast, hver uke eller annenhver uke.';
  return 'Rommene du har valgt kan ikke bookes sammen.';
}

interface BookingRulesSummaryProps {
  patterns: readonly RepeatPattern[];
  minMinutes: number;
  bounds: BoundsResponse;
  today: string;
}

/**
 * The rules a citizen must know before choosing — the minimum duration, single or repeated,
 * how far ahead (and behandlingstid) — shown above the calendar before the first click, from the same
 * data the availability check judges by.
 */
export function BookingRulesSummary({ patterns, minMinutes, bounds, today }: BookingRulesSummaryProps) {
  const processing = bounds.firstDate > today;
  return (
    <section aria-labelledby="lk-rules-title" className="lk-stack lk-booking-rules">
      <Heading level={2} data-size="xs" id="lk-rules-title">
        Regler for å låne
      </Heading>
      <ul>
        <li>{repetitionRuleText(patterns)}</li>
        {minMinutes > 0 && <li>Hver booking må vare minst {durationText(minMinutes)}.</li>}
        <li>
          Du kan booke fra {formatDateNorwegian(processing ? bounds.firstDate : today)} til og med {formatDateNorwegian(bounds.lastDate)}.
        </li>
        {processing && (
          <li>{`Lokalet krever at søknader sendes inn minst ${daysBetween(today, bounds.firstDate)} dager før ønsket dato.`}</li>
        )}
      </ul>
    </section>
  );
}
