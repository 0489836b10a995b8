import { Alert, Link, Paragraph } from '@digdir/designsystemet-react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useSettingEnabled } from '@lokaler/api-client/settings';
import { paths } from '../config/paths';

/** The routes where the invitation shows; it is hidden on the rest (spec 01 §2). */
const routesWithBanner: readonly string[] = [paths.home.path, paths.venues.path];

/** Spec 01 §1: the invitation to try the new portal, while PORTAL_2_BETA is ENABLED. */
export function BetaBanner() {
  const enabled = useSettingEnabled('PORTAL_2_BETA');
  const { pathname } = useLocation();
  if (!enabled || !routesWithBanner.includes(pathname)) return null;

  return (
    <Alert data-color="info" className="lk-banner">
      <Paragraph>
        Vi lager en ny versjon av Lokaler der du kan søke etter ledige rom på tvers av steder.{' '}
        <Link asChild>
          <RouterLink to={paths.portalLanding.getHref()}>Prøv den nye løsningen</RouterLink>
        </Link>
      </Paragraph>
    </Alert>
  );
}
