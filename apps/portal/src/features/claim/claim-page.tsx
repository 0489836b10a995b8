import { useEffect } from 'react';
import { Alert, Button, Heading, Link, Paragraph } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { claimBooking } from '@lokaler/api-client/user-bookings';
import { useAuth } from '@lokaler/api-client/react/auth-provider';
import { isApiClientError } from '@lokaler/api-client/api-client-error';
import { userMessageOf } from '@lokaler/api-client/user-message';
import { Loading } from '@lokaler/ui/loading';
import { usePageTitle } from '@lokaler/ui/page-title';
import { paths } from '../../config/paths';

/**
 * /claim/:token (spec 02 §2): a link from an e-mail gives the logged-in person a booking that was
 * registered for them. 'Henter din booking', then the booking page; an error state when the link
 * is not valid (any more).
 */
export function ClaimPage() {
  const { user, login } = useAuth();
  const location = useLocation();
  usePageTitle('Henter din booking');
  if (!user) {
    return (
      <section className="lk-stack" aria-labelledby="lk-claim-title">
        <Heading level={1} data-size="lg" id="lk-claim-title">
          Hent bookingen din
        </Heading>
        <Paragraph>Logg inn med ID-porten for å hente bookingen som er registrert på deg.</Paragraph>
        <div>
          <Button onClick={() => void login(location.pathname)}>Logg inn</Button>
        </div>
      </section>
    );
  }
  return <Claim sub={user.sub} />;
}

/**
 * The page has no fields, so a refused token (malformed: 400 VALIDATION, whose userMsg speaks of
 * fields; unknown, expired or used: 404) is the link's fault and says so; anything else (network,
 * server) is not the link's, and gets the usual message, since the same link may work later.
 */
function claimFailureText(error: unknown): string {
  const linkRefused = isApiClientError(error) && error.kind === 'http' && (error.status === 404 || error.code === 'VALIDATION');
  return linkRefused ? 'Lenken er ikke gyldig, eller den er allerede brukt.' : userMessageOf(error);
}

function Claim({ sub }: { sub: string }) {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { data, error } = useQuery({
    queryKey: ['user', sub, 'claim', token],
    queryFn: ({ signal }) => claimBooking(token, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });

  useEffect(() => {
    if (data) void navigate(paths.booking.getHref(data.bookingId), { replace: true });
  }, [data, navigate]);

  if (error) {
    return (
      <section className="lk-stack" aria-labelledby="lk-claim-title">
        <Heading level={1} data-size="lg" id="lk-claim-title">
          Vi kunne ikke hente bookingen
        </Heading>
        <Alert data-color="danger">
          <Paragraph>{claimFailureText(error)}</Paragraph>
        </Alert>
        <Paragraph>
          <Link asChild>
            <RouterLink to={paths.bookings.getHref()}>Til mine bookinger</RouterLink>
          </Link>
        </Paragraph>
      </section>
    );
  }
  return (
    <section className="lk-stack" aria-labelledby="lk-claim-title">
      <Heading level={1} data-size="lg" id="lk-claim-title">
        Henter din booking
      </Heading>
      <Loading label="Henter din booking" />
    </section>
  );
}
