import { Heading, Link, Paragraph } from '@digdir/designsystemet-react';
import { Link as RouterLink } from 'react-router';
import { usePageTitle } from './page-title';

/** Spec 02 §2 '/404'. */
export const notFoundTitle = 'Beklager, men denne siden finnes ikke';

export function NotFoundContent() {
  return (
    <section className="lk-error-page" aria-labelledby="lk-not-found-title">
      <Heading level={1} data-size="lg" id="lk-not-found-title">
        {notFoundTitle}
      </Heading>
      <Paragraph>Siden kan være flyttet eller slettet, eller lenken du fulgte kan være feil.</Paragraph>
      <Link asChild>
        <RouterLink to="/">Gå til forsiden</RouterLink>
      </Link>
    </section>
  );
}

/** The /404 route of both SPAs; the catch-all redirects here. */
export function NotFoundPage() {
  usePageTitle('Fant ikke siden');
  return <NotFoundContent />;
}
