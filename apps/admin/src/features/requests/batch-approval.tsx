import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Heading, Paragraph } from '@digdir/designsystemet-react';
import { approveBatchMutation } from '@lokaler/api-client/admin-batch-approval';
import { useGuardedMutation } from '@lokaler/api-client/react/use-guarded-mutation';
import { userMessageOf } from '@lokaler/api-client/user-message';
import type { BatchApprovalResponse } from '@lokaler/domain/admin-batch-approval';
import type { AdminBookingListItem } from '@lokaler/domain/admin-booking-list';
import { ConfirmDialog } from '@lokaler/ui/confirm-dialog';
import { formatPeriod } from '../../lib/format';

const applicantOf = (item: { internalEventTitle?: string | null; applicantName: string | null }) =>
  item.internalEventTitle ?? item.applicantName ?? 'Ukjent søker';
const count = (n: number) => `${n} ${n === 1 ? 'søknad' : 'søknader'}`;

/**
 * Approving the selected applications together (decision 066): 'Godkjenn valgte (N)', one confirmation
 * that names each of them, then the outcome: how many were approved, and each that was not by case
 * number and applicant with the server's reason. The list is fetched again by the mutation.
 */
export function BatchApproval({
  locationId,
  selected,
  onDone,
}: {
  locationId: number;
  selected: readonly AdminBookingListItem[];
  onDone: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<BatchApprovalResponse | null>(null);
  const approve = useGuardedMutation(approveBatchMutation(), {
    onSuccess: (result) => {
      setOutcome(result);
      setConfirming(false);
      onDone();
    },
  });
  const n = selected.length;

  return (
    <>
      {outcome && <BatchOutcome outcome={outcome} onClose={() => setOutcome(null)} />}
      {n > 0 && (
        <div className="lk-batch-bar">
          <Button
            onClick={() => {
              approve.reset();
              setConfirming(true);
            }}
          >
            Godkjenn valgte ({n})
          </Button>
          <Paragraph data-size="sm" className="lk-subtle">
            Valgte søknader godkjennes uten pris og uten kontrakt.
          </Paragraph>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Godkjenne ${count(n)}?`}
        confirmLabel={`Godkjenn ${count(n)}`}
        busy={approve.isPending}
        error={approve.error ? userMessageOf(approve.error) : null}
        onConfirm={() => approve.mutate({ locationId, bookingIds: selected.map((item) => item.bookingId) })}
        onCancel={() => setConfirming(false)}
      >
        <Paragraph>Disse søknadene godkjennes gratis. Hver søker får sin egen e-post og sitt eget vedtak.</Paragraph>
        <ul className="lk-batch-list" aria-label="Søknader som godkjennes">
          {selected.map((item) => (
            <li key={item.bookingId}>
              {[item.caseNumber, applicantOf(item), formatPeriod(item.firstDate, item.lastDate)].filter(Boolean).join(' · ')}
            </li>
          ))}
        </ul>
      </ConfirmDialog>
    </>
  );
}

/**
 * The button that opened the confirmation leaves with the selection, so the outcome takes the focus:
 * a keyboard user would otherwise be left on the page's body.
 */
function BatchOutcome({ outcome, onClose }: { outcome: BatchApprovalResponse; onClose: () => void }) {
  const failures = outcome.results.filter((r) => !r.approved);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [outcome]);
  return (
    <Alert data-color={failures.length > 0 ? 'warning' : 'success'} role="status">
      <Heading level={2} data-size="xs" tabIndex={-1} ref={heading}>
        {outcome.approvedCount === 0 ? 'Ingen søknader ble godkjent' : `${count(outcome.approvedCount)} er godkjent`}
      </Heading>
      {failures.length > 0 && (
        <>
          <Paragraph>{failures.length === 1 ? 'Denne ble ikke godkjent:' : `Disse ${failures.length} ble ikke godkjent:`}</Paragraph>
          <ul className="lk-batch-list">
            {failures.map((r) => (
              <li key={r.bookingId}>
                {[r.caseNumber ?? `Søknad ${r.bookingId}`, r.applicantName].filter(Boolean).join(', ')}: {r.message ?? 'Ukjent feil'}
              </li>
            ))}
          </ul>
        </>
      )}
      <Button variant="tertiary" data-size="sm" onClick={onClose}>
        Lukk meldingen
      </Button>
    </Alert>
  );
}
