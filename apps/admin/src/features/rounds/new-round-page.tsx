import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Button,
  Checkbox,
  Field,
  Fieldset,
  Heading,
  Label,
  Link,
  Paragraph,
  Select,
  ValidationMessage,
} from '@digdir/designsystemet-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useController, useForm } from 'react-hook-form';
import { defaultRoundApplicantLimits } from '@lokaler/domain/fair-share';
import { Link as RouterLink, useNavigate } from 'react-router';
import { createRoundMutation, roundErrorCode, roundUserMessage } from '@lokaler/api-client/admin-rounds';
import { isApiClientError } from '@lokaler/api-client/api-client-error';
import { useAdminLocations, useCurrentUserRoles } from '@lokaler/api-client/current-user';
import { locationsQuery } from '@lokaler/api-client/locations';
import { useAuth } from '@lokaler/api-client/react/auth-provider';
import { useGuardedMutation } from '@lokaler/api-client/react/use-guarded-mutation';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import { roundErrorCodes } from '@lokaler/domain/application-rounds';
import { FormErrorSummary } from '@lokaler/ui/form-error-summary';
import { usePageTitle } from '@lokaler/ui/page-title';
import { LoadFailureAlert } from '@lokaler/ui/query-loader';
import { Loading } from '@lokaler/ui/loading';
import { useUnsavedChangesGuard } from '@lokaler/ui/unsaved-changes-guard';
import { paths } from '../../config/paths';
import { RoundNameAndDateFields } from './round-fields';
import { roundFormSchema, toCreateRoundBody, type RoundFormValues } from './round-form';
import '../../lib/common.css';
import './rounds.css';

/** A location the round may include; district and type when known (the city-wide administrator's list). */
export interface RoundLocationOption {
  id: number;
  name: string;
  areaId?: string | null;
  areaName?: string | null;
  school?: boolean;
}

/** /soknadsrunder/ny: the administrator opens a round for a semester (decision 030). */
export function NewRoundPage() {
  usePageTitle('Ny søknadsrunde');
  const { user } = useAuth();
  const roles = useCurrentUserRoles(user?.sub);
  const cityAdmin = roles.data?.roles.includes('CITY_ADMIN') ?? false;
  const own = useAdminLocations(user?.sub);
  // A city-wide administrator may take any location: the public list names them with district and type.
  const all = useQuery({ ...locationsQuery(), enabled: cityAdmin });
  const options = useMemo<RoundLocationOption[]>(() => {
    const byId = new Map<number, RoundLocationOption>();
    if (cityAdmin) {
      for (const l of all.data ?? [])
        byId.set(l.id, {
          id: l.id,
          name: l.name,
          areaId: l.geographicAreaId,
          areaName: l.geographicAreaName,
          school: l.publicLocationType === 'SCHOOLS',
        });
    }
    for (const l of own.data ?? []) if (!byId.has(l.id)) byId.set(l.id, { id: l.id, name: l.name });
    return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name, 'nb'));
  }, [cityAdmin, all.data, own.data]);
  const failure = roles.error ?? own.error ?? all.error;
  const pending = roles.isPending || own.isPending || (cityAdmin && all.isPending);

  return (
    <div className="lk-stack">
      <Paragraph>
        <Link asChild>
          <RouterLink to={paths.rounds.getHref()}>Tilbake til søknadsrundene</RouterLink>
        </Link>
      </Paragraph>
      <Heading level={1} data-size="lg">
        Ny søknadsrunde
      </Heading>
      {failure ? (
        <LoadFailureAlert failure={loadFailureMessage(failure)} />
      ) : pending ? (
        <Loading label="Henter stedene dine" />
      ) : (
        <NewRoundForm options={options} />
      )}
    </div>
  );
}

const ids = { locations: 'lk-round-locations', area: 'lk-round-area' };

export function NewRoundForm({ options }: { options: readonly RoundLocationOption[] }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<RoundFormValues>({
    resolver: zodResolver(roundFormSchema),
    shouldFocusError: false,
    defaultValues: {
      name: '',
      applicationStart: '',
      deadline: '',
      semesterStart: '',
      semesterEnd: '',
      maxApplicationsPerApplicant: String(defaultRoundApplicantLimits.maxApplicationsPerApplicant),
      maxWeeklyHoursPerApplicant: String(defaultRoundApplicantLimits.maxWeeklyHoursPerApplicant),
      // With one location there is nothing to choose.
      locationIds: options.length === 1 ? [options[0]!.id] : [],
    },
  });
  const { errors } = form.formState;
  const guard = useUnsavedChangesGuard(form.formState.isDirty);
  const locations = useController({ control: form.control, name: 'locationIds' });
  const chosen = locations.field.value;
  const summaryBox = useRef<HTMLDivElement>(null);
  const [serverRefusals, setServerRefusals] = useState(0);

  // The server's refusal is in the summary like the form's own: the summary takes the focus.
  useEffect(() => {
    if (serverRefusals > 0) summaryBox.current?.querySelector<HTMLElement>('[tabindex="-1"]')?.focus();
  }, [serverRefusals]);

  const create = useGuardedMutation(createRoundMutation(queryClient), {
    onSuccess: (round) => {
      guard.allowNavigation();
      void navigate(paths.round.getHref(round.id));
    },
    onError: (error) => {
      const fields = isApiClientError(error) ? (error.fields ?? []) : [];
      const known = new Set<string>(['name', 'applicationStart', 'deadline', 'semesterStart', 'semesterEnd', 'locationIds']);
      let placed = false;
      for (const f of fields) {
        // The server names a field by its place in the request ('body.name') or by the body's own path ('locationIds').
        const name = f.path.replace(/^body\./, '').split('.')[0] ?? '';
        if (known.has(name)) {
          form.setError(name as keyof RoundFormValues, { type: 'server', message: f.message });
          placed = true;
        }
      }
      // Another round of a chosen location overlaps: the message belongs to the locations.
      if (roundErrorCode(error) === roundErrorCodes.overlapping)
        form.setError('locationIds', { type: 'server', message: roundUserMessage(error) });
      else if (!placed) form.setError('root.server', { type: 'server', message: roundUserMessage(error) });
      setServerRefusals((n) => n + 1);
    },
  });

  const areas = useMemo(() => {
    const found = new Map<string, string>();
    for (const o of options) if (o.school && o.areaId && o.areaName) found.set(o.areaId, o.areaName);
    return [...found].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, 'nb'));
  }, [options]);
  const [areaId, setAreaId] = useState('');
  const area = areas.find((a) => a.id === areaId);
  const setChosen = (next: number[]) => {
    locations.field.onChange(next);
    if (form.formState.submitCount > 0) void form.trigger('locationIds');
  };
  const chooseSchoolsOf = (id: string) => {
    const schools = options.filter((o) => o.school && o.areaId === id).map((o) => o.id);
    setChosen([...chosen, ...schools.filter((s) => !chosen.includes(s))]);
  };

  return (
    <form
      noValidate
      className="lk-stack lk-narrow"
      aria-label="Ny søknadsrunde"
      onSubmit={(event) => void form.handleSubmit((values) => create.mutate(toCreateRoundBody(values)))(event)}
    >
      {guard.dialog}
      <div ref={summaryBox}>
        <FormErrorSummary
          errors={errors}
          submitCount={form.formState.submitCount}
          heading="For å opprette runden må du rette opp følgende feil:"
        />
      </div>
      <RoundNameAndDateFields form={form} />
      <Fieldset id={ids.locations} aria-invalid={errors.locationIds ? true : undefined}>
        <Fieldset.Legend>Steder</Fieldset.Legend>
        <Fieldset.Description>Søknader til stedene du velger, samles i runden.</Fieldset.Description>
        {areas.length > 0 && (
          <div className="lk-round-location-choice">
            <Field>
              <Label htmlFor={ids.area}>Bydel</Label>
              <Select id={ids.area} value={areaId} onChange={(event) => setAreaId(event.target.value)}>
                <option value="">Velg bydel</option>
                {areas.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name}
                  </option>
                ))}
              </Select>
            </Field>
            <Button type="button" variant="secondary" disabled={!area} onClick={() => area && chooseSchoolsOf(area.id)}>
              {area ? `Alle skoler i bydel ${area.name}` : 'Alle skoler i bydelen'}
            </Button>
          </div>
        )}
        {options.length === 0 && <Paragraph>Du administrerer ingen steder.</Paragraph>}
        {options.map((o, index) => (
          <Checkbox
            key={o.id}
            label={o.name}
            description={o.areaName ?? undefined}
            name="locationIds"
            value={String(o.id)}
            ref={index === 0 ? locations.field.ref : undefined}
            checked={chosen.includes(o.id)}
            onChange={(event) => setChosen(event.target.checked ? [...chosen, o.id] : chosen.filter((id) => id !== o.id))}
          />
        ))}
        {errors.locationIds?.message && <ValidationMessage>{errors.locationIds.message}</ValidationMessage>}
        {options.length > 1 && (
          <Paragraph data-size="sm" role="status">
            {chosen.length === 1 ? '1 sted valgt' : `${chosen.length} steder valgt`}
          </Paragraph>
        )}
      </Fieldset>
      <div className="lk-round-actions">
        <Button type="submit" loading={create.isPending} disabled={create.isPending}>
          Opprett søknadsrunde
        </Button>
        <Button variant="secondary" asChild>
          <RouterLink to={paths.rounds.getHref()}>Avbryt</RouterLink>
        </Button>
      </div>
    </form>
  );
}
