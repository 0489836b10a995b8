import { useState } from 'react';
import { Alert, Button, Heading, Link, Paragraph, Tag } from '@digdir/designsystemet-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { closeRoundMutation, roundQuery, roundUserMessage, suggestionMutation } from '@lokaler/api-client/admin-rounds';
import { isNotFoundError } from '@lokaler/api-client/api-client-error';
import { useGuardedMutation } from '@lokaler/api-client/react/use-guarded-mutation';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import { deadlineText, roundPhaseLabels, type CloseRoundResponse, type RoundDetail } from '@lokaler/domain/application-rounds';
import { ConfirmDialog } from '@lokaler/ui/confirm-dialog';
import { usePageTitle } from '@lokaler/ui/page-title';
import { QueryLoader } from '@lokaler/ui/query-loader';
import { paths } from '../../config/paths';
import { formatDay, formatPeriod } from '../../lib/format';
import { countText, mayEditRound, phaseColors } from './round-texts';
import '../../lib/common.css';
import './rounds.css';

/** /soknadsrunder/{id}: the round, its rooms and how contested each is, the suggestion and closing (decision 030). */
export function RoundPage() {
  const roundId = Number(useParams().roundId);
  const round = useQuery({ ...roundQuery(roundId), enabled: Number.isSafeInteger(roundId) && roundId > 0 });
  usePageTitle(round.data?.name ?? 'Søknadsrunde');
  return (
    <div className="lk-stack">
      <Paragraph>
        <Link asChild>
          <RouterLink to={paths.rounds.getHref()}>Tilbake til søknadsrundene</RouterLink>
        </Link>
      </Paragraph>
      <QueryLoader
        query={round}
        loadingLabel="Henter søknadsrunden"
        describeFailure={loadFailureMessage}
        isNotFound={isNotFoundError}
        notFound={<Paragraph>Fant ikke søknadsrunden.</Paragraph>}
      >
        {(detail) => <RoundContent round={detail} />}
      </QueryLoader>
    </div>
  );
}

function RoundContent({ round }: { round: RoundDetail }) {
  const locations = [...new Set(round.rooms.map((r) => r.locationName))];
  return (
    <>
      <Heading level={1} data-size="lg">
        {round.name}
      </Heading>
      <div>
        <Tag data-color={phaseColors[round.phase]} data-size="sm">
          {roundPhaseLabels[round.phase]}
        </Tag>
      </div>
      <Paragraph>
        Søknadsperiode {formatPeriod(round.applicationStart, round.deadline)}
        <br />
        {deadlineText(round.deadline)}
        <br />
        Semester {formatPeriod(round.semesterStart, round.semesterEnd)}
        <br />
        Per søker: høyst {countText(round.maxApplicationsPerApplicant, 'søknad', 'søknader')} og{' '}
        {countText(round.maxWeeklyHoursPerApplicant, 'time', 'timer')} i uken
        <br />
        {countText(round.applicationCount, 'søknad', 'søknader')} i runden, {countText(round.undecidedCount, 'ønske', 'ønsker')} ikke
        fordelt
      </Paragraph>
      {mayEditRound(round) && (
        <Paragraph>
          <Link asChild>
            <RouterLink to={paths.editRound.getHref(round.id)}>Endre runden</RouterLink>
          </Link>
        </Paragraph>
      )}
      <RoundActions round={round} />
      <section className="lk-stack" aria-labelledby="lk-round-rooms">
        <Heading level={2} data-size="md" id="lk-round-rooms">
          Rom
        </Heading>
        {round.rooms.length === 0 ? (
          <Paragraph>Runden har ingen rom du kan fordele.</Paragraph>
        ) : (
          locations.map((location) => (
            <div key={location} className="lk-stack">
              <Heading level={3} data-size="xs">
                {location}
              </Heading>
              <ul className="lk-round-list">
                {round.rooms
                  .filter((r) => r.locationName === location)
                  .map((room) => (
                    <li key={room.id} className="lk-round-card">
                      <Link asChild>
                        <RouterLink to={paths.roundRoom.getHref(round.id, room.id)}>{room.name}</RouterLink>
                      </Link>
                      <Paragraph data-size="sm">
                        {countText(room.wishCount, 'søknad', 'søknader')}, {room.clashCount} i konflikt, {room.undecidedCount} ikke fordelt
                      </Paragraph>
                    </li>
                  ))}
              </ul>
            </div>
          ))
        )}
      </section>
    </>
  );
}

function RoundActions({ round }: { round: RoundDetail }) {
  const queryClient = useQueryClient();
  const [suggested, setSuggested] = useState<string | null>(null);
  const [closed, setClosed] = useState<CloseRoundResponse | null>(null);
  const [confirming, setConfirming] = useState(false);
  const suggest = useGuardedMutation(suggestionMutation(queryClient, round.id), {
    onSuccess: (answer) =>
      setSuggested(
        `Forslaget fordelte ${answer.decided} ${answer.decided === 1 ? 'ønske' : 'ønsker'}: ${answer.asked} som søkt, ${answer.other} til annen tid eller rom og ${answer.none} ikke tildelt.`,
      ),
  });
  const close = useGuardedMutation(closeRoundMutation(queryClient, round.id), {
    onSuccess: (answer) => {
      setConfirming(false);
      setClosed(answer);
    },
  });
  // The suggestion is for after the deadline, when every application is in.
  const open = round.phase === 'ALLOCATING';
  const mayClose = round.canClose && round.phase === 'ALLOCATING';
  // A close that stopped half-way (CLOSING) is finished by closing again.
  const mayFinish = round.canClose && round.phase === 'CLOSING' && !closed;
  return (
    <>
      {(open || mayClose || mayFinish) && (
        <div className="lk-round-actions">
          {open && (
            <Button
              variant="secondary"
              loading={suggest.isPending}
              disabled={suggest.isPending}
              onClick={() => {
                setSuggested(null);
                suggest.mutate();
              }}
            >
              Foreslå fordeling
            </Button>
          )}
          {mayClose && (
            <Button
              onClick={() => {
                close.reset();
                setConfirming(true);
              }}
            >
              Lukk runden og send svar
            </Button>
          )}
          {mayFinish && (
            <Button loading={close.isPending} disabled={close.isPending} onClick={() => close.mutate()}>
              Fullfør lukkingen
            </Button>
          )}
        </div>
      )}
      {(round.phase === 'NOT_STARTED' || round.phase === 'COLLECTING') && (
        <Paragraph data-size="sm">
          Fordelingen starter etter søknadsfristen {formatDay(round.deadline)}. Til da kan du se søknadene som har kommet inn.
        </Paragraph>
      )}
      {open && (
        <Paragraph data-size="sm" className="lk-subtle">
          Forslaget fordeler bare ønsker som ikke er fordelt ennå, etter samme regel for alle: barn og unge først, deretter den som har fått
          minst tid i runden så langt, og til slutt den som søkte først. Hvert ønske får tiden det ba om hvis den er ledig, ellers nærmeste
          ledige tid samme dag, ellers samme tid i et annet rom på stedet, ellers ingen tid. Du kan endre forslaget etterpå.
        </Paragraph>
      )}
      <div role="status">
        {suggested && (
          <Alert data-color="success">
            <Paragraph>{suggested}</Paragraph>
          </Alert>
        )}
        {closed && (
          <Alert data-color={closed.status === 'CLOSED' ? 'success' : 'warning'}>
            <Paragraph>
              {closed.status === 'CLOSED'
                ? 'Runden er lukket, og søkerne har fått svar på e-post.'
                : 'Runden lukkes. Svarene sendes etter hvert.'}{' '}
              {countText(closed.approved, 'søknad', 'søknader')} godkjent, {closed.partlyApproved} delvis godkjent og {closed.rejected}{' '}
              avslått.
            </Paragraph>
          </Alert>
        )}
      </div>
      {mayFinish && (
        <Paragraph data-size="sm">
          Runden lukkes. {countText(round.decidedCount, 'søknad', 'søknader')} av {round.applicationCount} har fått svar. Stopper det opp,
          fullfører «Fullfør lukkingen» resten.
        </Paragraph>
      )}
      {close.error && mayFinish && (
        <Alert data-color="danger" role="alert">
          <Paragraph>{roundUserMessage(close.error)}</Paragraph>
        </Alert>
      )}
      {suggest.error && (
        <Alert data-color="danger" role="alert">
          <Paragraph>{roundUserMessage(suggest.error)}</Paragraph>
        </Alert>
      )}
      <ConfirmDialog
        open={confirming}
        title="Lukke runden og sende svar?"
        confirmLabel="Lukk runden og send svar"
        busy={close.isPending}
        error={close.error ? roundUserMessage(close.error) : null}
        onConfirm={() => close.mutate()}
        onCancel={() => setConfirming(false)}
      >
        <Paragraph>
          Fordelingen blir til vedtak for alle {countText(round.applicationCount, 'søknaden', 'søknadene')} i runden, og hver søker får
          svaret sitt på e-post. Fordelingen kan ikke endres etterpå.
        </Paragraph>
        {round.undecidedCount > 0 && (
          <Paragraph>
            {countText(round.undecidedCount, 'ønske', 'ønsker')} er ikke fordelt ennå. Runden kan ikke lukkes før alle er fordelt.
          </Paragraph>
        )}
        <Paragraph data-size="sm">Søknadsfristen var {formatDay(round.deadline)}.</Paragraph>
      </ConfirmDialog>
    </>
  );
}
