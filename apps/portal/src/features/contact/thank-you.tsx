import { useEffect, useRef } from 'react';
import { Button, Heading, Paragraph } from '@digdir/designsystemet-react';
import { Link as RouterLink } from 'react-router';
import { usePageTitle } from '@lokaler/ui/page-title';
import { paths } from '../../config/paths';

/** A thank-you view after sending; focus moves to its heading so a screen reader hears it. */
export function ThankYou({ title, body }: { title: string; body: string }) {
  usePageTitle(title);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="lk-stack" aria-labelledby="lk-thank-you">
      <Heading level={1} data-size="lg" id="lk-thank-you" ref={heading} tabIndex={-1}>
        {title}
      </Heading>
      <Paragraph>{body}</Paragraph>
      <div>
        <Button asChild>
          <RouterLink to={paths.home.getHref()}>Gå til startsiden</RouterLink>
        </Button>
      </div>
    </section>
  );
}
