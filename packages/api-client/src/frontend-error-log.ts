import type { FrontendErrorInput } from '@lokaler/domain/frontend-error';
import { apiFetch } from './api-fetch';

export type LogLevel = 'error' | 'warn' | 'info';

/** Spec 01 §3 "Client log entry": the body of POST /api/frontenderror, as kept locally. */
export type ClientLogEntry = Required<FrontendErrorInput>;

/** Spec 01 §9: the client keeps the last 20 entries. */
export const CLIENT_LOG_HISTORY_SIZE = 20;
/** The server accepts messages up to this length (packages/domain/src/frontend-error.ts). */
const MAX_MSG_LENGTH = 20_000;
/** The same message again within this time is kept locally but not sent again (a crash loop must not flood the API). */
const RESEND_INTERVAL_MS = 5000;

const history: ClientLogEntry[] = [];
const lastSent = new Map<string, number>();

/** The newest entries, oldest first (at most CLIENT_LOG_HISTORY_SIZE). */
export function clientLogHistory(): readonly ClientLogEntry[] {
  return [...history];
}

export function clearClientLogHistory(): void {
  history.length = 0;
  lastSent.clear();
}

/** The page path without secrets: a claim link's token gives access to a booking. */
export function pageForLog(pathname: string): string {
  return pathname.replace(/\/claim\/[^/]+/, '/claim/…');
}

/** Text of an error for the log: message and stack, never request bodies or tokens. */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    // V8 puts the message in the stack; other engines do not.
    const stack = error.stack ?? '';
    return stack.includes(error.message) ? stack : `${error.name}: ${error.message}\n${stack}`.trim();
  }
  return typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error));
}

/**
 * Records a client-side problem and reports it to the server. Never throws: a failing report is
 * only kept locally, since reporting it would fail the same way.
 */
export async function logFrontendError(msg: string, level: LogLevel = 'error'): Promise<void> {
  const text = `${msg.trim() || 'Ukjent feil'}\n(side: ${pageForLog(window.location.pathname)})`.slice(0, MAX_MSG_LENGTH);
  const entry: ClientLogEntry = { msg: text, level, userAgent: navigator.userAgent, time: new Date().toISOString() };
  history.push(entry);
  if (history.length > CLIENT_LOG_HISTORY_SIZE) history.splice(0, history.length - CLIENT_LOG_HISTORY_SIZE);

  const key = `${level}:${msg}`;
  const now = Date.now();
  if (now - (lastSent.get(key) ?? Number.NEGATIVE_INFINITY) < RESEND_INTERVAL_MS) return;
  lastSent.set(key, now);
  try {
    await apiFetch('/api/frontenderror', { method: 'POST', body: entry, authenticated: false });
  } catch {
    // Kept in the local history; nothing more can be done.
  }
}

/** Reports uncaught errors and unhandled promise rejections of the whole page. Returns an uninstaller. */
export function installGlobalErrorReporting(): () => void {
  const onError = (event: ErrorEvent) => void logFrontendError(describeError(event.error ?? event.message));
  const onRejection = (event: PromiseRejectionEvent) => void logFrontendError(describeError(event.reason));
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
