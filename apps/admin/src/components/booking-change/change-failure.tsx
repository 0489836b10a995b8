import { Alert, List, Paragraph } from '@digdir/designsystemet-react';
import { isApiClientError } from '@lokaler/api-client/api-client-error';
import { userMessageOf } from '@lokaler/api-client/user-message';
import { formatTimeRange } from '@lokaler/domain/booking-create';

/**
 * Why a change was refused: the server's message, and for a conflict (409) the times that are taken,
 * so the administrator can pick another time.
 */
export function ChangeFailure({ error, roomName }: { error: unknown; roomName?: (bookableAssetId: number) => string | undefined }) {
  const conflicts = isApiClientError(error) ? (error.conflicts ?? []) : [];
  return (
    <Alert data-color="danger" role="alert">
      <Paragraph>{userMessageOf(error)}</Paragraph>
      {conflicts.length > 0 && (
        <>
          <Paragraph>Opptatte tider:</Paragraph>
          <List.Unordered>
            {conflicts.map((c) => {
              const name = roomName?.(c.bookableAssetId);
              return (
                <List.Item
                  key={`${c.bookableAssetId}-${c.date}-${c.startTime}`}
                >{`${name ? `${name} ` : ''}${formatTimeRange(c.date, c.startTime, c.endTime)}`}</List.Item>
              );
            })}
          </List.Unordered>
        </>
      )}
    </Alert>
  );
}
