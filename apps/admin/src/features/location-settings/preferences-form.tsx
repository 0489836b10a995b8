import { Checkbox, Fieldset, Heading, Textfield } from '@digdir/designsystemet-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { bookingRulesQuery, locationPreferencesQuery, savePreferencesAndRulesMutation } from '@lokaler/api-client/admin-location-setup';
import { useGuardedMutation } from '@lokaler/api-client/react/use-guarded-mutation';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import type { LocationPreferences } from '@lokaler/domain/admin-location';
import {
  bookingRuleLabels,
  bookingRuleNames,
  fairShareLimitOfRule,
  fairShareRuleNames,
  type BookingRules,
} from '@lokaler/domain/admin-location-rules';
import { fairShareLimitLabels } from '@lokaler/domain/fair-share';
import { QueryLoader } from '@lokaler/ui/query-loader';
import { useUnsavedChangesGuard } from '@lokaler/ui/unsaved-changes-guard';
import { fieldId, SaveButton, SaveFailure, useSavedMessage } from './form-parts';
import { FormErrorSummary } from '@lokaler/ui/form-error-summary';
import { preferenceLabels, preferencesFormDefaults, preferencesFormSchema, type PreferencesFormValues } from './preferences-values';
import type { SettingsFormProps } from './settings-form-props';
import './location-settings.css';

const FORM = 'preferences';

/** Step and section 'Innstillinger': behandlingstid, minimum duration, what citizens may book, and the booking rules. */
export function PreferencesForm(props: SettingsFormProps) {
  const preferences = useQuery(locationPreferencesQuery(props.locationId));
  const rules = useQuery(bookingRulesQuery(props.locationId));
  const both = preferences.data && rules.data ? { preferences: preferences.data, rules: rules.data } : undefined;
  return (
    <QueryLoader
      query={{ data: both, error: preferences.error ?? rules.error, isPending: !both }}
      loadingLabel="Henter innstillingene"
      describeFailure={loadFailureMessage}
    >
      {(data) => <PreferencesEditor {...props} {...data} />}
    </QueryLoader>
  );
}

function PreferencesEditor({
  locationId,
  mode,
  onSaved,
  preferences,
  rules,
}: SettingsFormProps & { preferences: LocationPreferences; rules: BookingRules }) {
  const queryClient = useQueryClient();
  const form = useForm<PreferencesFormValues, unknown, ReturnType<typeof preferencesFormSchema.parse>>({
    // The error summary takes the focus after a refused save, not the first field.
    shouldFocusError: false,
    resolver: zodResolver(preferencesFormSchema),
    defaultValues: preferencesFormDefaults(preferences, rules),
  });
  const { register, formState } = form;
  const { errors } = formState;
  const guard = useUnsavedChangesGuard(mode === 'settings' && formState.isDirty);
  const saved = useSavedMessage();
  const save = useGuardedMutation(savePreferencesAndRulesMutation(queryClient, locationId), {
    onSuccess: (_, body) => {
      form.reset(preferencesFormDefaults(body.preferences, { ...rules, ...body.rules }));
      if (mode === 'settings') saved.show();
      onSaved?.();
    },
  });

  return (
    <form
      noValidate
      className="lk-settings-form"
      aria-labelledby={`${FORM}-title`}
      onSubmit={(event) =>
        void form.handleSubmit(({ rules: newRules, ...newPreferences }) => {
          save.mutate({ preferences: newPreferences, rules: newRules });
        })(event)
      }
    >
      {guard.dialog}
      <Heading level={2} data-size="md" id={`${FORM}-title`}>
        Innstillinger
      </Heading>
      <FormErrorSummary
        errors={errors}
        submitCount={formState.submitCount}
        idOf={(path) => fieldId(FORM, path)}
        heading="For å lagre må du rette opp følgende feil:"
      />
      <div className="lk-field-row">
        <Textfield
          label="Behandlingstid (dager)"
          description="Hvor mange dager søkerne kan regne med at det tar å behandle en søknad."
          inputMode="numeric"
          id={fieldId(FORM, 'behandlingstid')}
          {...register('behandlingstid')}
          error={errors.behandlingstid?.message}
          required
        />
        <Textfield
          label="Minste varighet per booking (minutter)"
          description="Delelig med 15. La stå tom for ingen grense."
          inputMode="numeric"
          id={fieldId(FORM, 'minBookingDurationMinutes')}
          {...register('minBookingDurationMinutes')}
          error={errors.minBookingDurationMinutes?.message}
        />
      </div>
      <Fieldset>
        <Fieldset.Legend>Innbyggernes søknader</Fieldset.Legend>
        {(Object.keys(preferenceLabels) as (keyof typeof preferenceLabels)[]).map((name) => (
          <Checkbox key={name} label={preferenceLabels[name]} id={fieldId(FORM, name)} {...register(name)} />
        ))}
      </Fieldset>
      <Fieldset>
        <Fieldset.Legend>Regler for behandling</Fieldset.Legend>
        {bookingRuleNames.map((name) => (
          <Checkbox key={name} label={bookingRuleLabels[name]} id={fieldId(FORM, `rules.${name}`)} {...register(`rules.${name}`)} />
        ))}
      </Fieldset>
      <Fieldset>
        <Fieldset.Legend>Rettferdig fordeling</Fieldset.Legend>
        <Fieldset.Description>
          Hva én søker (en person, eller en organisasjon samlet) kan ha til behandling her samtidig. La et felt stå tomt for å bruke
          kommunens standard.
        </Fieldset.Description>
        <div className="lk-field-row">
          {fairShareRuleNames.map((name) => (
            <Textfield
              key={name}
              label={fairShareLimitLabels[fairShareLimitOfRule[name]]}
              inputMode="numeric"
              id={fieldId(FORM, `rules.${name}`)}
              {...register(`rules.${name}`)}
              error={errors.rules?.[name]?.message}
            />
          ))}
        </div>
      </Fieldset>
      <SaveFailure error={save.error} />
      {saved.message}
      <SaveButton mode={mode} busy={save.isPending} />
    </form>
  );
}
