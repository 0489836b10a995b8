import { Checkbox, Heading, Link } from '@digdir/designsystemet-react';
import { useFormContext } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import type { WeddingWizardStep } from '@lokaler/domain/wedding-application-texts';
import { fieldId } from './informasjon-step';
import { languageLabels, stepTitles, yesNoLabels, type WeddingFormValues, type YesNoUnsure } from './wedding-form-values';

const answer = (value: string) => (value.trim() === '' ? 'Ikke oppgitt' : value.trim());
const yesNo = (value: YesNoUnsure) => (value === '' ? 'Ikke oppgitt' : yesNoLabels[value]);
const language = (value: string) => languageLabels[value] ?? answer(value);

function Answers({
  title,
  step,
  stepHref,
  rows,
}: {
  title: string;
  step: WeddingWizardStep;
  stepHref: (step: WeddingWizardStep) => string;
  rows: readonly (readonly [string, string])[];
}) {
  return (
    <section className="lk-stack" aria-labelledby={`vielse-summary-${step}`}>
      <Heading level={3} data-size="xs" id={`vielse-summary-${step}`}>
        {title}
      </Heading>
      <dl className="lk-wedding-answers">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Link asChild>
        <RouterLink to={stepHref(step)}>Endre {stepTitles[step].toLowerCase()}</RouterLink>
      </Link>
    </section>
  );
}

/** Step 3 (spec 02 §2 oppsummering): every answer, and the declaration. */
export function OppsummeringStep({ stepHref }: { stepHref: (step: WeddingWizardStep) => string }) {
  const {
    register,
    getValues,
    formState: { errors },
  } = useFormContext<WeddingFormValues>();
  const v = getValues();
  return (
    <>
      <Answers
        title="Om dere"
        step="informasjon"
        stepHref={stepHref}
        rows={[
          ['Navn', answer(v.applicantName)],
          ['E-post', answer(v.applicantEmail)],
          ['Telefonnummer', answer(v.applicantPhoneNo)],
          ['Fødselsnummer', v.applicantSsn.trim() ? 'Oppgitt' : 'Ikke oppgitt'],
          ['Adresse', `${answer(v.addressStreetName)}, ${v.addressPostCode.trim()} ${v.addressPostalName.trim()}`],
          ['Kommende ektefelle', answer(v.spouseName)],
          ['E-post til kommende ektefelle', answer(v.spouseEmail)],
          ['Telefonnummer til kommende ektefelle', answer(v.spousePhoneNo)],
        ]}
      />
      <Answers
        title="Gjennomføring"
        step="gjennomforing"
        stepHref={stepHref}
        rows={[
          ['Språk for vielsen', language(v.eventLanguage)],
          [
            'Tolk',
            v.weddingInterpreterRequired === 'ja' ? `Ja, ${answer(v.weddingInterpreterLanguage)}` : yesNo(v.weddingInterpreterRequired),
          ],
          ['Språk vi kontakter dere på', language(v.preferredContactLanguage)],
          [
            'Kulturelt innslag',
            v.weddingCulturalSegmentDesired === 'ja' ? `Ja: ${answer(v.weddingCulturalSegment)}` : yesNo(v.weddingCulturalSegmentDesired),
          ],
          ['Tilrettelegging', v.needsAccommodation === 'ja' ? `Ja: ${answer(v.accommodationDetails)}` : yesNo(v.needsAccommodation)],
          ['Annen informasjon', answer(v.extraInformation)],
          ['Prøvingsattest', v.submitProevingsattestNow === 'ja' ? `Sendes nå: ${answer(v.proevingsattestFileName)}` : 'Sendes senere'],
        ]}
      />
      <Checkbox
        id={fieldId('declarationAccepted')}
        label="Jeg bekrefter at opplysningene er riktige, og at vi oppfyller vilkårene for å gifte oss i Norge."
        error={errors.declarationAccepted?.message}
        {...register('declarationAccepted')}
      />
    </>
  );
}
