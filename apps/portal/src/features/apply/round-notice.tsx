import { Alert, Paragraph } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { deadlineText } from '@lokaler/domain/application-rounds';
import { openRoundOfLocationQuery } from '@lokaler/api-client/locations';

/**
 * Decision 029: a repeating application to a location whose semester round collects today, with its first
 * date in the round's semester, enters the round (the server decides the same way): the person is told
 * before sending that it is answered after the deadline. Nothing is shown when the question fails.
 */
export function RoundNotice({ locationId, firstDate }: { locationId: number; firstDate: string }) {
  const { data } = useQuery(openRoundOfLocationQuery(locationId));
  const round = data?.round;
  if (!round || firstDate < round.semesterStart || firstDate > round.semesterEnd) return null;
  return (
    <Alert data-color="info">
      <Paragraph>
        <strong>{deadlineText(round.deadline)}</strong>
      </Paragraph>
      <Paragraph>
        Søknaden blir med i søknadsrunden «{round.name}». Den behandles sammen med de andre søknadene til semesteret etter søknadsfristen.
      </Paragraph>
    </Alert>
  );
}
