const RELOADED_AT_KEY = 'lokaler.reloadedForStaleCode';
/** A second failure this soon after reloading is a chunk that is really missing: the error page shows. */
const RELOAD_GUARD_MS = 10_000;

export interface StaleCodeOptions {
  reload?: () => void;
  storage?: Storage;
  now?: () => number;
}

/**
 * Pages load their code when first opened (decision 021). A tab opened before a new release asks for the
 * old release's files, which are gone: Vite then fires `vite:preloadError`, and the page is loaded
 * again from the new release (once; the route's error page shows if that does not help).
 */
export function reloadWhenCodeIsStale({
  reload = () => window.location.reload(),
  storage = window.sessionStorage,
  now = Date.now,
}: StaleCodeOptions = {}): () => void {
  const onPreloadError = (event: Event) => {
    const last = Number(storage.getItem(RELOADED_AT_KEY) ?? 0);
    if (now() - last < RELOAD_GUARD_MS) return;
    storage.setItem(RELOADED_AT_KEY, String(now()));
    event.preventDefault();
    reload();
  };
  window.addEventListener('vite:preloadError', onPreloadError);
  return () => window.removeEventListener('vite:preloadError', onPreloadError);
}
