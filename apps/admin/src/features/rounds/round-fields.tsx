import { Fieldset, Textfield } from '@digdir/designsystemet-react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { DateFieldControl } from '@lokaler/ui/date-field-control';
import type { RoundDatesFormValues } from './round-form';

/** The round's name, application period and semester: the fields the new round's form and the form that changes a round share. */
export function RoundNameAndDateFields<T extends FieldValues & RoundDatesFormValues>({ form }: { form: UseFormReturn<T> }) {
  // The fields are the same in both forms; react-hook-form's paths cannot be narrowed from a generic form.
  const fields = form as unknown as UseFormReturn<RoundDatesFormValues>;
  const { errors } = fields.formState;
  return (
    <>
      <Textfield
        label="Navn på runden"
        description="For eksempel «Skolelokaler våren 2027»"
        id="lk-round-name"
        {...fields.register('name')}
        error={errors.name?.message}
        autoComplete="off"
      />
      <Fieldset>
        <Fieldset.Legend>Søknadsperiode</Fieldset.Legend>
        <Fieldset.Description>Søknader om faste tider i semesteret som kommer inn i perioden, samles i runden.</Fieldset.Description>
        <DateFieldControl control={fields.control} name="applicationStart" label="Søknadsperioden starter" />
        <DateFieldControl control={fields.control} name="deadline" label="Søknadsfrist" />
      </Fieldset>
      <Fieldset>
        <Fieldset.Legend>Semester</Fieldset.Legend>
        <DateFieldControl control={fields.control} name="semesterStart" label="Semesteret starter" />
        <DateFieldControl control={fields.control} name="semesterEnd" label="Semesteret slutter" />
      </Fieldset>
    </>
  );
}
