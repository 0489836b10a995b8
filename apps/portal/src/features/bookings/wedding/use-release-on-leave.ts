import { useCallback, useEffect, useRef } from 'react';
import { autorejectBooking } from '@lokaler/api-client/wedding-application';

/**
 * Decision 014: leaving the wizard without sending lets the held time go (PUT …/autoreject), so
 * the slot is free at once instead of after the 30-minute hold.
 *
 * - Leaving inside the app (a link, the header, the browser's back out of the wizard): the wizard
 *   unmounts. Moving between its own steps does not (one route with the step as a parameter).
 * - Closing the tab or going to another site: `pagehide`, with a keepalive request (the api client
 *   adds the bearer token as for every call; reading it is a resolved promise, so the request starts
 *   before the page is gone).
 * - A reload also fires `pagehide`, and nothing in it tells a reload from closing the tab (`persisted`
 *   is false for both). So the browser's own "leave the page?" question comes first (beforeunload);
 *   if the person goes on, the time is let go, and the reloaded wizard hears from the server that the
 *   time is gone and offers only leaving. Keeping the hold on a reload would keep it on every close
 *   as well (until the 30-minute job), which is what the issue asks to avoid.
 *
 * The wizard shows only while the time is held and unsent; 'Avbryt' and a successful submit call
 * `disarm` first, so nothing is sent twice or after the form went in.
 */
export function useReleaseOnLeave(bookingId: number) {
  const done = useRef(false);

  const release = useCallback(
    (keepalive: boolean) => {
      if (done.current) return;
      done.current = true;
      // The hold runs out by itself if this fails: nothing to tell the person, who has left.
      autorejectBooking(bookingId, { keepalive }).catch(() => undefined);
    },
    [bookingId],
  );

  useEffect(() => {
    const onPageHide = () => release(true);
    // A reload or a close by mistake would lose the time: the browser asks first, as the shared
    // unsaved-changes guard does (that guard itself cannot be used: it stops every change of path,
    // and each step is its own path).
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (done.current) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [release]);

  // StrictMode unmounts and mounts again at once: the mount that follows cancels the release.
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    clearTimeout(pending.current);
    return () => {
      pending.current = setTimeout(() => release(false), 0);
    };
  }, [release]);

  /** Nothing is sent on leaving from now on (the form went in, or 'Avbryt' sends it itself). */
  const disarm = useCallback(() => {
    done.current = true;
  }, []);

  return { disarm };
}
