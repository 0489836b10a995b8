import { Field, Label, Select, Textfield, ValidationMessage } from '@digdir/designsystemet-react';
import { useFormContext } from 'react-hook-form';
import { interpreterLanguages, weddingLanguages } from '@lokaler/domain/wedding-application-texts';
import { CertificateField } from './certificate-field';
import { ChoiceFieldset } from './choice-fieldset';
import { fieldId } from './informasjon-step';
import { languageLabels, yesNoLabels, type WeddingFormValues } from './wedding-form-values';

const yesNo = [
  { value: 'ja', label: yesNoLabels.ja },
  { value: 'nei', label: yesNoLabels.nei },
] as const;
const yesNoUnsure = [...yesNo, { value: 'usikker', label: yesNoLabels.usikker }] as const;
const languages = weddingLanguages.map((l) => ({ value: l, label: languageLabels[l] ?? l }));
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Step 2 (spec 02 §2 gjennomforing): the ceremony — languages, interpreter, cultural segment, accommodation, the certificate. */
export function GjennomforingStep() {
  const {
    register,
    watch,
    formState: { errors },
  } = useFormContext<WeddingFormValues>();
  const error = (name: keyof WeddingFormValues) => errors[name]?.message;
  const text = (name: keyof WeddingFormValues) => ({ id: fieldId(name), error: error(name), ...register(name) });
  const interpreterError = error('weddingInterpreterLanguage');
  const interpreterId = fieldId('weddingInterpreterLanguage');

  return (
    <>
      <ChoiceFieldset
        id={fieldId('eventLanguage')}
        legend="Hvilket språk skal vielsen være på?"
        options={languages}
        error={error('eventLanguage')}
        registration={register('eventLanguage')}
      />
      <ChoiceFieldset
        id={fieldId('weddingInterpreterRequired')}
        legend="Trenger dere tolk?"
        options={yesNo}
        error={error('weddingInterpreterRequired')}
        registration={register('weddingInterpreterRequired')}
      >
        {watch('weddingInterpreterRequired') === 'ja' && (
          <Field>
            <Label htmlFor={interpreterId}>Språk for tolken</Label>
            <Select
              id={interpreterId}
              aria-invalid={interpreterError ? true : undefined}
              aria-describedby={interpreterError ? `${interpreterId}-error` : undefined}
              {...register('weddingInterpreterLanguage')}
            >
              <Select.Option value="">Velg språk</Select.Option>
              {interpreterLanguages.map((l) => (
                <Select.Option key={l} value={l}>
                  {capitalize(l)}
                </Select.Option>
              ))}
            </Select>
            {interpreterError && <ValidationMessage id={`${interpreterId}-error`}>{interpreterError}</ValidationMessage>}
          </Field>
        )}
      </ChoiceFieldset>
      <ChoiceFieldset
        id={fieldId('preferredContactLanguage')}
        legend="Hvilket språk vil dere at vi kontakter dere på?"
        options={languages}
        error={error('preferredContactLanguage')}
        registration={register('preferredContactLanguage')}
      />
      <ChoiceFieldset
        id={fieldId('weddingCulturalSegmentDesired')}
        legend="Ønsker dere et kulturelt innslag under vielsen?"
        description="For eksempel musikk eller opplesning, inntil 5 minutter."
        options={yesNoUnsure}
        error={error('weddingCulturalSegmentDesired')}
        registration={register('weddingCulturalSegmentDesired')}
      >
        {watch('weddingCulturalSegmentDesired') === 'ja' && (
          <Textfield label="Beskriv det kulturelle innslaget" multiline rows={3} {...text('weddingCulturalSegment')} />
        )}
      </ChoiceFieldset>
      <ChoiceFieldset
        id={fieldId('needsAccommodation')}
        legend="Trenger dere tilrettelegging?"
        description="For eksempel trinnfri adkomst eller teleslynge."
        options={yesNo}
        error={error('needsAccommodation')}
        registration={register('needsAccommodation')}
      >
        {watch('needsAccommodation') === 'ja' && (
          <Textfield label="Hva trenger dere av tilrettelegging?" multiline rows={3} {...text('accommodationDetails')} />
        )}
      </ChoiceFieldset>
      <Textfield label="Annen informasjon (valgfritt)" multiline rows={4} {...text('extraInformation')} />
      <ChoiceFieldset
        id={fieldId('submitProevingsattestNow')}
        legend="Vil du sende prøvingsattesten nå?"
        description="Prøvingsattesten er gyldig i 4 måneder og tar 5–6 uker å få. Den må sendes inn senest 4 uker før vielsen. Du kan også laste den opp senere fra bookingen din."
        options={yesNo}
        error={error('submitProevingsattestNow')}
        registration={register('submitProevingsattestNow')}
      >
        {watch('submitProevingsattestNow') === 'ja' && <CertificateField />}
      </ChoiceFieldset>
    </>
  );
}
