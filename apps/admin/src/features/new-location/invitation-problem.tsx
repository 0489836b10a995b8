import { Heading, Link, Paragraph } from '@digdir/designsystemet-react';
import { Link as RouterLink } from 'react-router';
import { userMessageOf } from '@lokaler/api-client/user-message';
import { usePageTitle } from '@lokaler/ui/page-title';
import { paths } from '../../config/paths';

/** The invitation cannot be used (403 sent to another e-mail, 410 used or expired, 404 unknown): the server's reason and a way on. */
export function InvitationProblem({ error }: { error: unknown }) {
  usePageTitle('Invitasjonen kan ikke brukes');
  return (
    <section className="lk-stack" aria-labelledby="lk-invitation-problem">
      <Heading level={1} data-size="lg" id="lk-invitation-problem">
        Invitasjonen kan ikke brukes
      </Heading>
      <Paragraph>{userMessageOf(error)}</Paragraph>
      <Paragraph>Be den som inviterte deg om en ny invitasjon hvis du skal sette opp lokalet.</Paragraph>
      <Link asChild>
        <RouterLink to={paths.home.getHref()}>Gå til forsiden</RouterLink>
      </Link>
    </section>
  );
}
