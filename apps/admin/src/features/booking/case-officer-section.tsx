import { useEffect, useRef, useState } from 'react';
import { Button, Heading, Paragraph } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { isApiClientError } from '@lokaler/api-client/api-client-error';
import { userMessageOf } from '@lokaler/api-client/user-message';
import { caseAssigneeQuery, releaseCaseMutation, takeCaseMutation } from '@lokaler/api-client/work-queue';
import { takeOverQuestion } from '@lokaler/domain/work-queue';
import { ConfirmDialog } from '@lokaler/ui/confirm-dialog';
import { formatInstant } from '../../lib/format';
import { ChangeFailure } from '../../components/booking-change/change-failure';
import { useBookingChange } from '../../components/booking-change/use-booking-change';

/**
 * The case officer (decision 065): 'Ta saken' when nobody has it, 'Gi fra deg saken' when the
 * administrator has it, and 'Ta over saken' after a question when another has it. A take that meets
 * another's take on the server (409) asks the same question with the name the server gave. A finished
 * booking (rejected, cancelled, rejected automatically) has nothing left to handle: it is not offered
 * to be taken, only given up by the one who has it.
 */
export function CaseOfficerSection({ bookingId, finished }: { bookingId: number; finished: boolean }) {
  const assignee = useQuery(caseAssigneeQuery(bookingId));
  // The take-over question on screen, or null.
  const [question, setQuestion] = useState<string | null>(null);
  // Taking or giving up the case swaps its button for another: the focus follows to the new one.
  const actions = useRef<HTMLDivElement>(null);
  const refocus = useRef(false);
  const changed = () => {
    refocus.current = true;
  };
  const take = useBookingChange(
    {
      ...takeCaseMutation(bookingId),
      onError: (error: Error) => {
        if (isApiClientError(error) && error.status === 409) {
          setQuestion(`${userMessageOf(error)} Vil du ta den over?`);
          void assignee.refetch();
        }
      },
    },
    {
      successMessage: 'Du har tatt saken',
      onSuccess: () => {
        setQuestion(null);
        changed();
      },
    },
  );
  const release = useBookingChange(releaseCaseMutation(bookingId), { successMessage: 'Du har gitt fra deg saken', onSuccess: changed });
  const holder = assignee.data?.assignee ?? null;
  const mine = assignee.data?.heldByMe ?? false;
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    actions.current?.querySelector('button')?.focus();
  }, [holder?.userId, mine]);
  const takeFailed = take.error && !(isApiClientError(take.error) && take.error.status === 409);

  return (
    <section aria-labelledby="lk-case-officer" className="lk-section">
      <Heading level={2} data-size="sm" id="lk-case-officer">
        Saksbehandler
      </Heading>
      {assignee.data && (
        <Paragraph>
          {holder ? `${mine ? 'Du' : holder.name} har saken (tatt ${formatInstant(holder.assignedUtc)}).` : 'Ingen har tatt saken ennå.'}
        </Paragraph>
      )}
      {assignee.error && <Paragraph className="lk-subtle">Saksbehandleren kunne ikke hentes.</Paragraph>}
      {assignee.data && (
        <div className="lk-booking-actions" ref={actions}>
          {!holder && !finished && (
            <Button variant="secondary" loading={take.isPending} onClick={() => take.mutate({ takeOver: false })}>
              Ta saken
            </Button>
          )}
          {holder && !mine && !finished && (
            <Button
              variant="secondary"
              onClick={() => {
                take.reset();
                setQuestion(takeOverQuestion(holder.name));
              }}
            >
              Ta over saken
            </Button>
          )}
          {mine && (
            <Button variant="secondary" loading={release.isPending} onClick={() => release.mutate()}>
              Gi fra deg saken
            </Button>
          )}
        </div>
      )}
      {takeFailed && question === null && <ChangeFailure error={take.error} />}
      {release.error && <ChangeFailure error={release.error} />}
      <ConfirmDialog
        open={question !== null}
        title="Ta over saken?"
        confirmLabel="Ta over saken"
        busy={take.isPending}
        error={takeFailed ? userMessageOf(take.error) : null}
        onConfirm={() => take.mutate({ takeOver: true })}
        onCancel={() => {
          take.reset();
          setQuestion(null);
        }}
      >
        {question ?? ''}
      </ConfirmDialog>
    </section>
  );
}
