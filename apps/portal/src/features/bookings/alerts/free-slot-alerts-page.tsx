import { Alert, Button, Heading, Link, Paragraph } from '@digdir/designsystemet-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import type { FreeSlotAlert } from '@lokaler/domain/free-slot-alert';
import { dayOfWeekLabels, daysOfWeek } from '@lokaler/domain/scheduling/day-of-week';
import { formatDateNorwegian } from '@lokaler/domain/scheduling/format-date';
import type { AuthUser } from '@lokaler/api-client/auth-client';
import { endFreeSlotAlertMutation, freeSlotAlertsQuery } from '@lokaler/api-client/free-slot-alerts';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import { Loading } from '@lokaler/ui/loading';
import { usePageTitle } from '@lokaler/ui/page-title';
import { paths } from '../../../config/paths';
import { LoginGate } from '../login-gate';
import './alerts.css';

/** /bookinger/varsler (decision 022): the person's active free-time alerts, each with a button that ends it. */
export function FreeSlotAlertsPage() {
  return <LoginGate>{(user) => <MyAlerts user={user} />}</LoginGate>;
}

export function describeAlert(alert: FreeSlotAlert): string {
  const where = alert.roomName ? `${alert.roomName}, ${alert.locationName}` : `Alle rom på ${alert.locationName}`;
  const days =
    alert.weekdays.length === 0 || alert.weekdays.length === 7
      ? 'alle dager'
      : alert.weekdays.map((d) => dayOfWeekLabels[daysOfWeek[d - 1]!].toLowerCase()).join(', ');
  const time = alert.timeFrom && alert.timeTo ? `kl. ${alert.timeFrom.slice(0, 5)}–${alert.timeTo.slice(0, 5)}` : 'hele dagen';
  return `${where}: ${formatDateNorwegian(alert.fromDate)}–${formatDateNorwegian(alert.toDate)}, ${days}, ${time}`;
}

function MyAlerts({ user }: { user: AuthUser }) {
  usePageTitle('Varsler om ledige tider');
  const alerts = useQuery(freeSlotAlertsQuery(user.sub));
  const end = useMutation(endFreeSlotAlertMutation(user.sub));

  return (
    <div className="lk-stack">
      <Link asChild>
        <RouterLink to={paths.bookings.getHref()}>Tilbake til Mine bookinger</RouterLink>
      </Link>
      <Heading level={1} data-size="lg">
        Varsler om ledige tider
      </Heading>
      <Paragraph>
        Du får en e-post når en tid som passer et varsel blir ledig. Et varsel slutter av seg selv etter til-datoen. Lag nye varsler fra
        kalenderen til et rom med knappen «Varsle meg når en tid blir ledig».
      </Paragraph>
      {alerts.isPending && <Loading label="Henter varslene dine" />}
      {alerts.error && (
        <Alert data-color="danger">
          <Paragraph>{loadFailureMessage(alerts.error).title}</Paragraph>
          <Paragraph>{loadFailureMessage(alerts.error).detail}</Paragraph>
        </Alert>
      )}
      {end.error && (
        <Alert data-color="danger" role="alert">
          <Paragraph>{loadFailureMessage(end.error).title}</Paragraph>
        </Alert>
      )}
      {alerts.data && alerts.data.alerts.length === 0 && <Paragraph>Du har ingen aktive varsler.</Paragraph>}
      {alerts.data && alerts.data.alerts.length > 0 && (
        <>
          <Paragraph data-size="sm">
            {alerts.data.alerts.length} av høyst {alerts.data.maxActive} aktive varsler.
          </Paragraph>
          <ul className="lk-alert-list" aria-label="Aktive varsler">
            {alerts.data.alerts.map((alert) => {
              const text = describeAlert(alert);
              return (
                <li key={alert.id}>
                  <span>{text}</span>
                  <Button
                    variant="secondary"
                    data-size="sm"
                    loading={end.isPending && end.variables === alert.id}
                    onClick={() => end.mutate(alert.id)}
                    aria-label={`Avslutt varselet ${text}`}
                  >
                    Avslutt
                  </Button>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </div>
  );
}
