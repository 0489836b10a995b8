import type { ReactNode } from 'react';
import { SkipLink } from '@digdir/designsystemet-react';
import { RouteChangeEffects } from './route-change-effects';
import { NavigationProgress } from './route-loading';
import { ToastArea } from './toasts';

export interface AppShellProps {
  /** The app's <header> (brand, login, user menu). */
  header: ReactNode;
  /** The app's <footer>. */
  footer?: ReactNode;
  /** Shown above the page inside <main> (banners, the feature-switch panel). */
  top?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of every page in both SPAs: skip link, header, main (with the toast area), footer, and
 * the route-change behaviour of spec 01 §2 (scroll to top, clear toasts), with a spinner while a
 * page's code loads. Everything sits in a landmark, as axe expects.
 */
export function AppShell({ header, footer, top, children }: AppShellProps) {
  return (
    <div className="lk-shell">
      <SkipLink href="#main">Hopp til hovedinnhold</SkipLink>
      {header}
      <main id="main" tabIndex={-1} className="lk-main">
        {/* In main, as axe wants everything in a landmark; fixed in a corner, so it moves nothing. */}
        <NavigationProgress />
        {top}
        <ToastArea />
        {children}
      </main>
      {footer}
      <RouteChangeEffects />
    </div>
  );
}

/** Centred full-page state (loading, failed setup) before the shell can render. */
export function FullPageState({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="lk-main lk-full-page-state">
      {children}
    </main>
  );
}
