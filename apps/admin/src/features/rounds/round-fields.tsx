import { Fieldset, Textfield } from '@digdir/designsystemet-react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { DateFieldControl } from '@lokaler/ui/date-field-control';
import { roundLimitLabels } from '@lokaler/domain/application-rounds';
import { roundLimitFields, type RoundDatesFormValues } from './round-form';

/** The round's name, application period, semester and limits: the fields the new round's form and the form that changes a round share. */
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
      <Fieldset>
        <Fieldset.Legend>Rettferdig fordeling i runden</Fieldset.Legend>
        <Fieldset.Description>
          Hva én søker (en person, eller en organisasjon samlet) kan søke om i runden. En endring gjelder søknader som kommer inn etter den.
        </Fieldset.Description>
        {roundLimitFields.map((name) => (
          <Textfield
            key={name}
            label={roundLimitLabels[name]}
            inputMode="numeric"
            id={`lk-round-${name}`}
            {...fields.register(name)}
            error={errors[name]?.message}
            autoComplete="off"
          />
        ))}
      </Fieldset>
    </>
  );
}
