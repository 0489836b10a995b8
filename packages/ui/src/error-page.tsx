import { Button, Heading, Link, Paragraph } from '@digdir/designsystemet-react';

/** The texts of spec 01 §8 for the error pages. */
export const errorPageTexts = {
  generic: { title: 'Ups, noe gikk galt', description: 'Vennligst prøv igjen senere' },
  crash: { title: 'Vi beklager - noe gikk dessverre galt', description: 'Vi har registrert feilen og følger opp' },
} as const;

export interface ErrorPageProps {
  title?: string;
  description?: string;
  /** The app's main page ('/' or '/admin/'). A full page load: after an error a fresh start is safest. */
  homeHref?: string;
  /** Render the heading as h1 (default). False when the page sits inside another page's h1. */
  headingLevel?: 1 | 2;
}

/**
 * The error page of spec 01 §2/§8: a message, a back button and a link to the main page. It needs no
 * router, so it also works when the app could not start.
 */
export function ErrorPage({
  title = errorPageTexts.generic.title,
  description = errorPageTexts.generic.description,
  homeHref = '/',
  headingLevel = 1,
}: ErrorPageProps) {
  return (
    <section className="lk-error-page" aria-labelledby="lk-error-title">
      <Heading level={headingLevel} data-size="lg" id="lk-error-title">
        {title}
      </Heading>
      <Paragraph>{description}</Paragraph>
      <div className="lk-error-page__actions">
        <Button variant="secondary" onClick={() => window.history.back()}>
          Tilbake
        </Button>
        <Link href={homeHref}>Gå til forsiden</Link>
      </div>
    </section>
  );
}

/** Spec 01 §8 "Render crash". */
export function CrashPage({ homeHref }: { homeHref?: string }) {
  return <ErrorPage title={errorPageTexts.crash.title} description={errorPageTexts.crash.description} homeHref={homeHref} />;
}
