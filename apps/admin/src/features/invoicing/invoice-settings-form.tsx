import { useId } from 'react';
import { Alert, Button, Checkbox, Heading, Paragraph, Textfield } from '@digdir/designsystemet-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { invoiceSettingsQuery, saveInvoiceSettingsMutation } from '@lokaler/api-client/admin-invoicing';
import { useGuardedMutation } from '@lokaler/api-client/react/use-guarded-mutation';
import { loadFailureMessage, userMessageOf } from '@lokaler/api-client/user-message';
import { preferencesSavedMessage } from '@lokaler/domain/admin-location';
import type { InvoiceSettings } from '@lokaler/domain/invoices';
import { FormErrorSummary } from '@lokaler/ui/form-error-summary';
import { QueryLoader } from '@lokaler/ui/query-loader';
import { useToasts } from '@lokaler/ui/toasts';
import { useUnsavedChangesGuard } from '@lokaler/ui/unsaved-changes-guard';
import { settingsForm, settingsFormValues, type SettingsFormValues } from './invoicing-forms';

/**
 * 'Fakturainnstillinger': the location's own invoicing switch (besides the organisations' switch,
 * decision 071) and its payment terms, checked by the contract's schema and saved by PUT; a refusal
 * shows the server's message as every settings form does.
 */
export function InvoiceSettingsSection({ locationId }: { locationId: number }) {
  const settings = useQuery(invoiceSettingsQuery(locationId));
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="lk-section">
      <Heading level={2} data-size="sm" id={titleId}>
        Fakturainnstillinger
      </Heading>
      <QueryLoader query={settings} loadingLabel="Henter fakturainnstillingene" describeFailure={loadFailureMessage}>
        {(data) => <SettingsForm locationId={locationId} settings={data} />}
      </QueryLoader>
    </section>
  );
}

function SettingsForm({ locationId, settings }: { locationId: number; settings: InvoiceSettings }) {
  const queryClient = useQueryClient();
  const { showToast } = useToasts();
  const id = useId();
  const form = useForm<SettingsFormValues, unknown, InvoiceSettings>({
    resolver: zodResolver(settingsForm),
    // The error summary takes the focus after a refused save (decision 020).
    shouldFocusError: false,
    defaultValues: settingsFormValues(settings),
  });
  const { errors, submitCount, isDirty } = form.formState;
  const guard = useUnsavedChangesGuard(isDirty);
  const save = useGuardedMutation(saveInvoiceSettingsMutation(queryClient, locationId), {
    // The fields show what was sent and saved (the settings are read again by the factory's refresh).
    onSuccess: (_, saved) => {
      form.reset(settingsFormValues(saved));
      showToast({ type: 'success', msg: preferencesSavedMessage });
    },
  });
  return (
    <form
      noValidate
      className="lk-stack lk-narrow"
      aria-label="Fakturainnstillinger"
      onSubmit={(e) => void form.handleSubmit((body) => save.mutate(body))(e)}
    >
      {guard.dialog}
      <FormErrorSummary
        errors={errors}
        submitCount={submitCount}
        idOf={(path) => `${id}-${path}`}
        heading="For å lagre må du rette opp følgende feil:"
      />
      <Checkbox
        id={`${id}-enabled`}
        label="Fakturer leie ved dette lokalet"
        description="Alle bookinger med pris fastsatt i godkjenningen faktureres: organisasjoner med EHF, personer fra kommunens økonomisystem. Uten dette faktureres bare organisasjoner som har fakturering slått på."
        {...form.register('enabled')}
      />
      <Textfield
        id={`${id}-paymentTermsDays`}
        label="Betalingsfrist (dager)"
        description="Dager fra fakturadato til forfall, mellom 7 og 60."
        inputMode="numeric"
        className="lk-invoicing-short-field"
        {...form.register('paymentTermsDays')}
        error={errors.paymentTermsDays?.message}
      />
      {save.error ? (
        <Alert data-color="danger" role="alert">
          <Paragraph>{userMessageOf(save.error)}</Paragraph>
        </Alert>
      ) : null}
      <div>
        <Button type="submit" loading={save.isPending} disabled={save.isPending}>
          Lagre
        </Button>
      </div>
    </form>
  );
}
