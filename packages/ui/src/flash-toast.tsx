import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useToasts, type ToastType } from './toasts';

interface FlashState {
  flashToast: { msg: string; type: ToastType };
}

/**
 * Navigation state that asks the next page to show a confirmation: `navigate(to, { state: flashToast('…') })`.
 * A form that saves and then goes to its parent page uses it, since every route change clears the
 * toasts (spec 01 §2) and a toast shown before navigating would vanish at once.
 */
export function flashToast(msg: string, type: ToastType = 'success'): FlashState {
  return { flashToast: { msg, type } };
}

function flashOf(state: unknown): FlashState['flashToast'] | undefined {
  return state && typeof state === 'object' && 'flashToast' in state ? (state as FlashState).flashToast : undefined;
}

/** Shows the toast a previous page sent with flashToast(), once (it is removed from the history entry). */
export function useFlashToast(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const { showToast } = useToasts();
  const flash = flashOf(location.state);

  useEffect(() => {
    if (!flash) return;
    // After the route change has cleared the old toasts (that effect runs after this page's effects).
    const timer = setTimeout(() => {
      showToast({ msg: flash.msg, type: flash.type });
      // Removed from the entry, so a reload or going back here does not show it again.
      void navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: null });
    }, 0);
    return () => clearTimeout(timer);
  }, [flash, showToast, navigate, location.pathname, location.search, location.hash]);
}
