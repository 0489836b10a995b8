import { Fieldset, Textfield } from '@digdir/designsystemet-react';
import { useFormContext } from 'react-hook-form';
import type { WeddingFormValues } from './wedding-form-values';

export const fieldId = (name: keyof WeddingFormValues) => `vielse-${name}`;

/** Step 1 (spec 02 §2 informasjon): the applicant and the spouse-to-be. */
export function InformasjonStep() {
  const {
    register,
    formState: { errors },
  } = useFormContext<WeddingFormValues>();
  const field = (name: keyof WeddingFormValues) => ({ id: fieldId(name), error: errors[name]?.message, ...register(name) });
  return (
    <>
      <Fieldset>
        <Fieldset.Legend>Om deg</Fieldset.Legend>
        <Textfield label="Navn" autoComplete="name" {...field('applicantName')} />
        <Textfield
          label="E-post (valgfritt)"
          description="Fyll inn hvis vi skal bruke en annen e-postadresse enn den du logget inn med."
          type="email"
          autoComplete="email"
          {...field('applicantEmail')}
        />
        <Textfield label="Telefonnummer" type="tel" autoComplete="tel" {...field('applicantPhoneNo')} />
        <Textfield
          label="Fødselsnummer (valgfritt)"
          description="11 siffer"
          inputMode="numeric"
          autoComplete="off"
          {...field('applicantSsn')}
        />
        <Textfield label="Adresse" autoComplete="street-address" {...field('addressStreetName')} />
        <Textfield label="Postnummer" inputMode="numeric" autoComplete="postal-code" {...field('addressPostCode')} />
        <Textfield label="Poststed" autoComplete="address-level2" {...field('addressPostalName')} />
      </Fieldset>
      <Fieldset>
        <Fieldset.Legend>Kommende ektefelle</Fieldset.Legend>
        <Textfield label="Navn på kommende ektefelle" autoComplete="off" {...field('spouseName')} />
        <Textfield label="E-post til kommende ektefelle" type="email" autoComplete="off" {...field('spouseEmail')} />
        <Textfield label="Telefonnummer til kommende ektefelle" type="tel" autoComplete="off" {...field('spousePhoneNo')} />
      </Fieldset>
    </>
  );
}
