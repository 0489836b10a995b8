import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Paragraph } from '@digdir/designsystemet-react';

export type ToastType = 'info' | 'success' | 'warning' | 'danger';

/** Spec 01 §3 "Notification": msg, type, id, timeToLive (seconds), staticMsg. */
export interface Toast {
  id: number;
  msg: string;
  /** Optional first line in bold, e.g. 'Feil ved henting av data'. */
  title?: string;
  type: ToastType;
  /** Seconds until it goes away by itself; undefined when it stays until closed or the route changes. */
  timeToLive?: number;
  /** Announced at once, interrupting the screen reader (role=alert), for what the person must not miss. */
  assertive?: boolean;
}

export interface ShowToastOptions {
  msg: string;
  title?: string;
  type?: ToastType;
  timeToLive?: number;
  /** Stays until closed or the route changes (the default for warnings and errors). */
  staticMsg?: boolean;
  assertive?: boolean;
}

/** Spec 01 §9: a confirmation toast shows for 3 s. */
export const CONFIRMATION_TOAST_SECONDS = 3;

interface ToastContextValue {
  toasts: readonly Toast[];
  showToast(options: ShowToastOptions): number;
  dismissToast(id: number): void;
  clearToasts(): void;
}

const ToastContext = createContext<ToastContextValue | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<readonly Toast[]>([]);
  const nextId = useRef(1);

  const dismissToast = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const clearToasts = useCallback(() => setToasts((list) => (list.length ? [] : list)), []);
  const showToast = useCallback((options: ShowToastOptions) => {
    const type = options.type ?? 'info';
    // Errors and warnings must be readable at the user's pace; confirmations go away by themselves.
    const staysByDefault = type === 'danger' || type === 'warning';
    const timeToLive = options.staticMsg ? undefined : (options.timeToLive ?? (staysByDefault ? undefined : CONFIRMATION_TOAST_SECONDS));
    const id = nextId.current++;
    setToasts((list) => [...list, { id, msg: options.msg, title: options.title, type, timeToLive, assertive: options.assertive }]);
    return id;
  }, []);

  const value = useMemo(() => ({ toasts, showToast, dismissToast, clearToasts }), [toasts, showToast, dismissToast, clearToasts]);
  return <ToastContext value={value}>{children}</ToastContext>;
}

export function useToasts(): ToastContextValue {
  const value = use(ToastContext);
  if (!value) throw new Error('useToasts must be used inside <ToastProvider>');
  return value;
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const { id, timeToLive } = toast;
  useEffect(() => {
    if (timeToLive === undefined) return;
    const timer = setTimeout(() => onDismiss(id), timeToLive * 1000);
    return () => clearTimeout(timer);
  }, [id, timeToLive, onDismiss]);

  return (
    <Alert data-color={toast.type} className="lk-toast" role={toast.assertive ? 'alert' : undefined}>
      <div className="lk-toast__text">
        {toast.title && <Paragraph className="lk-toast__title">{toast.title}</Paragraph>}
        <Paragraph>{toast.msg}</Paragraph>
      </div>
      <Button variant="tertiary" data-size="sm" onClick={() => onDismiss(id)} aria-label="Lukk melding">
        Lukk
      </Button>
    </Alert>
  );
}

/** Where toasts show. The live region exists before any toast, so screen readers announce new ones. */
export function ToastArea() {
  const { toasts, dismissToast } = useToasts();
  return (
    <div className="lk-toast-area" aria-live="polite" aria-relevant="additions">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onDismiss={dismissToast} />
      ))}
    </div>
  );
}
