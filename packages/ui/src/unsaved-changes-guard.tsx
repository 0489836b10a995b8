import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useBlocker, useLocation } from 'react-router';
import { Button, Dialog, Heading, Paragraph } from '@digdir/designsystemet-react';

/** Spec 02 §4 "Form wrapper behaviour": the unsaved-changes dialog's text. */
export const UNSAVED_CHANGES_MESSAGE = 'Du bør lagre endringer før du går ut';

/** The location wizard saves step by step, so the guard stays off there (spec 02 §4). */
const UNGUARDED_PREFIX = '/nytt-lokale';

export interface UnsavedChangesGuardOptions {
  /** The paths the form spans (a wizard whose steps are paths): moving between them is not leaving. */
  isWithin?: (pathname: string) => boolean;
  /** What leaving costs besides the unsaved changes, said under the spec's text. */
  detail?: ReactNode;
  /** Called when the person chooses 'Gå ut uten å lagre', before the navigation goes on. */
  onLeave?: () => void;
}

export interface UnsavedChangesGuard {
  /** Render it once in the form's page: the dialog that asks before leaving. */
  dialog: ReactNode;
  /** Call right before navigating away after a successful save (the form is still dirty in this render). */
  allowNavigation: () => void;
}

/**
 * The one unsaved-changes guard of both SPAs: while `dirty`, leaving the page inside the app opens a
 * dialog ('Du bør lagre endringer før du går ut'), and closing or reloading the tab asks the browser's
 * own question. Needs a data router (createBrowserRouter / createMemoryRouter).
 */
export function useUnsavedChangesGuard(dirty: boolean, options: UnsavedChangesGuardOptions = {}): UnsavedChangesGuard {
  const { pathname } = useLocation();
  const active = dirty && !pathname.startsWith(UNGUARDED_PREFIX);
  const bypass = useRef(false);
  const { isWithin, detail, onLeave } = options;

  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (bypass.current) {
      bypass.current = false;
      return false;
    }
    return active && currentLocation.pathname !== nextLocation.pathname && !isWithin?.(nextLocation.pathname);
  });

  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show their question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);

  const allowNavigation = useCallback(() => {
    bypass.current = true;
  }, []);

  const stay = () => {
    if (blocker.state === 'blocked') blocker.reset();
  };
  const dialog = (
    <Dialog open={blocker.state === 'blocked'} onClose={stay} closedby="any" aria-labelledby="lk-unsaved-changes-title">
      <Dialog.Block>
        <Heading level={2} data-size="sm" id="lk-unsaved-changes-title">
          Ulagrede endringer
        </Heading>
        <Paragraph>{UNSAVED_CHANGES_MESSAGE}</Paragraph>
        {detail && <Paragraph>{detail}</Paragraph>}
      </Dialog.Block>
      <Dialog.Block style={{ display: 'flex', flexWrap: 'wrap', gap: 'var(--ds-size-3)' }}>
        <Button variant="primary" onClick={stay}>
          Bli på siden
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            if (blocker.state !== 'blocked') return;
            onLeave?.();
            blocker.proceed();
          }}
        >
          Gå ut uten å lagre
        </Button>
      </Dialog.Block>
    </Dialog>
  );
  return { dialog, allowNavigation };
}
