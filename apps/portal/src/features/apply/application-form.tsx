import { useMemo } from 'react';
import { Button, Field, Label, Select, Textfield, ValidationMessage } from '@digdir/designsystemet-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ageGroupLabels, ageGroups } from '@lokaler/domain/application-rounds';
import type { BookingFormAnswers } from '@lokaler/domain/booking';
import {
  applicationFieldLabels,
  applicationFields,
  applicationFormLayout,
  applicationFormSchema,
  formTheme,
  type ApplicationField,
} from '@lokaler/domain/booking-create-form';
import type { BookingFlowTheme } from '@lokaler/domain/booking-flow';
import type { ApplicationValues } from './application-store';
import { FormErrorSummary } from '@lokaler/ui/form-error-summary';

const inputProps: Partial<
  Record<ApplicationField, { type?: 'email' | 'tel' | 'text'; inputMode?: 'numeric'; autoComplete?: string; multiline?: boolean }>
> = {
  purpose: { multiline: true },
  participants: { inputMode: 'numeric', autoComplete: 'off' },
  contactEmail: { type: 'email', autoComplete: 'email' },
  contactPhone: { type: 'tel', autoComplete: 'tel' },
  message: { multiline: true },
};

interface ApplicationFormProps {
  themes: readonly BookingFlowTheme[];
  defaultValues: ApplicationValues;
  submitLabel: string;
  /** The request repeats (a semester loan): the age group is asked whatever the theme (decision 029). */
  isRepeating?: boolean;
  onSubmit: (values: ApplicationValues, answers: BookingFormAnswers) => void;
}

/**
 * The application form of /send, themed by the rooms' booking flows (school, wedding, bicycle,
 * default). It validates with the same zod schema as POST /api/booking, so it asks exactly what the
 * server requires, with the same messages.
 */
export function ApplicationForm({ themes, defaultValues, submitLabel, isRepeating = false, onSubmit }: ApplicationFormProps) {
  // The same themes in a new array are the same form: the schema follows their content, not identity.
  const themesKey = [...new Set(themes)].sort().join(',');
  const schema = useMemo(() => applicationFormSchema(themesKey ? (themesKey.split(',') as BookingFlowTheme[]) : []), [themesKey]);
  const layout = applicationFormLayout(themes);
  const labels = applicationFieldLabels[formTheme(themes)];
  const asksAgeGroup = formTheme(themes) === 'school' || isRepeating;
  const { register, handleSubmit, getValues, formState } = useForm({
    resolver: zodResolver(schema),
    defaultValues,
    shouldFocusError: false,
  });

  const submit = handleSubmit((answers) => onSubmit(getValues() as ApplicationValues, answers));
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="lk-stack lk-application-form">
      <FormErrorSummary errors={formState.errors} submitCount={formState.submitCount} heading="For å sende må du rette opp følgende:" />
      {applicationFields
        .filter((field) => layout[field] !== 'hidden' && (field !== 'ageGroup' || asksAgeGroup))
        .map((field) => {
          const props = inputProps[field] ?? {};
          const label = layout[field] === 'optional' ? `${labels[field]} (valgfritt)` : labels[field];
          const error = formState.errors[field]?.message;
          if (field === 'ageGroup') {
            return (
              <Field key={field}>
                <Label>{label}</Label>
                <Select aria-invalid={error ? true : undefined} {...register(field)}>
                  <Select.Option value="">Velg aldersgruppe</Select.Option>
                  {ageGroups.map((group) => (
                    <Select.Option key={group} value={group}>
                      {ageGroupLabels[group]}
                    </Select.Option>
                  ))}
                </Select>
                {error && <ValidationMessage>{error}</ValidationMessage>}
              </Field>
            );
          }
          return props.multiline ? (
            <Textfield key={field} multiline rows={4} label={label} error={error} {...register(field)} />
          ) : (
            <Textfield
              key={field}
              label={label}
              error={error}
              type={props.type ?? 'text'}
              inputMode={props.inputMode}
              autoComplete={props.autoComplete}
              {...register(field)}
            />
          );
        })}
      <div>
        <Button type="submit">{submitLabel}</Button>
      </div>
    </form>
  );
}
