import { formatPageTitle } from './page-title';

interface PageHeadProps {
  /** The page's own title; the app's name follows it ('Kontakt oss – Oslo kommune'). */
  title: string | undefined;
  /** One or two sentences a search engine shows under the title: what a citizen can do on this page. */
  description?: string;
}

/**
 * The document title and meta description of the page being shown (WCAG 2.4.2; what search
 * engines show), rendered where the page is: React 19 puts <title> and <meta> in <head> and takes
 * them out again when the page goes. React puts its title first, before index.html's, which stays
 * behind it unused (the first <title> is the document's). Pages that set only a title may use
 * usePageTitle, which keeps to the same rule. index.html has no description: a page without one of
 * its own has none rather than another page's.
 */
export function PageHead({ title, description }: PageHeadProps) {
  return (
    <>
      <title>{formatPageTitle(title)}</title>
      {description && <meta name="description" content={description} />}
    </>
  );
}
