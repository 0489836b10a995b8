import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { CrashPage } from './error-page';
import { NotFoundContent } from './not-found-page';

interface Props {
  /** Reports the crash (the apps send it to POST /api/frontenderror). */
  onError: (error: unknown) => void;
  homeHref?: string;
}

/**
 * The router's errorElement: a route that threw while rendering or loading shows the crash page
 * of spec 01 §8 inside the app's layout, and the crash is reported. A thrown 404 shows the 404 page.
 */
export function RouteErrorElement({ onError, homeHref }: Props) {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;

  useEffect(() => {
    if (!notFound) onError(error);
  }, [error, notFound, onError]);

  return notFound ? <NotFoundContent /> : <CrashPage homeHref={homeHref} />;
}
