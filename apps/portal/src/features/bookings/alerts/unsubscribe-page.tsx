import { useEffect } from 'react';
import { Alert, Heading, Link, Paragraph } from '@digdir/designsystemet-react';
import { useMutation } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { isApiClientError } from '@lokaler/api-client/api-client-error';
import { unsubscribeFreeSlotAlert } from '@lokaler/api-client/free-slot-alerts';
import { Loading } from '@lokaler/ui/loading';
import { usePageTitle } from '@lokaler/ui/page-title';
import { paths } from '../../../config/paths';

/**
 * /varsler/avslutt?varsel=…&token=… (decision 022): the one-click link in every free-time alert e-mail.
 * No login: the signed token ends that alert; opening the link again says the same. The page, not
 * the e-mail's GET, does it, so a mail scanner that fetches links does not end anyone's alert.
 */
export function UnsubscribePage() {
  usePageTitle('Avslutt varsel om ledige tider');
  const [params] = useSearchParams();
  const alertId = params.get('varsel') ?? '';
  const token = params.get('token') ?? '';
  const end = useMutation({ mutationFn: () => unsubscribeFreeSlotAlert(alertId, token) });
  const { mutate } = end;
  useEffect(() => mutate(), [mutate]);

  return (
    <div className="lk-stack">
      <Heading level={1} data-size="lg">
        Avslutt varsel om ledige tider
      </Heading>
      {(end.isPending || end.isIdle) && <Loading label="Avslutter varselet" />}
      {end.isSuccess && (
        <Alert data-color="success" role="status">
          <Paragraph>{end.data.userMsg}</Paragraph>
        </Alert>
      )}
      {end.isError && (
        <Alert data-color="danger" role="alert">
          <Paragraph>
            {(isApiClientError(end.error) && end.error.userMsg) || 'Varselet kunne ikke avsluttes nå. Prøv igjen litt senere.'}
          </Paragraph>
        </Alert>
      )}
      <Paragraph>
        <Link asChild>
          <RouterLink to={paths.freeSlotAlerts.getHref()}>Se varslene dine under Mine bookinger</RouterLink>
        </Link>
      </Paragraph>
    </div>
  );
}
