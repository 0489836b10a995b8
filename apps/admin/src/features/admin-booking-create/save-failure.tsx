import { Alert, List, Paragraph } from '@digdir/designsystemet-react';
import { isApiClientError } from '@lokaler/api-client/api-client-error';
import { userMessageOf } from '@lokaler/api-client/user-message';
import { formatTimeRange } from '@lokaler/domain/booking-create';
import { timeChoiceMessages } from './time-choice';

/** Refused times from the check, or the server's refusal; a 409 lists the times that are taken. */
export function SaveFailure({ refused, error }: { refused: readonly string[]; error: unknown }) {
  const conflicts = isApiClientError(error) ? (error.conflicts ?? []) : [];
  const lines = refused.length > 0 ? refused : conflicts.map((c) => formatTimeRange(c.date, c.startTime, c.endTime));
  if (refused.length === 0 && !error) return null;
  return (
    <Alert data-color="danger" role="alert">
      <Paragraph>{refused.length > 0 ? timeChoiceMessages.unavailable : userMessageOf(error)}</Paragraph>
      {lines.length > 0 && (
        <>
          <Paragraph>Tider som ikke er ledige:</Paragraph>
          <List.Unordered>
            {lines.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List.Unordered>
        </>
      )}
    </Alert>
  );
}
