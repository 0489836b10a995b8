import { useEffect, useRef, useState } from 'react';
import { Button, Heading, Link, Paragraph } from '@digdir/designsystemet-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { roundErrorCode, roundQuery, roundUserMessage, updateRoundMutation } from '@lokaler/api-client/admin-rounds';
import { isApiClientError, isNotFoundError } from '@lokaler/api-client/api-client-error';
import { useGuardedMutation } from '@lokaler/api-client/react/use-guarded-mutation';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import { roundErrorCodes, type RoundDetail } from '@lokaler/domain/application-rounds';
import { FormErrorSummary } from '@lokaler/ui/form-error-summary';
import { usePageTitle } from '@lokaler/ui/page-title';
import { QueryLoader } from '@lokaler/ui/query-loader';
import { useUnsavedChangesGuard } from '@lokaler/ui/unsaved-changes-guard';
import { paths } from '../../config/paths';
import { RoundNameAndDateFields } from './round-fields';
import { mayEditRound } from './round-texts';
import { editRoundFormSchema, editRoundValuesOf, roundDateFields, toUpdateRoundBody, type RoundDatesFormValues } from './round-form';
import '../../lib/common.css';
import './rounds.css';

/** /soknadsrunder/{id}/endre: the name and dates of an open round (moving the deadline earlier ends the application period sooner). */
export function EditRoundPage() {
  const roundId = Number(useParams().roundId);
  const round = useQuery({ ...roundQuery(roundId), enabled: Number.isSafeInteger(roundId) && roundId > 0 });
  usePageTitle('Endre søknadsrunden');
  return (
    <div className="lk-stack">
      <Paragraph>
        <Link asChild>
          <RouterLink to={paths.round.getHref(roundId)}>Tilbake til søknadsrunden</RouterLink>
        </Link>
      </Paragraph>
      <Heading level={1} data-size="lg">
        Endre søknadsrunden
      </Heading>
      <QueryLoader
        query={round}
        loadingLabel="Henter søknadsrunden"
        describeFailure={loadFailureMessage}
        isNotFound={isNotFoundError}
        notFound={<Paragraph>Fant ikke søknadsrunden.</Paragraph>}
      >
        {(detail) =>
          mayEditRound(detail) ? (
            <EditRoundForm round={detail} />
          ) : (
            <Paragraph>Runden kan ikke endres: den er lukket, eller du administrerer ikke alle stedene i den.</Paragraph>
          )
        }
      </QueryLoader>
    </div>
  );
}

/** The server's userMsg; without one, ROUND_NOT_READY here means the semester stays (not that the round cannot close). */
function editRefusalMessage(error: unknown): string {
  if (isApiClientError(error) && !error.userMsg && roundErrorCode(error) === roundErrorCodes.notReady) {
    return 'Semesterets datoer kan ikke endres etter at søknader har kommet inn i runden. Søknadsperioden og fristen kan endres.';
  }
  return roundUserMessage(error);
}

export function EditRoundForm({ round }: { round: RoundDetail }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<RoundDatesFormValues>({
    resolver: zodResolver(editRoundFormSchema),
    shouldFocusError: false,
    defaultValues: editRoundValuesOf(round),
  });
  const { errors } = form.formState;
  const guard = useUnsavedChangesGuard(form.formState.isDirty);
  const summaryBox = useRef<HTMLDivElement>(null);
  const [serverRefusals, setServerRefusals] = useState(0);

  // The server's refusal is in the summary like the form's own: the summary takes the focus.
  useEffect(() => {
    if (serverRefusals > 0) summaryBox.current?.querySelector<HTMLElement>('[tabindex="-1"]')?.focus();
  }, [serverRefusals]);

  const update = useGuardedMutation(updateRoundMutation(queryClient, round.id), {
    onSuccess: () => {
      guard.allowNavigation();
      void navigate(paths.round.getHref(round.id));
    },
    onError: (error) => {
      const fields = isApiClientError(error) ? (error.fields ?? []) : [];
      const known = new Set<string>(['name', ...roundDateFields]);
      let placed = false;
      for (const f of fields) {
        // The server names a field by its place in the request ('body.name') or by the body's own path ('semesterStart').
        const name = f.path.replace(/^body\./, '').split('.')[0] ?? '';
        if (known.has(name)) {
          form.setError(name as keyof RoundDatesFormValues, { type: 'server', message: f.message });
          placed = true;
        }
      }
      // A refusal with its own explanation (409: the semester stays, overlaps, closed) says it first.
      const conflict = isApiClientError(error) && error.kind === 'http' && error.status === 409;
      if (conflict || !placed) form.setError('root.server', { type: 'server', message: editRefusalMessage(error) });
      setServerRefusals((n) => n + 1);
    },
  });

  return (
    <form
      noValidate
      className="lk-stack lk-narrow"
      aria-label="Endre søknadsrunden"
      onSubmit={(event) => void form.handleSubmit((values) => update.mutate(toUpdateRoundBody(values)))(event)}
    >
      {guard.dialog}
      <div ref={summaryBox}>
        <FormErrorSummary
          errors={errors}
          submitCount={form.formState.submitCount}
          heading="For å lagre endringene må du rette opp følgende feil:"
        />
      </div>
      <Paragraph data-size="sm">
        Flyttes søknadsfristen til en tidligere dag, slutter søknadsperioden da. Søknadene som har kommet inn, blir i runden. Semesterets
        datoer kan bare endres før det har kommet inn søknader.
      </Paragraph>
      <RoundNameAndDateFields form={form} />
      <div className="lk-round-actions">
        <Button type="submit" loading={update.isPending} disabled={update.isPending}>
          Lagre endringene
        </Button>
        <Button variant="secondary" asChild>
          <RouterLink to={paths.round.getHref(round.id)}>Avbryt</RouterLink>
        </Button>
      </div>
    </form>
  );
}
