import { Button, Fieldset, Heading, Paragraph, Textfield } from '@digdir/designsystemet-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useFieldArray, useForm } from 'react-hook-form';
import { saveAboutMutation, tenantInfoQuery } from '@lokaler/api-client/admin-location-setup';
import { locationAboutQuery } from '@lokaler/api-client/location-about';
import { useGuardedMutation } from '@lokaler/api-client/react/use-guarded-mutation';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import type { TenantInfoFields } from '@lokaler/domain/admin-location';
import type { LocationAbout } from '@lokaler/domain/location';
import { QueryLoader } from '@lokaler/ui/query-loader';
import { useUnsavedChangesGuard } from '@lokaler/ui/unsaved-changes-guard';
import { aboutFormDefaults, aboutFormSchema, aboutTextLabels, type AboutFormValues } from './about-values';
import { fieldId, SaveButton, SaveFailure, useSavedMessage } from './form-parts';
import { FormErrorSummary } from '@lokaler/ui/form-error-summary';
import { allowedMessageTags } from './location-info-values';
import type { SettingsFormProps } from './settings-form-props';
import './location-settings.css';

const FORM = 'about';
const MAX_LINKS = 10;

/** Step and section 'Om lån og leie': the three texts of the location page and the practical information for tenants. */
export function AboutForm(props: SettingsFormProps) {
  const about = useQuery(locationAboutQuery(props.locationId));
  const tenantInfo = useQuery(tenantInfoQuery(props.locationId));
  const both = about.data && tenantInfo.data !== undefined ? { about: about.data, tenantInfo: tenantInfo.data } : undefined;
  return (
    <QueryLoader
      query={{ data: both, error: about.error ?? tenantInfo.error, isPending: !both }}
      loadingLabel="Henter tekstene"
      describeFailure={loadFailureMessage}
    >
      {(data) => <AboutEditor {...props} {...data} />}
    </QueryLoader>
  );
}

function AboutEditor({
  locationId,
  mode,
  onSaved,
  about,
  tenantInfo,
}: SettingsFormProps & { about: LocationAbout; tenantInfo: TenantInfoFields | null }) {
  const queryClient = useQueryClient();
  const form = useForm<AboutFormValues, unknown, ReturnType<typeof aboutFormSchema.parse>>({
    // The error summary takes the focus after a refused save, not the first field.
    shouldFocusError: false,
    resolver: zodResolver(aboutFormSchema),
    defaultValues: aboutFormDefaults(about, tenantInfo),
  });
  const { register, formState, control } = form;
  const { errors } = formState;
  const links = useFieldArray({ control, name: 'tenantInfo.links' });
  const guard = useUnsavedChangesGuard(mode === 'settings' && formState.isDirty);
  const saved = useSavedMessage();
  const save = useGuardedMutation(saveAboutMutation(queryClient, locationId), {
    onSuccess: (_, body) => {
      form.reset(aboutFormDefaults(body.about, body.tenantInfo ?? tenantInfo));
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
        void form.handleSubmit((body) => {
          save.mutate(body);
        })(event)
      }
    >
      {guard.dialog}
      <Heading level={2} data-size="md" id={`${FORM}-title`}>
        Om lån og leie
      </Heading>
      <FormErrorSummary
        errors={errors}
        submitCount={formState.submitCount}
        idOf={(path) => fieldId(FORM, path)}
        heading="For å lagre må du rette opp følgende feil:"
      />
      <Fieldset>
        <Fieldset.Legend>Tekster på lokalets side</Fieldset.Legend>
        <Fieldset.Description>{`Du kan bruke enkel HTML: ${allowedMessageTags.map((t) => `<${t}>`).join(', ')}. Annen kode fjernes når du lagrer.`}</Fieldset.Description>
        {(Object.keys(aboutTextLabels) as (keyof LocationAbout)[]).map((name) => (
          <Textfield
            key={name}
            label={aboutTextLabels[name].label}
            description={aboutTextLabels[name].description}
            multiline
            rows={4}
            id={fieldId(FORM, `about.${name}`)}
            {...register(`about.${name}`)}
            error={errors.about?.[name]?.message}
          />
        ))}
      </Fieldset>
      <Fieldset>
        <Fieldset.Legend>Praktisk informasjon til leietakere</Fieldset.Legend>
        <Fieldset.Description>
          Sendes til leietakerne når søknaden er godkjent. La feltene stå tomme for å bruke standardteksten.
        </Fieldset.Description>
        <Textfield
          label="Overskrift"
          id={fieldId(FORM, 'tenantInfo.heading')}
          {...register('tenantInfo.heading')}
          error={errors.tenantInfo?.heading?.message}
        />
        <Textfield
          label="Beskrivelse"
          multiline
          rows={4}
          id={fieldId(FORM, 'tenantInfo.description')}
          {...register('tenantInfo.description')}
          error={errors.tenantInfo?.description?.message}
        />
        {links.fields.length === 0 && <Paragraph data-size="sm">Ingen lenker.</Paragraph>}
        {links.fields.map((field, index) => (
          <fieldset key={field.id} className="lk-link-row">
            <legend className="lk-visually-hidden">{`Lenke ${index + 1}`}</legend>
            <Textfield
              label={`Lenketekst ${index + 1}`}
              id={fieldId(FORM, `tenantInfo.links.${index}.linkText`)}
              {...register(`tenantInfo.links.${index}.linkText`)}
              error={errors.tenantInfo?.links?.[index]?.linkText?.message}
            />
            <Textfield
              label={`Nettadresse ${index + 1}`}
              type="url"
              id={fieldId(FORM, `tenantInfo.links.${index}.url`)}
              {...register(`tenantInfo.links.${index}.url`)}
              error={errors.tenantInfo?.links?.[index]?.url?.message}
            />
            <div>
              <Button variant="tertiary" data-size="sm" onClick={() => links.remove(index)}>
                {`Fjern lenke ${index + 1}`}
              </Button>
            </div>
          </fieldset>
        ))}
        {links.fields.length < MAX_LINKS && (
          <div>
            <Button variant="secondary" onClick={() => links.append({ linkText: '', url: '' })}>
              Legg til lenke
            </Button>
          </div>
        )}
      </Fieldset>
      <SaveFailure error={save.error} />
      {saved.message}
      <SaveButton mode={mode} busy={save.isPending} />
    </form>
  );
}
