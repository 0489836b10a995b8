import { useId, useRef } from 'react';
import { Alert, Button, Fieldset, Heading, Paragraph, Textfield } from '@digdir/designsystemet-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { FormProvider, useFieldArray, useForm, useFormContext, useWatch } from 'react-hook-form';
import { openingHoursQuery, saveOpeningHoursMutation } from '@lokaler/api-client/admin-location-schedule';
import { useGuardedMutation } from '@lokaler/api-client/react/use-guarded-mutation';
import { loadFailureMessage, userMessageOf } from '@lokaler/api-client/user-message';
import { openingHoursBody, wizardOpeningHoursBody, type OpeningHoursBody } from '@lokaler/domain/opening-hours';
import { QueryLoader } from '@lokaler/ui/query-loader';
import { useToasts } from '@lokaler/ui/toasts';
import { useUnsavedChangesGuard } from '@lokaler/ui/unsaved-changes-guard';
import { FormErrorSummary } from '@lokaler/ui/form-error-summary';
import { errorAt, fieldId } from './field-paths';
import { toFormValues, type OpeningHoursFormValues } from './opening-hours-values';
import { WeekFields } from './opening-hours-week-fields';
import type { SettingsFormProps } from './settings-form-props';
import './opening-hours.css';
import { DateFieldControl } from '@lokaler/ui/date-field-control';

export const OPENING_HOURS_SAVED = 'Åpningstidene ble lagret';

/**
 * A location's opening hours (decision 015): the standard week, several intervals
 * a weekday, and seasonal periods with their own week. Validated by openingHoursBody, saved whole
 * in one PUT.
 */
export function OpeningHoursForm(props: SettingsFormProps) {
  return (
    <QueryLoader
      query={useQuery(openingHoursQuery(props.locationId))}
      loadingLabel="Henter åpningstidene"
      describeFailure={loadFailureMessage}
    >
      {(hours) => <OpeningHoursEditor {...props} hours={hours} />}
    </QueryLoader>
  );
}

function OpeningHoursEditor({ locationId, mode, onSaved, hours }: SettingsFormProps & { hours: OpeningHoursBody }) {
  const prefix = useId().replace(/:/g, '');
  const { showToast } = useToasts();
  // The wizard asks for an open weekday before 'Lagre og gå videre' (a location without hours cannot be published).
  const form = useForm<OpeningHoursFormValues, unknown, OpeningHoursBody>({
    resolver: zodResolver(mode === 'wizard' ? wizardOpeningHoursBody : openingHoursBody),
    defaultValues: toFormValues(hours),
    shouldFocusError: false,
  });
  const { control, formState, handleSubmit, reset } = form;
  const periods = useFieldArray({ control, name: 'periods' });
  const guard = useUnsavedChangesGuard(mode === 'settings' && formState.isDirty);
  const addPeriodButton = useRef<HTMLButtonElement>(null);

  const save = useGuardedMutation(saveOpeningHoursMutation(locationId), {
    onSuccess: (stored) => {
      reset(toFormValues(stored));
      if (mode === 'wizard') onSaved?.();
      else {
        showToast({ type: 'success', msg: OPENING_HOURS_SAVED });
        onSaved?.();
      }
    },
  });

  const submit = handleSubmit((body) => save.mutate(body));
  return (
    <FormProvider {...form}>
      <form className="lk-stack lk-opening-hours" onSubmit={(event) => void submit(event)} noValidate aria-label="Åpningstider">
        <FormErrorSummary
          errors={formState.errors}
          submitCount={formState.submitCount}
          idOf={(path) => fieldId(prefix, path)}
          heading="Du må rette opp følgende før du kan lagre:"
        />
        <section className="lk-stack" aria-labelledby={`${prefix}-standard-heading`}>
          <Heading level={2} data-size="sm" id={`${prefix}-standard-heading`}>
            Faste åpningstider
          </Heading>
          <Paragraph data-size="sm">
            Legg til ett eller flere tidsrom for hver dag lokalet er åpent. En dag uten tidsrom er stengt.
          </Paragraph>
          <WeekFields name="standard" prefix={prefix} context="faste åpningstider" />
        </section>
        <section className="lk-stack" aria-labelledby={`${prefix}-periods-heading`}>
          <Heading level={2} data-size="sm" id={`${prefix}-periods-heading`}>
            Sesongperioder
          </Heading>
          <Paragraph data-size="sm">
            I en sesongperiode (for eksempel sommer) gjelder periodens egne åpningstider i stedet for de faste.
          </Paragraph>
          {periods.fields.map((period, index) => (
            <PeriodFields
              key={period.id}
              index={index}
              prefix={prefix}
              onRemove={() => {
                periods.remove(index);
                // The removed period's button is gone; the add button keeps the keyboard in the section.
                addPeriodButton.current?.focus();
              }}
            />
          ))}
          <div>
            <Button
              ref={addPeriodButton}
              variant="secondary"
              onClick={() => periods.append({ name: '', fromDate: '', toDate: '', hours: [] })}
            >
              Legg til sesongperiode
            </Button>
          </div>
        </section>
        {save.error && (
          <Alert data-color="danger" role="alert">
            <Paragraph>{userMessageOf(save.error)}</Paragraph>
          </Alert>
        )}
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Lagrer …' : mode === 'wizard' ? 'Lagre og gå videre' : 'Lagre'}
          </Button>
        </div>
      </form>
      {guard.dialog}
    </FormProvider>
  );
}

function PeriodFields({ index, prefix, onRemove }: { index: number; prefix: string; onRemove: () => void }) {
  const { control, register, formState } = useFormContext();
  const name = useWatch({ control, name: `periods.${index}.name` }) as string;
  const error = (field: string) => errorAt(formState.errors, `periods.${index}.${field}`);
  const title = `Sesongperiode ${index + 1}${name?.trim() ? `: ${name.trim()}` : ''}`;
  return (
    <Fieldset className="lk-opening-period">
      <Fieldset.Legend>{title}</Fieldset.Legend>
      <div className="lk-opening-period__fields">
        <Textfield
          id={fieldId(prefix, `periods.${index}.name`)}
          label="Navn på perioden"
          {...register(`periods.${index}.name`)}
          error={error('name')}
        />
        <DateFieldControl
          control={control}
          name={`periods.${index}.fromDate`}
          id={fieldId(prefix, `periods.${index}.fromDate`)}
          label="Fra og med dato"
          error={error('fromDate')}
        />
        <DateFieldControl
          control={control}
          name={`periods.${index}.toDate`}
          id={fieldId(prefix, `periods.${index}.toDate`)}
          label="Til og med dato"
          error={error('toDate')}
        />
      </div>
      <WeekFields name={`periods.${index}.hours`} prefix={prefix} context={title.toLowerCase()} />
      <div>
        <Button variant="tertiary" data-color="danger" onClick={onRemove}>
          Fjern sesongperiode <span className="lk-visually-hidden">{index + 1}</span>
        </Button>
      </div>
    </Fieldset>
  );
}
