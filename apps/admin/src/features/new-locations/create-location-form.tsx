import { Alert, Button, Field, Heading, Label, Paragraph, Select, Textfield, ValidationMessage } from '@digdir/designsystemet-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { createLocationMutation } from '@lokaler/api-client/admin-new-location';
import { useGuardedMutation } from '@lokaler/api-client/react/use-guarded-mutation';
import { geographicAreasQuery } from '@lokaler/api-client/reference-data';
import { loadFailureMessage, userMessageOf } from '@lokaler/api-client/user-message';
import { createLocationBody, type CreateLocationBody } from '@lokaler/domain/admin-location';
import { publicLocationTypes } from '@lokaler/domain/location';
import { LoadFailureAlert } from '@lokaler/ui/query-loader';
import { useUnsavedChangesGuard } from '@lokaler/ui/unsaved-changes-guard';
import { locationTypeLabels } from '../../lib/location-type-labels';
import { FormErrorSummary } from '@lokaler/ui/form-error-summary';

type CreateLocationValues = z.input<typeof createLocationBody>;

const ids = { name: 'lk-new-name', publicLocationType: 'lk-new-type', geographicAreaId: 'lk-new-area', adminEmail: 'lk-new-email' };

/** A new location and its first administrator's invitation (decision 015): the e-mail carries the link. */
export function CreateLocationForm() {
  const queryClient = useQueryClient();
  const areas = useQuery(geographicAreasQuery());
  const [created, setCreated] = useState<string | null>(null);
  const form = useForm<CreateLocationValues, unknown, CreateLocationBody>({
    resolver: zodResolver(createLocationBody),
    shouldFocusError: false,
    defaultValues: { name: '', publicLocationType: 'SCHOOLS', geographicAreaId: '', adminEmail: '' },
  });
  const { errors } = form.formState;
  const guard = useUnsavedChangesGuard(form.formState.isDirty);
  const create = useGuardedMutation(createLocationMutation(queryClient), {
    onSuccess: ({ invitation }) => {
      form.reset();
      setCreated(`${invitation.locationName} er opprettet. Invitasjonen er sendt til ${invitation.email}.`);
    },
  });
  const select = (name: 'publicLocationType' | 'geographicAreaId') => ({
    id: ids[name],
    ...form.register(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${ids[name]}-error` : undefined,
  });

  return (
    <form
      noValidate
      className="lk-stack lk-narrow"
      aria-labelledby="lk-new-location-title"
      onSubmit={(event) =>
        void form.handleSubmit((body) => {
          setCreated(null);
          create.mutate(body);
        })(event)
      }
    >
      {guard.dialog}
      <Heading level={2} data-size="md" id="lk-new-location-title">
        Opprett lokale og inviter administrator
      </Heading>
      <FormErrorSummary
        errors={form.formState.errors}
        submitCount={form.formState.submitCount}
        heading="For å opprette lokalet må du rette opp følgende feil:"
      />
      <Paragraph>
        Lokalet opprettes upublisert. Administratoren får en e-post med en lenke til oppsettet, og publiserer lokalet når alt er på plass.
      </Paragraph>
      <Textfield label="Navn på lokalet" id={ids.name} {...form.register('name')} error={errors.name?.message} autoComplete="off" />
      <Field>
        <Label htmlFor={ids.publicLocationType}>Type lokale</Label>
        <Select {...select('publicLocationType')}>
          {publicLocationTypes.map((t) => (
            <option key={t} value={t}>
              {locationTypeLabels[t]}
            </option>
          ))}
        </Select>
      </Field>
      <Field>
        <Label htmlFor={ids.geographicAreaId}>Bydel</Label>
        <Select {...select('geographicAreaId')}>
          <option value="">Velg bydel</option>
          {areas.data?.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </Select>
        {errors.geographicAreaId?.message && (
          <ValidationMessage id={`${ids.geographicAreaId}-error`}>{errors.geographicAreaId.message}</ValidationMessage>
        )}
      </Field>
      {areas.error && <LoadFailureAlert failure={loadFailureMessage(areas.error)} />}
      <Textfield
        label="E-postadresse til administratoren"
        type="email"
        id={ids.adminEmail}
        {...form.register('adminEmail')}
        error={errors.adminEmail?.message}
        autoComplete="off"
      />
      {create.error && (
        <Alert data-color="danger" role="alert">
          <Paragraph>{userMessageOf(create.error)}</Paragraph>
        </Alert>
      )}
      <div role="status">
        {created && (
          <Alert data-color="success">
            <Paragraph>{created}</Paragraph>
          </Alert>
        )}
      </div>
      <div>
        <Button type="submit" loading={create.isPending} disabled={create.isPending}>
          Opprett og send invitasjon
        </Button>
      </div>
    </form>
  );
}
