import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadWhenCodeIsStale } from './reload-when-code-is-stale';

const preloadError = () => {
  const event = new Event('vite:preloadError', { cancelable: true });
  window.dispatchEvent(event);
  return event;
};

let stop = () => {};
beforeEach(() => sessionStorage.clear());
afterEach(() => stop());

describe('reloadWhenCodeIsStale', () => {
  it("loads the page again when a page's code from an older release cannot be fetched, once", () => {
    const reload = vi.fn();
    let now = 1_000_000;
    stop = reloadWhenCodeIsStale({ reload, now: () => now });

    const first = preloadError();
    expect(reload).toHaveBeenCalledTimes(1);
    // Handled: Vite does not throw, the reload replaces the page.
    expect(first.defaultPrevented).toBe(true);

    // The same failure right after the reload: the file is really missing, the error page shows.
    now += 3_000;
    const again = preloadError();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(again.defaultPrevented).toBe(false);

    // Much later (another release): reloads again.
    now += 60_000;
    preloadError();
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
