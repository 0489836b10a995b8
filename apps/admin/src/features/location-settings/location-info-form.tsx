import { Fieldset, Heading, Textfield } from '@digdir/designsystemet-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { adminLocationDetailsQuery, saveLocationInfoMutation } from '@lokaler/api-client/admin-location-setup';
import { useGuardedMutation } from '@lokaler/api-client/react/use-guarded-mutation';
import { geographicAreasQuery } from '@lokaler/api-client/reference-data';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import type { AdminLocationDetails } from '@lokaler/domain/admin-location';
import type { GeographicArea } from '@lokaler/domain/geographic-area';
import { publicLocationTypes } from '@lokaler/domain/location';
import { QueryLoader } from '@lokaler/ui/query-loader';
import { useUnsavedChangesGuard } from '@lokaler/ui/unsaved-changes-guard';
import { locationTypeLabels } from '../../lib/location-type-labels';
import { fieldId, SaveButton, SaveFailure, SelectField, useSavedMessage } from './form-parts';
import { FormErrorSummary } from '@lokaler/ui/form-error-summary';
import { allowedMessageTags, locationInfoFormDefaults, locationInfoFormSchema, type LocationInfoFormValues } from './location-info-values';
import { PositionMap } from './lazy-position-map';
import type { SettingsFormProps } from './settings-form-props';
import './location-settings.css';

const FORM = 'info';
const id = (name: keyof LocationInfoFormValues) => fieldId(FORM, name);

/** Step 'Informasjon om lokalet' and settings section 'informasjon': every field of the location (spec 02 §3). */
export function LocationInfoForm(props: SettingsFormProps) {
  const location = useQuery(adminLocationDetailsQuery(props.locationId));
  const areas = useQuery(geographicAreasQuery());
  const both = location.data && areas.data ? { location: location.data, areas: areas.data } : undefined;
  return (
    <QueryLoader
      query={{ data: both, error: location.error ?? areas.error, isPending: !both }}
      loadingLabel="Henter informasjon om lokalet"
      describeFailure={loadFailureMessage}
    >
      {(data) => <LocationInfoEditor {...props} location={data.location} areas={data.areas} />}
    </QueryLoader>
  );
}

function LocationInfoEditor({
  locationId,
  mode,
  onSaved,
  location,
  areas,
}: SettingsFormProps & { location: AdminLocationDetails; areas: readonly GeographicArea[] }) {
  const queryClient = useQueryClient();
  const form = useForm<LocationInfoFormValues, unknown, ReturnType<typeof locationInfoFormSchema.parse>>({
    // The error summary takes the focus after a refused save, not the first field.
    shouldFocusError: false,
    resolver: zodResolver(locationInfoFormSchema),
    defaultValues: locationInfoFormDefaults(location),
  });
  const { register, formState, control, setValue } = form;
  const { errors } = formState;
  const guard = useUnsavedChangesGuard(mode === 'settings' && formState.isDirty);
  const saved = useSavedMessage();
  const save = useGuardedMutation(saveLocationInfoMutation(queryClient, locationId), {
    onSuccess: (_, body) => {
      form.reset(locationInfoFormDefaults({ ...location, ...body }));
      if (mode === 'settings') saved.show();
      onSaved?.();
    },
  });
  const [lat, lng] = useWatch({ control, name: ['lat', 'lng'] });
  const toNumber = (v: string) => (v.trim() === '' ? null : Number(v.replace(',', '.')));

  const text = (name: keyof LocationInfoFormValues) => ({ id: id(name), ...register(name), error: errors[name]?.message });

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
        Informasjon om lokalet
      </Heading>
      <FormErrorSummary
        errors={errors}
        submitCount={formState.submitCount}
        idOf={(path) => fieldId(FORM, path)}
        heading="For å lagre må du rette opp følgende feil:"
      />
      <Textfield label="Navn på lokalet" {...text('name')} required autoComplete="off" />
      <div className="lk-field-row">
        <SelectField
          label="Type lokale"
          {...register('publicLocationType')}
          id={id('publicLocationType')}
          error={errors.publicLocationType?.message}
        >
          {publicLocationTypes.map((t) => (
            <option key={t} value={t}>
              {locationTypeLabels[t]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Filterkategori"
          description="Kategorien lokalet vises under i søket."
          {...register('filterCategory')}
          id={id('filterCategory')}
          error={errors.filterCategory?.message}
        >
          {publicLocationTypes.map((t) => (
            <option key={t} value={t}>
              {locationTypeLabels[t]}
            </option>
          ))}
        </SelectField>
      </div>
      <SelectField
        label="Bydel"
        {...register('geographicAreaId')}
        id={id('geographicAreaId')}
        error={errors.geographicAreaId?.message}
        required
      >
        <option value="">Velg bydel</option>
        {areas.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}
          </option>
        ))}
      </SelectField>
      <Fieldset>
        <Fieldset.Legend>Adresse</Fieldset.Legend>
        <Textfield label="Gateadresse" {...text('streetAddress')} autoComplete="street-address" />
        <div className="lk-field-row">
          <Textfield label="Postnummer" {...text('postCode')} inputMode="numeric" autoComplete="postal-code" />
          <Textfield label="Poststed" {...text('city')} autoComplete="address-level2" />
        </div>
      </Fieldset>
      <Fieldset>
        <Fieldset.Legend>Kontakt</Fieldset.Legend>
        <div className="lk-field-row">
          <Textfield label="Telefonnummer" type="tel" {...text('phoneNumber')} />
          <Textfield label="E-post" type="email" {...text('contactEmail')} />
        </div>
        <Textfield label="Hjemmeside" description="For eksempel https://www.oslo.kommune.no/…" type="url" {...text('homepage')} />
        <Textfield
          label="Lenke til mer informasjon"
          description="En ekstern side om lokalet, om den finnes."
          type="url"
          {...text('externalUrl')}
        />
      </Fieldset>
      <Textfield label="Firmakode" description="Kommunens firmakode for lokalet (til regnskap og refusjon)." {...text('companyCode')} />
      <Textfield
        label="Informasjonsmelding"
        description={`Vises på lokalets side i portalen. Du kan bruke enkel HTML: ${allowedMessageTags.map((t) => `<${t}>`).join(', ')}. Annen kode fjernes når du lagrer.`}
        multiline
        rows={5}
        {...text('informationMessage')}
      />
      <Fieldset>
        <Fieldset.Legend>Plassering i kartet</Fieldset.Legend>
        <Fieldset.Description>Klikk i kartet der lokalet ligger, eller skriv inn koordinatene.</Fieldset.Description>
        <PositionMap
          lat={toNumber(lat)}
          lng={toNumber(lng)}
          onPick={(pickedLat, pickedLng) => {
            setValue('lat', String(pickedLat), { shouldDirty: true, shouldValidate: formState.isSubmitted });
            setValue('lng', String(pickedLng), { shouldDirty: true, shouldValidate: formState.isSubmitted });
          }}
        />
        <div className="lk-field-row">
          <Textfield label="Breddegrad" inputMode="decimal" {...text('lat')} />
          <Textfield label="Lengdegrad" inputMode="decimal" {...text('lng')} />
        </div>
      </Fieldset>
      <SaveFailure error={save.error} />
      {saved.message}
      <SaveButton mode={mode} busy={save.isPending} />
    </form>
  );
}
