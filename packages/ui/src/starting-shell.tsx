import type { ReactNode } from 'react';

/**
 * What each SPA shows before its first page can render (decision 026): the header's dark band
 * with the brand, and an empty main a screen high. The same markup is written by hand into each
 * index.html's #root, so the browser paints it with the HTML and CSS, before any script has run
 * (first contentful paint); React replaces it at its first render (createRoot, not hydration, so
 * there is nothing to mismatch), and the apps show it again while login is being set up, so the page
 * does not flash white in between. apps/{portal,admin}/src/app/starting-shell.test.tsx keep each
 * index.html and this component equal.
 * The header's buttons come with the app: a button that does nothing yet is not shown.
 */
export function StartingShell({
  appName,
  subtitle,
  homeHref,
  children,
}: {
  appName: string;
  subtitle?: string;
  homeHref: string;
  children?: ReactNode;
}) {
  return (
    <div className="lk-shell">
      {/* A div, not <header>: no banner landmark until the real header (with its buttons) is there. */}
      <div className="lk-header" data-color-scheme="dark">
        <div className="lk-container lk-header__inner">
          <a href={homeHref} className="lk-brand">
            <span className="lk-brand__oslo">Oslo kommune</span>
            <span className="lk-brand__app">
              {appName}
              {subtitle && <span className="lk-brand__subtitle"> {subtitle}</span>}
            </span>
          </a>
        </div>
      </div>
      <main className="lk-main">{children}</main>
    </div>
  );
}
