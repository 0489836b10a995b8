import { useState } from 'react';
import { Alert, Button, Heading, Paragraph, Textfield } from '@digdir/designsystemet-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { addLocationAdminMutation, locationAdminsQuery, removeLocationAdminsMutation } from '@lokaler/api-client/admin-location-admins';
import { useCurrentUserRoles } from '@lokaler/api-client/current-user';
import { useAuth } from '@lokaler/api-client/react/auth-provider';
import { useGuardedMutation } from '@lokaler/api-client/react/use-guarded-mutation';
import { loadFailureMessage, userMessageOf } from '@lokaler/api-client/user-message';
import { addLocationAdminBody } from '@lokaler/domain/admin-location-rules';
import { ConfirmDialog } from '@lokaler/ui/confirm-dialog';
import { QueryLoader } from '@lokaler/ui/query-loader';
import { useUnsavedChangesGuard } from '@lokaler/ui/unsaved-changes-guard';
import { fieldId, SaveFailure } from './form-parts';
import type { SettingsFormProps } from './settings-form-props';
import './location-settings.css';

const FORM = 'admins';

/**
 * Step and section 'Tilganger': the location's administrators by e-mail. Each addition and removal
 * is saved at once (the server keeps the rules: nobody removes themselves, the last one stays); in the
 * wizard 'Lagre og gå videre' moves on (adding an address still in the field first).
 */
export function AdminsForm({ locationId, mode, onSaved }: SettingsFormProps) {
  const { user } = useAuth();
  const roles = useCurrentUserRoles(user?.sub);
  const ownEmail = roles.data?.email?.toLowerCase() ?? null;
  const queryClient = useQueryClient();
  const admins = useQuery(locationAdminsQuery(locationId));
  const [removing, setRemoving] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  const form = useForm<{ email: string }, unknown, { email: string }>({
    resolver: zodResolver(addLocationAdminBody),
    defaultValues: { email: '' },
  });
  const guard = useUnsavedChangesGuard(mode === 'settings' && form.formState.isDirty);
  const add = useGuardedMutation(addLocationAdminMutation(queryClient, locationId), {
    onSuccess: (_, email) => {
      form.reset({ email: '' });
      setStatus(`${email} er lagt til som administrator.`);
    },
  });
  const remove = useGuardedMutation(removeLocationAdminsMutation(queryClient, locationId), {
    onSuccess: (_, emails) => {
      setRemoving(null);
      setStatus(`${emails.join(', ')} er fjernet som administrator.`);
    },
  });
  const emailError = form.formState.errors.email?.message;
  // An address typed but not added yet is added on the way out, rather than lost.
  const saveAndContinue = async () => {
    if (!form.getValues('email').trim()) return onSaved?.();
    await form.handleSubmit(async ({ email }) => {
      try {
        await add.mutateAsync(email);
      } catch {
        return; // shown under the field by add.error
      }
      onSaved?.();
    })();
  };

  return (
    <div className="lk-settings-form">
      {guard.dialog}
      <Heading level={2} data-size="md" id={`${FORM}-title`}>
        Tilganger
      </Heading>
      <Paragraph>
        Administratorene kan behandle søknader og endre innstillingene for lokalet. En ny administrator får tilgang neste gang hen logger
        inn.
      </Paragraph>
      <QueryLoader query={admins} loadingLabel="Henter administratorene" describeFailure={loadFailureMessage}>
        {(list) => (
          <ul className="lk-admin-list" aria-labelledby={`${FORM}-title`}>
            {list.map(({ email }) => (
              <li key={email}>
                <span>
                  {email}
                  {email === ownEmail && ' (deg)'}
                </span>
                {email !== ownEmail && (
                  <Button
                    variant="tertiary"
                    data-size="sm"
                    data-color="danger"
                    onClick={() => {
                      remove.reset();
                      setRemoving(email);
                    }}
                    aria-label={`Fjern ${email}`}
                  >
                    Fjern
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryLoader>
      <form
        noValidate
        className="lk-settings-form"
        aria-label="Legg til administrator"
        onSubmit={(event) =>
          void form.handleSubmit(({ email }) => {
            setStatus('');
            add.mutate(email);
          })(event)
        }
      >
        <Textfield
          label="E-postadresse til ny administrator"
          type="email"
          autoComplete="off"
          id={fieldId(FORM, 'email')}
          {...form.register('email')}
          error={emailError}
        />
        <SaveFailure error={add.error} />
        <div>
          <Button type="submit" variant="secondary" loading={add.isPending} disabled={add.isPending}>
            Legg til administrator
          </Button>
        </div>
      </form>
      <div role="status">
        {status && (
          <Alert data-color="success">
            <Paragraph>{status}</Paragraph>
          </Alert>
        )}
      </div>
      {mode === 'wizard' && (
        <div>
          <Button onClick={() => void saveAndContinue()} loading={add.isPending} disabled={add.isPending}>
            Lagre og gå videre
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Fjerne administrator?"
        confirmLabel="Ja, fjern"
        tone="danger"
        busy={remove.isPending}
        error={remove.error ? userMessageOf(remove.error) : null}
        onConfirm={() => removing && remove.mutate([removing])}
        onCancel={() => setRemoving(null)}
      >
        {`${removing ?? ''} mister tilgangen til lokalet.`}
      </ConfirmDialog>
    </div>
  );
}
