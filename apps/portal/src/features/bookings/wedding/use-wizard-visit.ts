import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiClientError } from '@lokaler/api-client/api-client-error';
import { leaveWeddingWizard, openWeddingWizard } from '@lokaler/api-client/wedding-application';

const isTimeGone = (error: unknown) => isApiClientError(error) && error.status === 409;
/** A failed open is tried again (the network, a restart): until it lands, a reload's release still counts down. */
const RETRY_DELAYS_MS = [1_000, 3_000, 8_000];

/**
 * Decision 038: this page of the wizard holds the time while it is open, and the page going away lets
 * it go only if no page of the wizard comes back soon.
 *
 * - On mount, and when the browser brings the page back from its back-forward cache (`pageshow` with
 *   `persisted`), it says so (`wizard-open`, with a random id for this page load): a release set by a
 *   reload's `pagehide` is cleared, so the reloaded wizard keeps the time. A 409 means the time is
 *   gone: `onTimeGone`.
 * - `pagehide` (a closed tab, another site, a reload: nothing in it tells these apart) sends
 *   `wizard-left` with keepalive; the server lets the time go WEDDING_WIZARD_RETURN_SECONDS later
 *   unless a page opens first. A late `wizard-left` of this page after the reloaded one opened is
 *   ignored by the server (the ids differ).
 * - Leaving inside the app is the unsaved-changes guard's to ask about; 'Avbryt' lets go at once.
 *
 * `disarm` (after a submit or 'Avbryt') stops every further call.
 */
export function useWizardVisit(bookingId: number, onTimeGone: () => void) {
  const done = useRef(false);
  const [visitId] = useState(() => crypto.randomUUID());
  const [holdExpiresAtUtc, setHoldExpiresAtUtc] = useState<string | null>(null);
  const timeGone = useRef(onTimeGone);
  useEffect(() => {
    timeGone.current = onTimeGone;
  });

  useEffect(() => {
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const open = (attempt = 0) => {
      if (done.current || stopped) return;
      openWeddingWizard(bookingId, visitId).then(
        (answer) => {
          if (!stopped) setHoldExpiresAtUtc(answer.holdExpiresAtUtc);
        },
        (error: unknown) => {
          if (stopped || done.current) return;
          if (isTimeGone(error)) timeGone.current();
          else if (!isApiClientError(error) || error.status === undefined || error.status >= 500) {
            const delay = RETRY_DELAYS_MS[attempt];
            if (delay !== undefined) retry = setTimeout(() => open(attempt + 1), delay);
          }
        },
      );
    };
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) open();
    };
    const onPageHide = () => {
      // The page that sends it is gone: nothing to tell anybody if it fails (the hold then runs its 30 minutes).
      if (!done.current) leaveWeddingWizard(bookingId, visitId).catch(() => undefined);
    };
    open();
    window.addEventListener('pageshow', onPageShow);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      stopped = true;
      clearTimeout(retry);
      window.removeEventListener('pageshow', onPageShow);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [bookingId, visitId]);

  /** Nothing is sent from now on (the form went in, or the couple let the time go). */
  const disarm = useCallback(() => {
    done.current = true;
  }, []);

  return { disarm, holdExpiresAtUtc };
}
