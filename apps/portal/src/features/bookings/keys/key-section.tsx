import { Alert, Button, Heading, Paragraph } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { isKeySectionVisible, KEY_STATUS_POLL_MS, oslonokkelenMessages, shouldPollKeyStatus } from '@lokaler/domain/oslonokkelen';
import { isApiClientError } from '@lokaler/api-client/api-client-error';
import { addKeyPhoneNumberMutation, oslonokkelenInfoQuery, removeKeyPhoneNumberMutation } from '@lokaler/api-client/oslonokkelen';
import { useGuardedMutation } from '@lokaler/api-client/react/use-guarded-mutation';
import { useToasts } from '@lokaler/ui/toasts';
import { AddPhoneNumberForm } from './add-phone-number-form';
import { KeyStatusTag } from './key-status-tag';
import { formatPhoneNumber } from '@lokaler/ui/formatters';

/** Spec 02 §8: the server's own text for the person when it sent one, else the spec's. */
function failureText(error: unknown, fallback: string): string {
  return (isApiClientError(error) && error.userMsg) || fallback;
}

/**
 * Spec 02 §2/§4 "Digital key section": the phone numbers that get the digital key for the booked
 * rooms, with each number's status, polled every 10 s while access is on its way.
 */
export function KeySection({ sub, bookingId }: { sub: string; bookingId: number }) {
  const { showToast } = useToasts();
  const query = oslonokkelenInfoQuery(sub, bookingId);
  const {
    data: info,
    error,
    refetch,
    isFetching,
  } = useQuery({ ...query, refetchInterval: (q) => (q.state.data && shouldPollKeyStatus(q.state.data) ? KEY_STATUS_POLL_MS : false) });

  const add = useGuardedMutation(addKeyPhoneNumberMutation(sub, bookingId), {
    onSuccess: () => showToast({ type: 'success', msg: oslonokkelenMessages.added }),
    onError: (err) => showToast({ type: 'danger', msg: failureText(err, oslonokkelenMessages.addFailed) }),
  });
  const remove = useGuardedMutation(removeKeyPhoneNumberMutation(sub, bookingId), {
    onSuccess: () => showToast({ type: 'success', msg: oslonokkelenMessages.removed }),
    onError: (err) => showToast({ type: 'danger', msg: failureText(err, oslonokkelenMessages.removeFailed) }),
  });

  if (error && !info) {
    return (
      <section className="lk-booking-section" aria-labelledby="lk-key-title">
        <Heading level={2} data-size="sm" id="lk-key-title">
          Digital nøkkel
        </Heading>
        <Alert data-color="danger">
          <Paragraph>{oslonokkelenMessages.loadFailed}</Paragraph>
          <Button variant="secondary" data-size="sm" onClick={() => void refetch()} loading={isFetching}>
            Prøv igjen
          </Button>
        </Alert>
      </section>
    );
  }
  if (!info || !isKeySectionVisible(info)) return null;

  const contractSigned = info.contractRequirement ? info.contractRequirement.isFulfilled : null;
  const numbers = info.oslonokkelenPermissions.filter((p) => p.oslonokkelenRequestStatus !== 'DELETED');

  return (
    <section className="lk-booking-section" aria-labelledby="lk-key-title">
      <Heading level={2} data-size="sm" id="lk-key-title">
        Digital nøkkel
      </Heading>
      <Paragraph>
        Rommet åpnes med Oslonøkkelen-appen. Legg til telefonnummeret til dem som skal kunne låse opp i tidene dere har booket. Nummeret må
        være registrert i appen.
      </Paragraph>
      {numbers.length > 0 ? (
        <ul className="lk-plain-list lk-key-list" aria-label="Telefonnumre med digital nøkkel">
          {numbers.map((permission) => {
            const formatted = formatPhoneNumber(permission.phoneNumber);
            return (
              <li key={permission.id}>
                <span className="lk-key-list__number">{formatted}</span>
                <span className="lk-key-list__status">
                  <KeyStatusTag
                    status={permission.oslonokkelenRequestStatus}
                    bookingStatus={info.bookingStatus}
                    contractSigned={contractSigned}
                  />
                  <Button
                    variant="tertiary"
                    data-size="sm"
                    aria-label={`Slett ${formatted}`}
                    loading={remove.isPending && remove.variables === permission.phoneNumber}
                    onClick={() => remove.mutate(permission.phoneNumber)}
                  >
                    Slett
                  </Button>
                </span>
              </li>
            );
          })}
        </ul>
      ) : (
        <Paragraph>Ingen telefonnumre er lagt til ennå.</Paragraph>
      )}
      <AddPhoneNumberForm
        pending={add.isPending}
        onAdd={(phoneNumber) =>
          add.mutateAsync(phoneNumber).then(
            () => true,
            () => false,
          )
        }
      />
    </section>
  );
}
