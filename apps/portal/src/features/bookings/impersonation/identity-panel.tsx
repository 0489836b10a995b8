import { Alert, Button, Heading, Paragraph } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { privatePersonRequest } from '@lokaler/domain/impersonation';
import { useCurrentUserRoles } from '@lokaler/api-client/current-user';
import { effectiveUserQuery } from '@lokaler/api-client/impersonation';
import { paths } from '../../../config/paths';
import { useSwitchIdentity } from './use-switch-identity';

/** Spec 01 §6: shown to the PUBLIC user group. Our text: who sees what once an organisation is chosen. */
export const privacyWarning =
  'Bookinger du sender på vegne av en organisasjon, tilhører organisasjonen. Alle som representerer organisasjonen kan se dem, også navnet, e-postadressen og telefonnummeret du har oppgitt. Bookinger du sender som privatperson, ser bare du.';

/**
 * Spec 02 §2 (orgLogin): the side panel of /bookinger that says who the person acts as, and lets them
 * log in as an organisation (the dialog) or as a private person again.
 */
export function IdentityPanel({ sub }: { sub: string }) {
  const effective = useQuery(effectiveUserQuery(sub));
  const roles = useCurrentUserRoles(sub);
  const switchIdentity = useSwitchIdentity();
  const actsForOrganization = Boolean(effective.data?.impersonationId);

  return (
    <aside className="lk-identity-panel" aria-labelledby="lk-identity-title">
      <Heading level={2} data-size="xs" id="lk-identity-title">
        Logg inn som
      </Heading>
      {effective.data && (
        <Paragraph data-size="sm">
          {actsForOrganization ? (
            <>
              Du er logget inn på vegne av <strong>{effective.data.name}</strong>.
            </>
          ) : (
            <>
              Du er logget inn som privatperson (<strong>{effective.data.name}</strong>).
            </>
          )}
        </Paragraph>
      )}
      <div className="lk-identity-panel__actions">
        <Button asChild variant="secondary" data-size="sm">
          <RouterLink to={paths.bookings.getHref({ showImpersonationDialog: true })}>Logg inn som organisasjon</RouterLink>
        </Button>
        {actsForOrganization && (
          <Button
            variant="secondary"
            data-size="sm"
            loading={switchIdentity.isPending}
            onClick={() => switchIdentity.mutate(privatePersonRequest)}
          >
            Logg inn som privatperson
          </Button>
        )}
      </div>
      {switchIdentity.errorText && (
        <Alert data-color="danger" role="alert" data-size="sm">
          {switchIdentity.errorText}
        </Alert>
      )}
      {roles.data?.portal === 'PUBLIC' && (
        <Alert data-color="info" data-size="sm">
          <Heading level={3} data-size="2xs">
            Personvern
          </Heading>
          <Paragraph data-size="sm">{privacyWarning}</Paragraph>
        </Alert>
      )}
    </aside>
  );
}
