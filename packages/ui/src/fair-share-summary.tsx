import { Alert, Heading, Paragraph } from '@digdir/designsystemet-react';
import { fairShareLimitTexts, pendingText, type BookingLimitsResponse } from '@lokaler/domain/fair-share';

/**
 * The fair-share limits at a location (decision 041) as the portal shows them before sending: the
 * limits that would be gone past (`problems`, from the domain's problemsBeforeSending) first, then the
 * limits and what the person holds pending there. Presentational: the calendar and /send ask.
 */
export function FairShareSummary({ data, problems }: { data: BookingLimitsResponse; problems: readonly string[] }) {
  const pending = (data.pending ?? []).filter((p) => p.minutes > 0 || p.applications > 0);
  return (
    <Alert data-color={problems.length ? 'warning' : 'info'}>
      <Heading level={2} data-size="xs">
        {problems.length ? 'Søknaden går over grensen for dette stedet' : 'Grenser for søknader'}
      </Heading>
      {problems.map((problem) => (
        <Paragraph key={problem}>
          <strong>{problem}</strong>
        </Paragraph>
      ))}
      {fairShareLimitTexts(data.limits).map((text) => (
        <Paragraph key={text} data-size="sm">
          {text}
        </Paragraph>
      ))}
      {pending.map((p) => (
        <Paragraph key={p.semester} data-size="sm">
          {pendingText(p)}
        </Paragraph>
      ))}
    </Alert>
  );
}
