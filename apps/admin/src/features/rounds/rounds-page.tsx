import { Button, Heading, Link, Paragraph, Tag } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { roundsQuery } from '@lokaler/api-client/admin-rounds';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import { deadlineText, roundPhaseLabels, type RoundSummary } from '@lokaler/domain/application-rounds';
import { usePageTitle } from '@lokaler/ui/page-title';
import { QueryLoader } from '@lokaler/ui/query-loader';
import { paths } from '../../config/paths';
import { formatPeriod } from '../../lib/format';
import { countText, phaseColors } from './round-texts';
import '../../lib/common.css';
import './rounds.css';

/** /soknadsrunder: the semester rounds of the administrator's locations (decision 030). */
export function RoundsPage() {
  usePageTitle('Søknadsrunder');
  const rounds = useQuery(roundsQuery());
  return (
    <div className="lk-stack">
      <Heading level={1} data-size="lg">
        Søknadsrunder
      </Heading>
      <Paragraph>
        I en søknadsrunde samles søknadene om faste tider for et semester til fristen. Deretter fordeler dere tidene samlet, og alle søkerne
        får svar når runden lukkes.
      </Paragraph>
      <div>
        <Button asChild>
          <RouterLink to={paths.newRound.getHref()}>Ny søknadsrunde</RouterLink>
        </Button>
      </div>
      <QueryLoader query={rounds} loadingLabel="Henter søknadsrundene" describeFailure={loadFailureMessage}>
        {({ rounds: list }) =>
          list.length === 0 ? (
            <Paragraph>Det er ingen søknadsrunder ennå.</Paragraph>
          ) : (
            <ul className="lk-round-list" aria-label="Søknadsrunder">
              {list.map((round) => (
                <RoundItem key={round.id} round={round} />
              ))}
            </ul>
          )
        }
      </QueryLoader>
    </div>
  );
}

function RoundItem({ round }: { round: RoundSummary }) {
  return (
    <li className="lk-round-card">
      <Heading level={2} data-size="xs">
        <Link asChild>
          <RouterLink to={paths.round.getHref(round.id)}>{round.name}</RouterLink>
        </Link>
      </Heading>
      <div>
        <Tag data-color={phaseColors[round.phase]} data-size="sm">
          {roundPhaseLabels[round.phase]}
        </Tag>
      </div>
      <Paragraph data-size="sm">
        Semester {formatPeriod(round.semesterStart, round.semesterEnd)}
        <br />
        {deadlineText(round.deadline)}
        <br />
        {countText(round.applicationCount, 'søknad', 'søknader')},{' '}
        {countText(round.undecidedCount, 'ønske ikke fordelt', 'ønsker ikke fordelt')}
        {round.phase === 'CLOSING' || round.phase === 'CLOSED'
          ? `, ${countText(round.decidedCount, 'søknad besvart', 'søknader besvart')}`
          : ''}
      </Paragraph>
      <Paragraph data-size="sm" className="lk-subtle">
        {round.locations.map((l) => l.name).join(', ')}
      </Paragraph>
    </li>
  );
}
