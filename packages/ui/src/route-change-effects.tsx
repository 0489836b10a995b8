import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useToasts } from './toasts';

/**
 * Spec 01 §2 "Shell behaviour": every route change scrolls to the top and clears the toasts.
 * A change of the query only (filters, chosen rooms) is not a route change.
 */
export function RouteChangeEffects() {
  const { pathname } = useLocation();
  const { clearToasts } = useToasts();
  const previous = useRef(pathname);

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    window.scrollTo(0, 0);
    clearToasts();
  }, [pathname, clearToasts]);

  return null;
}
